"""The site in other languages: complete catalogues, no English chrome on translated pages,
language-prefixed routes with hreflang, and search in each language."""

from __future__ import annotations

import html
import re
import subprocess
import sys
import unicodedata
from collections import Counter
from html.parser import HTMLParser

import brotli
import pytest
from babel.messages.checkers import python_format
from babel.messages.pofile import read_po
from conftest import ROOT
from photospecs.build import build_search
from photospecs.settings import Settings
from photospecs.site import build as site_build
from photospecs.site.i18n import DATASET_DOMAIN, LOCALES, catalogue_path, texts_of
from photospecs.site.languages import ALL
from photospecs.site.titles import FREE

TRANSLATED = ALL[1:]
# Chrome phrases that must never show on a page in another language, outside lang="en" elements.
ENGLISH = ("What to bring", "Size and geometry", "Every requirement", "Head height", "Photo tool", "Countries",
           "Upload portals", "Search", "Skip to the content", "Find your document", "Choose a country", "Page not found",
           "Download photo", "published by the authority", "Background", "Sources")


def catalogue(language, domain="messages"):
    with (LOCALES / catalogue_path(language, domain)).open("rb") as source:
        return read_po(source, locale=language.locale)


def ids(messages):
    """The message ids of a catalogue (a plural's by its singular)."""
    return {m.id if isinstance(m.id, str) else m.id[0] for m in messages if m.id}


def template_ids(path):
    with open(path, "rb") as source:
        return ids(read_po(source))


def strings(message):
    """A message's translations: one, or a plural's forms."""
    return message.string if isinstance(message.string, tuple) else (message.string,)


# The familiar "you" of languages that have a polite one: the pages address the reader politely
# (usted, vous, você, вы, Anda, आप, آپ, আপনি), and a check line must not switch to the familiar.
FAMILIAR = {
    "es": r"tu|tus|tú|ti|contigo|haz|pon|ponte|elige|aléjate|acércate|quítate|mantén",  # (no "usa", "abre": also third person)
    "fr": r"tu|toi|ton|ta|tes",
    "pt": r"tu|teu|tua|teus|tuas",
    "ru": r"ты|тебя|тебе|твой|твоя|твоё|твои",
    "id": r"kamu|engkau",
    "hi": r"तुम|तुम्हारा|तुम्हारी|तुम्हें",
    "ur": r"تم|تمہارا|تمہاری|تمہیں",
    "bn": r"তুমি|তোমার|তোমাকে",
}


@pytest.mark.parametrize("code", sorted(FAMILIAR))
def test_the_reader_is_addressed_in_one_register(code):
    """Spanish mixed usted on the pages with tú in the tool's check lines ("Tu cabeza se sale",
    "pon la cámara"): one voice, the polite one, in every message."""
    (language,) = [lang for lang in TRANSLATED if lang.code == code]
    familiar = re.compile(rf"(?<!\w)(?:{FAMILIAR[code]})(?!\w)", re.IGNORECASE)
    found = [(m.id, string) for m in catalogue(language) if m.id for string in strings(m) if familiar.search(string)]
    assert not found, found


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda lang: lang.code)
def test_every_message_is_translated_and_keeps_its_placeholders(language):
    wanted = template_ids(LOCALES / "messages.pot")
    found = catalogue(language)
    problems = []
    for message in found:
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if not all(strings(message)):
            problems.append(f"untranslated: {message.id!r}")
        try:
            python_format(found, message)
        except Exception as error:  # babel's TranslationError
            problems.append(f"{message.id!r}: {error}")
    problems += [f"missing: {m!r}" for m in sorted(wanted - ids(found))]
    assert not problems, "\n".join(problems)


class VisibleText(HTMLParser):
    """The text of a page outside lang="en" elements, <script> and <style>."""

    VOID = frozenset({"meta", "link", "img", "input", "br", "hr", "source", "rect", "line", "path"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        skip = dict(attrs).get("lang") == "en" or tag in ("script", "style") or (self.stack and self.stack[-1][1])
        self.stack.append((tag, bool(skip)))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not (self.stack and self.stack[-1][1]):
            self.text.append(data)


def shown(body: bytes) -> str:
    parser = VisibleText()
    parser.feed(body.decode())
    return " ".join(parser.text)


EVERY_CODE = Settings().language_codes  # what the site speaks by default: every language


@pytest.fixture(scope="module")
def every_language(bundled, urls, views):
    """Every page of the site in every language it speaks, as rendered before it is encoded (the
    encoding is the same for every language, and tested on English, Spanish and Arabic): the
    pages alone cost a third less CPU than the whole thirteen-language catalog (14 s, 22 s)."""
    return site_build.build(bundled, urls, site_build.swagger_assets(), views, EVERY_CODE)


@pytest.fixture(scope="module")
def every_language_search(bundled, urls, views):
    return build_search(bundled, urls, views, EVERY_CODE)


def page(catalog, path):
    language = path.split("/")[1]
    found = catalog.site.pages.get(path) or catalog.site.packed[language][path]  # a language's pages are packed
    variants = found.variants
    return brotli.decompress(variants["br"].body) if "br" in variants else variants["identity"].body


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda lang: lang.code)
def test_no_english_chrome_on_a_translated_page(every_language, language):
    code = language.code
    texts = texts_of(language)
    paths = [f"/{code}", f"/{code}/countries", f"/{code}/countries/us", f"/{code}/us-visa-photo", f"/{code}/portals",
             f"/{code}/portals/ds-160", f"/{code}/compare", f"/{code}/tool", f"/{code}/uk-passport-photo"]
    for path in paths:
        text = shown(every_language.pages[path].body)
        # A word the language writes as English does ("Sources" in French) is not left over.
        left = [phrase for phrase in ENGLISH if texts.gettext(phrase) != phrase and re.search(rf"\b{re.escape(phrase)}\b", text)]
        assert not left, f"{path}: {left}"
    assert "Page not found" not in shown(every_language.not_found[code].body)


def test_a_translated_page_says_its_language_and_links_its_versions(catalog):
    body = page(catalog, "/es/countries/us").decode()
    assert '<html lang="es" dir="ltr">' in body
    assert 'hreflang="en" href="http://127.0.0.1:8000/countries/us"' in body
    assert 'hreflang="x-default" href="http://127.0.0.1:8000/countries/us"' in body
    assert 'href="/es/us-visa-photo"' in body  # links stay in the language
    english = page(catalog, "/countries/us").decode()
    assert 'hreflang="es" href="http://127.0.0.1:8000/es/countries/us"' in english
    assert "Estados Unidos" in body and "de noviembre de" in page(catalog, "/es/us-visa-photo").decode()


def test_translated_pages_are_kept_in_brotli_and_decoded_for_the_rare_client(client):
    plain = client.get("/es/us-visa-photo", headers={"accept-encoding": "identity"})
    assert plain.status_code == 200 and "Qué llevar" in plain.text
    assert "accept-language" not in plain.headers.get("vary", "").lower()
    assert client.get("/es/us-visa", headers={"accept-encoding": "identity"}, follow_redirects=False).headers["location"] == "/es/us-visa-photo"
    missing = client.get("/es/no-such-page", headers={"accept": "text/html"})
    assert missing.status_code == 404 and "Página no encontrada" in missing.text
    found = client.get("/es/search?q=pasaporte+estadounidense")
    assert found.status_code == 200 and 'href="/es/us-passport-photo"' in found.text


@pytest.mark.parametrize(("query", "first"), [
    ("pasaporte estadounidense", "us-passport"), ("visto americano", "us-visa"), ("美国签证", "us-visa"),
    ("भारतीय पासपोर्ट", "india-passport"), ("جواز سفر مصري", "egypt-passport"), ("паспорт россии", "russia-intl-passport"),
    ("passeport français", "france-passport"),
    # Kinds known from the dataset's catalogues alone (translated names that documents of a kind share).
    ("hộ chiếu việt nam", "vietnam-passport"), ("thị thực hoa kỳ", "us-visa"), ("paspor indonesia", "indonesia-passport"),
    ("পাসপোর্ট বাংলাদেশ", "bangladesh-passport"), ("پاسپورٹ پاکستان", "pakistan-passport"),
])
def test_search_in_other_languages(every_language_search, query, first):
    assert every_language_search.results(query)[0].id == first


def title_words(title):
    """Whitespace-separated words with their punctuation stripped, three letters or more, no
    numbers: a tokenisation apart from the one the titles are made with."""
    for token in title.casefold().split():
        word = token.strip("".join(c for c in set(token) if unicodedata.category(c)[0] in "PS"))
        if len(word) >= 3 and word not in FREE and not any(c.isdigit() for c in word):
            yield word


def test_every_title_in_every_language_is_short_and_says_no_word_twice(every_language):
    """Titles in other scripts: a Turkish "İrlanda" (case-folded to "i" and a dot) and a French
    "d'identité" hid their repeats from the word pattern English needed."""
    problems = []
    for path, found in every_language.pages.items():
        if found.html and found.language:
            title = html.unescape(re.search(r"<title>([^<]+)</title>", found.body.decode()).group(1))
            said = list(title_words(title))
            if len(title) >= 70 or len(said) != len(set(said)):
                problems.append((path, title))
    assert not problems, problems[:20]


def test_the_sitemap_lists_every_language_with_alternates(every_language):
    sitemap = every_language.pages["/sitemap.xml"].body.decode()
    assert "<loc>http://127.0.0.1:8000/zh-hans/tool</loc>" in sitemap and 'hreflang="zh-Hans"' in sitemap
    assert "<loc>http://127.0.0.1:8000/es/countries/us</loc>" in sitemap
    assert 'hreflang="es" href="http://127.0.0.1:8000/es/countries/us"' in sitemap


def test_the_catalogue_template_holds_every_message_of_the_sources(tmp_path):
    # A template that fails to parse is skipped by the extractor without a word: compare.
    pot = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "t", "-k", "tn:1,2",
                    "--no-location", "--sort-output", "-o", str(pot), "."], cwd=ROOT, check=True, capture_output=True)

    assert template_ids(pot) == template_ids(LOCALES / "messages.pot")


def test_the_dataset_template_holds_every_text_the_pages_show(tmp_path):
    # Run as a translator would: the extraction method registered for the dataset's TOML files.
    pot = tmp_path / "dataset.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel-dataset.cfg", "-o", str(pot), "dataset"],
                   cwd=ROOT, check=True, capture_output=True)
    found = template_ids(pot)
    assert "Photo is 2 x 2 inches (51 x 51 mm), square" in found  # a requirement of us-passport
    assert found == template_ids(LOCALES / "dataset.pot")


# Digit runs ("31", "5" of "31,5"), web and mail addresses: what a translation must carry over.
DIGITS = re.compile(r"\d+")
ADDRESS = re.compile(r"(?:https?://|www\.)\S+[^\s.,;:)]|\S+@\S+\.[a-z]+")


# The scripts each language writes in, besides Latin (names, acronyms, units stay in it). A letter
# of another script that the English does not have is a slip (a Bengali letter in Indonesian).
SCRIPTS = {"ru": {"CYRILLIC"}, "ar": {"ARABIC"}, "ur": {"ARABIC"}, "hi": {"DEVANAGARI"}, "bn": {"BENGALI"}, "zh-hans": {"CJK"}}


def scripts(text: str) -> set[str]:
    return {unicodedata.name(c, "?").split()[0] for c in text if c.isalpha()}


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda lang: lang.code)
def test_every_dataset_text_is_translated_and_keeps_its_numbers_and_addresses(language):
    wanted = template_ids(LOCALES / "dataset.pot")
    found = catalogue(language, DATASET_DOMAIN)
    problems = [f"not in the template (stale): {m.id!r}" for m in found if m.id and m.id not in wanted]
    for message in found:
        if not message.id:
            continue
        if not message.string:
            problems.append(f"untranslated: {message.id!r}")
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        english, said = Counter(DIGITS.findall(message.id)), Counter(DIGITS.findall(message.string))
        if english - said:
            problems.append(f"numbers {sorted((english - said).elements())} lost: {message.id!r} -> {message.string!r}")
        problems += [f"{address} lost: {message.string!r}" for address in ADDRESS.findall(message.id) if address not in message.string]
        stray = scripts(message.string) - scripts(message.id) - {"LATIN", "FULLWIDTH", "MASCULINE", "FEMININE", *SCRIPTS.get(language.code, ())}
        if stray:
            problems.append(f"letters of {sorted(stray)}: {message.string!r}")
    assert not problems, "\n".join(problems[:40])
    assert template_ids(LOCALES / catalogue_path(language, DATASET_DOMAIN)) == wanted  # every text has its entry


def test_a_translated_rule_keeps_its_english_one_click_away(catalog):
    body = page(catalog, "/es/us-passport-photo").decode()
    rules = body[body.index('<ul class="rules">'):]
    rules = rules[:rules.index("</ul>")]
    first = re.search(r"<li>(.*?)</li>", rules).group(1)
    assert first.startswith("La foto mide 2 x 2 pulgadas (51 x 51 mm)")
    assert '<span lang="en" dir="ltr">Photo is 2 x 2 inches (51 x 51 mm), square</span></details>' in first
    # The name, the background and the country's list of documents read in Spanish too.
    assert "<h1>Estados Unidos: Pasaporte</h1>" in body
    assert ">Pasaporte</a></h2>" in page(catalog, "/es/countries/us").decode()


def test_the_live_box_gets_results_in_its_pages_language(client):
    spanish = client.get("/api/search", params={"q": "pasaporte estadounidense", "lang": "es"}).json()["results"][0]
    assert spanish["url"] == "http://127.0.0.1:8000/es/us-passport-photo" and spanish["name"].startswith("Estados Unidos")
    english = client.get("/api/search", params={"q": "pasaporte estadounidense", "lang": "xx"}).json()["results"][0]
    assert english["url"] == "http://127.0.0.1:8000/us-passport-photo"


def test_a_translated_page_is_answered_before_routing_from_its_second_request(app, client):
    path = "/es/countries/us"
    app.warm.pop(path, None)
    first = client.get(path, headers={"accept-encoding": "br"})
    assert path in app.warm  # put together once, then answered like an English page
    second = client.get(path, headers={"accept-encoding": "br"})
    assert first.status_code == second.status_code == 200 and first.content == second.content
    assert first.headers == second.headers and "Estados Unidos" in second.text
    assert client.get(path + "?utm_source=x").status_code == 200  # a query goes through the routes
    assert client.get("/es/countries/nowhere").status_code == 404 and "/es/countries/nowhere" not in app.warm
    assert client.head(path).status_code == 200
