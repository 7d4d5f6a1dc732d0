"""Search results as a page in another language shows them: the country's name from CLDR, the
page's address under the language's prefix, the size written the language's way. The same for
the /search page and the live box (/api/search?lang=), so the two never disagree."""

from __future__ import annotations

from photospecs.core.search import Search, SearchResult, Target
from photospecs.dataset import Data
from photospecs.dataset.schema import CountryFile
from photospecs.paths import at
from photospecs.site.i18n import Texts
from photospecs.urls import Urls


def shown(target: Target, data: Data, texts: Texts, countries: dict[str, CountryFile]) -> tuple[str, str, str]:
    """(name, path, summary) of a result on a page in the language of `texts` (not English: the
    targets are named in English already)."""
    code = texts.language.code
    country = countries[target.country]
    if target.type == "country":
        count = len(data.docs_by_country[country.id])
        return (texts.country(country), at("country-page", country.id, code),
                texts.ngettext("%(count)s document", "%(count)s documents", count) % {"count": count})
    doc = data.docs[target.id]
    return (f"{texts.country(country)} · {texts.data_or_english(doc.file.name)}", at("page", doc.slug, code),
            texts.size(doc.file.capture, doc.file.width_mm, doc.file.height_mm))


def localize(search: Search, data: Data, urls: Urls, texts: Texts) -> None:
    """Give `search` its results in the language of `texts`."""
    results = []
    countries = {country.id: country for country in data.countries}
    for target in search.targets:
        name, path, summary = shown(target, data, texts, countries)
        results.append(SearchResult(target.type, target.id, name, urls.site + path, target.country, summary))
    search.add_language(texts.language.code, results)
