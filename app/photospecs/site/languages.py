"""The site's languages: each one's URL prefix (the route table's, paths.LANGUAGES), the CLDR
locale Babel formats it with, and the tag pages declare (<html lang>, hreflang).

Chosen for the people who apply for the documents we cover: the languages of the countries
that send the most visa and passport applicants (India, China, Bangladesh, Pakistan, Indonesia,
Vietnam, Egypt and the Arab states, Russia and Central Asia, Turkey, Brazil, Latin America,
francophone Africa). README "Languages" says more.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from babel import Locale

from photospecs.paths import LANGUAGES


@dataclass(frozen=True, slots=True)
class Language:
    code: str  # the URL prefix, "" for English (which keeps the unprefixed paths)
    locale: str  # Babel's locale identifier
    tag: str  # BCP 47, for lang= and hreflang=
    rtl: bool = False
    name: str = ""  # its name in itself where CLDR's alone is not what speakers call it

    @property
    def dir(self) -> str:
        return "rtl" if self.rtl else "ltr"

    @property
    def own_name(self) -> str:
        """The language's name in itself as a menu shows it: "Español", "العربية", "中文 (简体)"."""
        name = self.name_in_text
        return name[:1].upper() + name[1:]

    @property
    def name_in_text(self) -> str:
        """Its name in itself, from CLDR, as a sentence says it ("también está en español")."""
        return self.name or _own_name(self.tag)

    @property
    def catalogue(self) -> str:
        """The folder of its catalogue under site/locales/."""
        return self.locale


@cache  # every page's language menu names every language: 150,000 look-ups in CLDR a build
def _own_name(tag: str) -> str:
    locale = Locale.parse(tag.replace("-", "_"))
    return locale.get_display_name(locale) or tag


# English pages write dates the way the dataset's own pages always have: "23 November 2026".
ENGLISH = Language("", "en_GB", "en")

KNOWN = (
    ENGLISH,
    Language("es", "es", "es"),
    Language("zh-hans", "zh_Hans", "zh-Hans"),
    Language("hi", "hi", "hi"),
    Language("ar", "ar", "ar", rtl=True),
    Language("pt", "pt", "pt"),
    Language("fr", "fr", "fr"),
    Language("ru", "ru", "ru"),
    Language("tr", "tr", "tr"),
    Language("vi", "vi", "vi"),
    Language("id", "id", "id", name="Bahasa Indonesia"),
    Language("bn", "bn", "bn"),
    Language("ur", "ur", "ur", rtl=True),
)

# Served: English and the languages the route table lists (each with a complete catalogue).
ALL = tuple(language for language in KNOWN if language is ENGLISH or language.code in LANGUAGES)

BY_CODE = {language.code: language for language in ALL}
assert tuple(language.code for language in ALL[1:]) == LANGUAGES, "the route table and this list name the same languages"


def served(codes: tuple[str, ...]) -> tuple[Language, ...]:
    """English, then the languages of `codes` (Settings.language_codes)."""
    return (ENGLISH, *(BY_CODE[code] for code in codes))
