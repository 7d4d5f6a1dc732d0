"""A language's texts: its catalogues (site/locales/<locale>/LC_MESSAGES/messages.po for the
site's own words, dataset.po for the dataset's: photospecs.dataset.messages) and its CLDR data
from Babel (numbers, ranges, dates, plural rules, country names).

The .po files are read directly by the build (babel.messages.pofile), not compiled to .mo: the
source translators edit is the only file, nothing generated is committed or can go stale, and
reading them (about 0.3 s for a language's dataset catalogue) is a small part of a build that
renders every page anyway. A catalogue entry that is missing or fuzzy falls back to English
here; the tests refuse both (tests/test_i18n.py).
"""

from __future__ import annotations

import datetime
import gettext
import json
from functools import cache, cached_property
from importlib.resources import files
from io import BytesIO

from babel import Locale
from babel.dates import format_date
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

from photospecs.dataset.schema import CountryFile
from photospecs.site.languages import ENGLISH, Language

LOCALES = files("photospecs.site") / "locales"
DOMAIN = "messages"
DATASET_DOMAIN = "dataset"


def catalogue_path(language: Language, domain: str = DOMAIN) -> str:
    return f"{language.catalogue}/LC_MESSAGES/{domain}.po"


def load_translations(language: Language, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The language's catalogue as gettext translations (English: the messages themselves)."""
    if language is ENGLISH:
        return gettext.NullTranslations()
    with (LOCALES / catalogue_path(language, domain)).open("rb") as source:
        catalog = read_po(source, locale=language.locale)
    # Fuzzy entries are a translator's unfinished work: never shown (write_mo leaves them out).
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=domain)


@cache
def texts_of(language: Language) -> Texts:
    """One Texts per language and process: its catalogue is read once."""
    return Texts(language)


def hint_offers(served: tuple[Language, ...]) -> bytes:
    """static/hints.json, for the first-visit hint (static/hint.js): for each language, the line
    that offers a page in it, in it: tag -> [the offer, "read it", "no, thanks", its direction].
    One file for every page; the page's own alternate links give the addresses."""
    offers = {}
    for language in served:
        texts = texts_of(language)
        offer = texts.gettext("This page is also in %(language)s.") % {"language": language.name_in_text}
        offers[language.tag] = [offer, texts.gettext("Read it"), texts.gettext("No, thanks"), language.dir]
    return json.dumps(offers, ensure_ascii=False, sort_keys=True).encode()


class Texts:
    """What the pages of one language say and how they write numbers, dates and names."""

    def __init__(self, language: Language) -> None:
        self.language = language
        self.locale = Locale.parse(language.locale)
        self.translations = load_translations(language)
        self._numbers: dict[float, str] = {}  # a few hundred sizes, each written thousands of times

    @cached_property
    def dataset(self) -> gettext.NullTranslations:
        """The dataset's catalogue, read when first asked for: only the build renders its texts
        (a worker's search page does not, and should not pay for reading it)."""
        return load_translations(self.language, DATASET_DOMAIN)

    @property
    def english(self) -> bool:
        return self.language is ENGLISH

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def data(self, text: str) -> str | None:
        """The dataset's `text` (a requirement, a document's name...) in this language; None
        where the catalogue has no translation yet (English pages: the text itself)."""
        if self.english:
            return text
        said = self.dataset.gettext(text)
        return said if said != text else None

    def data_or_english(self, text: str) -> str:
        """The dataset's `text` in this language where translated, else as the data has it: for
        titles, crumbs and other places no lang="en" mark can go."""
        return self.data(text) or text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Plural forms by the language's CLDR rule (the catalogue's Plural-Forms header)."""
        return self.translations.ngettext(singular, plural, n)

    def plural_forms(self, singular: str, plural: str) -> dict[str, str]:
        """A plural message by CLDR category ("one", "few", "other"...), for a script that picks
        the category with Intl.PluralRules: the form gettext gives a number of that category."""
        forms: dict[str, str] = {}
        for n in range(200):
            forms.setdefault(self.locale.plural_form(n), self.ngettext(singular, plural, n))
        return forms

    def number(self, value: float) -> str:
        """31.5 -> "31,5" in Spanish: at most one decimal, as the dataset states sizes; no grouping,
        so that a pixel count reads the same in every language."""
        found = self._numbers.get(value)
        if found is None:
            found = self._numbers[value] = format_decimal(value, format="0.#", locale=self.locale)
        return found

    def span(self, low: float, high: float) -> str:
        return f"{self.number(low)}–{self.number(high)}"

    def size(self, capture: str, width_mm: float | None, height_mm: float | None) -> str:
        """A document's size in a few words, as search results give it."""
        if capture == "office":
            return self.gettext("Taken at the office")
        if width_mm is None or height_mm is None:
            return self.gettext("Size not published by the authority")
        return f"{self.number(width_mm)} × {self.number(height_mm)} mm"

    def date(self, day: datetime.date) -> str:
        """23 November 2026, 23 de noviembre de 2026, 2026年11月23日."""
        return format_date(day, format="long", locale=self.locale)

    @cached_property
    def _territories(self) -> dict[str, str]:
        return dict(self.locale.territories)

    def country(self, country: CountryFile) -> str:
        """The country's name in this language: CLDR's by its ISO code; a group of countries
        without one ("Schengen area") from the catalogue; English pages keep the dataset's name."""
        if self.english:
            return country.name
        found = self._territories.get(country.iso2.upper()) if country.iso2 else None
        return found or self.gettext(country.name)


def N_(message: str) -> str:
    return message


# Country entries with no ISO code, whose names come from the catalogue rather than CLDR.
GROUP_NAMES = (N_("Schengen / EU"),)
