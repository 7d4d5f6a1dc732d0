// What the scripts say, in the page's language: t("English message %(name)s", { name }) looks the
// message up in the translations the page carries (a JSON blob the server fills from the same
// catalogue as the page; none on English pages) and fills in the values.
const blob = document.getElementById("tool-messages") || document.getElementById("search-messages");
const table = blob ? JSON.parse(blob.textContent) : {};
const lang = document.documentElement.lang || "en";
const rules = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, useGrouping: false });

const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (all, name) => (name in values ? String(values[name]) : all));

export function t(message, values = {}) {
  const said = table[message];
  return fill(typeof said === "string" ? said : message, values);
}

// A message with a plural: the form for `count`'s CLDR category (Intl.PluralRules), or English's.
export function tn(singular, plural, count, values = {}) {
  const forms = table[singular];
  const said = forms && typeof forms === "object" ? forms[rules.select(count)] ?? forms.other : count === 1 ? singular : plural;
  return fill(said, { num: count, ...values });
}

// A number as the page's language writes it (one decimal at most: "31,5" in Spanish).
export const num = (value) => numbers.format(value);

// The page's language prefix ("/es"), "" on English pages, for links the scripts build.
export const prefix = lang === "en" ? "" : `/${lang.toLowerCase()}`;
