// What the scripts say, in the page's language: t("English message %(name)s", { name }) looks the
// message up in the translations the page carries (a JSON blob the server fills from the same
// catalogue as the page; none on English pages) and fills in the values.
// Outside a page (the tool's unit tests run in Node) there is no document: English.
const page = typeof document === "undefined" ? null : document;
const blob = page && (page.getElementById("tool-messages") || page.getElementById("search-messages"));
const table = blob ? JSON.parse(blob.textContent) : {};
const lang = page?.documentElement.lang || "en";
const rules = new Intl.PluralRules(lang);
const formats = new Map();

// "%(name)s" is a value; "%%" is a percent sign (the catalogues' python-format, checked by the tests).
const fill = (text, values) => text.replace(/%\((\w+)\)s|%%/g, (all, name) => (all === "%%" ? "%" : name in values ? String(values[name]) : all));

export function t(message, values = {}) {
  const said = table[message];
  return fill(typeof said === "string" ? said : message, values);
}

// A word of the dataset (a document's name, a background colour) in the page's language, where
// the page carries it (the dataset's catalogue); otherwise the data's English.
export const data = (word) => (typeof table[word] === "string" ? table[word] : word);

// A message with a plural: the form for `count`'s CLDR category (Intl.PluralRules), or English's.
export function tn(singular, plural, count, values = {}) {
  const forms = table[singular];
  const said = forms && typeof forms === "object" ? forms[rules.select(count)] ?? forms.other : count === 1 ? singular : plural;
  return fill(said, { num: count, ...values });
}

// A number as the page's language writes it, with at most `digits` decimals ("31,5" in Spanish).
export function num(value, digits = 1) {
  if (!formats.has(digits)) formats.set(digits, new Intl.NumberFormat(lang, { maximumFractionDigits: digits, useGrouping: false }));
  return formats.get(digits).format(value);
}

// A word in lower case by the page's language's rules (Turkish "I" becomes "ı").
export const lower = (text) => text.toLocaleLowerCase(lang);

// Country names in the page's language (CLDR), by id; none on English pages.
const countryBlob = page?.getElementById("tool-countries");
export const countryNames = countryBlob ? JSON.parse(countryBlob.textContent) : {};
