"""Find a document from what a person types: "Indian passport", "UK visa", "carte d'identité".

Built once at start-up from the dataset and search_terms.py: every phrase people may type (a
country's names, codes and demonyms, a kind of document in several languages, the words of a
document's name) maps to the pages it points at with a score. A query is folded the same way,
cut into the longest known phrases, and each page's score is the sum over those phrases, so the
document matching both the country and the kind comes first, then the country's page and its
other documents, then that kind of document elsewhere.

The cost of a query is bounded: at most MAX_QUERY characters and MAX_TOKENS words, phrases of at
most MAX_PHRASE words, at most MAX_COMPLETIONS completions of a word being typed, and one dict
lookup per typo candidate of a word. Nothing large is allocated per query: the tables are shared,
and a result is a list of pre-encoded JSON fragments joined once.
"""

from __future__ import annotations

import heapq
import re
import unicodedata
from collections.abc import Container, Iterable
from dataclasses import dataclass
from typing import Literal

import msgspec

from photospecs.core.search_terms import COUNTRY_TERMS, KIND_TERMS, STOPWORDS
from photospecs.core.views import Views, size_text
from photospecs.dataset import Data
from photospecs.dataset.schema import CountryFile
from photospecs.paths import at
from photospecs.urls import Urls
from photospecs.wire.results import PhotoSpec

MAX_QUERY = 100  # characters: no name we serve is near that long
MAX_TOKENS = 8
MAX_PHRASE = 8  # words in the longest name matched as one phrase (a Chinese name: one per character)
MAX_PREFIX = 24  # characters of a phrase that a word being typed may complete
MAX_COMPLETIONS = 24  # phrases one prefix expands to, shortest first
MIN_PREFIX = 2
MIN_TYPO = 4  # shorter words have too many neighbours one edit away
MAX_WORD_DOCS = 64  # a name word shared by more documents than this says little on its own
KIND_SHARED = 3  # documents of one kind sharing a translated name make it a word for the kind
LIMIT = 10

# What a matched phrase is worth to a page. A country outweighs a kind of document, so the named
# country's pages come first; the country's own page beats its documents unless a kind is named.
COUNTRY = 2.0
KIND = 1.0
WORD = 0.5
PAGE = 0.3
HOME = 0.1  # a kind named in a country's own language, for that country's documents
# How much of its worth a phrase keeps when it was only begun, or reached through a typo.
PREFIX = 0.85
TYPO = 0.7

NAME, DEMONYM, CODE = 1.0, 0.95, 0.9

_SPLIT = re.compile(r"[^\W_]+")
_DOTS = re.compile(r"\.")  # "U.S.A." is "USA": dots join letters rather than part words
# Chinese is written without spaces: each ideograph is a word of its own, so that "美国签证"
# is the phrases "美国" and "签证" side by side.
_HAN = re.compile(r"([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])")


def fold(text: str, typing: bool = False) -> list[str]:
    """The words of `text` as the index compares them: no accents, no case, no stopwords (but a
    word still being typed is kept: "united s" is on its way to "united states")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()
    words = _SPLIT.findall(_HAN.sub(r" \1 ", _DOTS.sub("", plain)))
    return [word for at, word in enumerate(words) if word not in STOPWORDS or (typing and at == len(words) - 1)]


def phrase_key(text: str) -> str:
    return " ".join(fold(text))


def _splits(key: str, countries: Container[str], kinds: Container[str]) -> bool:
    """Whether `key` is a country phrase and a kind phrase side by side."""
    words = key.split()
    for cut in range(1, len(words)):
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        if (head in countries and tail in kinds) or (head in kinds and tail in countries):
            return True
    return False


def deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


class Hit(msgspec.Struct, frozen=True, array_like=True):
    target: int
    score: float


@dataclass(frozen=True, slots=True)
class Target:
    """One page a search can lead to."""

    type: Literal["document", "country"]
    id: str
    name: str
    path: str  # on this site, from the root
    country: str
    summary: str


class SearchResult(msgspec.Struct, frozen=True):
    """One page a query leads to: a document's page or a country's."""

    type: Literal["document", "country"]
    id: str  # the document id (GET /api/documents/{id}) or the country id
    name: str
    url: str  # the page on this site
    country: str  # the country id
    summary: str


class SearchResults(msgspec.Struct, frozen=True):
    """GET /api/search: the query as received and at most ten pages, the best first."""

    query: str
    results: list[SearchResult]


def _summary(spec: PhotoSpec) -> str:
    if spec.capture == "office":
        return "The office takes the photo"
    size = size_text(spec)
    if spec.width_mm is None:
        return size[:1].upper() + size[1:]
    return f"{size}, {spec.bg_color_label.lower()} background" if spec.bg_color_label else size


class _Table:
    """Phrase -> {target: score}, keeping the best score a target gets from any source."""

    def __init__(self) -> None:
        self.entries: dict[str, dict[int, float]] = {}

    def add(self, key: str, hits: Iterable[tuple[int, float]]) -> None:
        if not key:
            return
        entry = self.entries.setdefault(key, {})
        for target, score in hits:
            if score > entry.get(target, 0.0):
                entry[target] = score


def _country_terms(country: CountryFile) -> list[tuple[str, float]]:
    terms = [(country.id.replace("-", " "), NAME), (country.name, NAME), *((n, NAME) for n in country.names)]
    terms += [(code, CODE) for code in (country.iso2, country.iso3) if code]
    terms += [(term, DEMONYM) for term in COUNTRY_TERMS.get(country.id, ())]
    return terms


def _name_words(data: Data, targets: list[Target], more: dict[str, list[str]]) -> dict[str, list[int]]:
    """Each word of a document's own name, in English and as translated -> the documents whose
    name has it."""
    words: dict[str, list[int]] = {}
    for index, target in enumerate(targets):
        if target.type == "document":
            for word in {word for name in (data.docs[target.id].file.name, *more.get(target.id, ())) for word in fold(name)}:
                words.setdefault(word, []).append(index)
    return words


def _translated_kinds(data: Data, more: dict[str, list[str]]) -> dict[str, str]:
    """A translated name that several documents of one kind share is a word for that kind in its
    language ("Hộ chiếu", "পাসপোর্ট"): phrase -> kind. So the catalogues translators keep give
    search its kinds in every language, beside the hand-kept KIND_TERMS."""
    kinds: dict[str, dict[str, int]] = {}
    for doc_id, names in more.items():
        for name in names:
            counted = kinds.setdefault(phrase_key(name), {})
            kind = data.docs[doc_id].file.kind
            counted[kind] = counted.get(kind, 0) + 1
    found = {}
    for key, counted in kinds.items():
        kind, count = max(counted.items(), key=lambda item: item[1])
        if key and count >= KIND_SHARED and count >= 0.8 * sum(counted.values()):
            found[key] = kind
    return found


def _completions(keys: list[str]) -> dict[str, tuple[str, ...]]:
    """Prefix -> the shortest phrases it begins. Codes and abbreviations are typed whole ("id"
    must not complete to Indonesia's "idn"), and so are the words of documents' names."""
    found: dict[str, list[str]] = {}
    for key in sorted((k for k in keys if len(k) > 3), key=lambda k: (len(k), k)):
        for end in range(MIN_PREFIX, min(len(key), MAX_PREFIX) + 1):
            begun = found.setdefault(key[:end], [])
            if len(begun) < MAX_COMPLETIONS:
                begun.append(key)
    return {prefix: tuple(keys) for prefix, keys in found.items()}


def _one_letter_less(vocabulary: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """Each word with one letter deleted -> the words it comes from: two words one edit apart
    share an entry (symmetric deletion), so a typo costs one lookup per letter."""
    near: dict[str, list[str]] = {}
    for word in sorted(vocabulary):
        if len(word) >= MIN_TYPO - 1:
            for variant in deletions(word):
                near.setdefault(variant, []).append(word)
    return {variant: tuple(words) for variant, words in near.items()}


_decode_result = msgspec.json.Decoder(SearchResult).decode


class Search:
    def __init__(self, data: Data, urls: Urls, views: Views, names: dict[str, list[str]] | None = None,
                 document_names: dict[str, list[str]] | None = None) -> None:
        """`names`: more names of each country by its id (in the site's other languages);
        `document_names`: more names of each document by its id (its translated names)."""
        self._more_names = names or {}
        self._document_names = document_names or {}
        self.targets: list[Target] = []
        by_country: dict[str, list[int]] = {}  # the country's page first, then its documents
        by_kind: dict[str, list[int]] = {}
        for country in data.countries:
            docs = data.docs_by_country[country.id]
            page = Target("country", country.id, country.name, at("country-page", country.id), country.id, f"{len(docs)} documents")
            by_country[country.id] = [self._add(page)]
            for doc in docs:
                index = self._add(Target("document", doc.id, f"{country.name} {doc.file.name}", f"/{doc.slug}", country.id, _summary(views.documents[doc.id])))
                by_country[country.id].append(index)
                by_kind.setdefault(doc.file.kind, []).append(index)

        table = _Table()
        kind_keys = self._kind_phrases(table, by_kind, _translated_kinds(data, self._document_names))
        country_keys = self._country_phrases(table, data, by_country, kind_keys)
        for word, targets in _name_words(data, self.targets, self._document_names).items():
            if len(targets) <= MAX_WORD_DOCS:
                table.add(word, ((t, WORD) for t in targets))

        # Frozen into tuples: shared by every request, never copied. One Hit per (target, score):
        # 60,000 entries in thirteen languages name only 4,000 pairs (3 MB of every server).
        hits: dict[tuple[int, float], Hit] = {}
        self._table: dict[str, tuple[Hit, ...]] = {
            key: tuple(hits.setdefault(pair, Hit(*pair)) for pair in found.items()) for key, found in table.entries.items()
        }
        strong_keys = [k for k in {*country_keys, *kind_keys} if k in self._table]
        self._completions = _completions(strong_keys)
        self._vocabulary = frozenset(word for key in self._table for word in key.split())
        # Words of country and kind phrases: a word known only from one document's name ("pasport")
        # is still checked for a typo of one of these.
        self._strong = frozenset(word for key in strong_keys for word in key.split())
        self._near = _one_letter_less(self._vocabulary)
        encode = msgspec.json.Encoder().encode
        self._encoded = [
            encode(SearchResult(t.type, t.id, t.name, urls.site + t.path, t.country, t.summary)) for t in self.targets
        ]
        self._encoded_in: dict[str, list[bytes]] = {}  # language -> the same results as that language's pages name them

    def add_language(self, language: str, results: list[SearchResult]) -> None:
        """The results as pages in `language` show them (one per target, in the targets' order),
        sent when a query asks for that language; the ranking is the same for every language."""
        assert len(results) == len(self.targets)
        encode = msgspec.json.Encoder().encode
        self._encoded_in[language] = [encode(result) for result in results]

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self._encoded_in)

    def _add(self, target: Target) -> int:
        self.targets.append(target)
        return len(self.targets) - 1

    def _kind_phrases(self, table: _Table, by_kind: dict[str, list[int]], translated: dict[str, str]) -> set[str]:
        """Every way to say a kind of document -> that kind's documents; returns the phrases."""
        keys: set[str] = set()
        for terms, kinds, home in KIND_TERMS:
            bonus = {country: HOME * (1 - 0.1 * rank) for rank, country in enumerate(home)}
            hits = [(t, KIND * weight + bonus.get(self.targets[t].country, 0.0)) for kind, weight in kinds.items() for t in by_kind.get(kind, [])]
            for term in terms:
                keys.add(phrase_key(term))
                table.add(phrase_key(term), hits)
        for key, kind in translated.items():
            if key not in keys:
                keys.add(key)
                table.add(key, ((t, KIND) for t in by_kind[kind]))
        for kind, targets in by_kind.items():  # every kind answers to its own id too
            keys.add(phrase_key(kind))
            table.add(phrase_key(kind), ((t, KIND) for t in targets))
        return keys

    def _country_phrases(self, table: _Table, data: Data, by_country: dict[str, list[int]], kind_keys: set[str]) -> set[str]:
        """Every name, code and demonym of a country -> its page and documents; returns the phrases."""
        owners: dict[str, list[tuple[str, float]]] = {}
        for country in data.countries:
            for term, weight in [*_country_terms(country), *((name, NAME) for name in self._more_names.get(country.id, ()))]:
                owners.setdefault(phrase_key(term), []).append((country.id, weight))
        for key, named in owners.items():
            # "Schengen visa" is a country and a kind: matched as two phrases, it ranks the visa first.
            if _splits(key, owners, kind_keys):
                continue
            for country_id, weight in named:
                # ISO codes that are also words for a document ("ID" is Indonesia's) stay the document's.
                if weight == CODE and key in kind_keys:
                    continue
                page, *docs = by_country[country_id]
                table.add(key, [(page, COUNTRY * weight + PAGE), *((t, COUNTRY * weight) for t in docs)])
        return set(owners)

    # --- per query ---------------------------------------------------------------------------

    def rank(self, query: str, limit: int = LIMIT) -> list[int]:
        """The indexes of the best targets for `query`, best first."""
        text = query[:MAX_QUERY]
        typing = not text[-1:].isspace()  # the last word may be unfinished
        words = fold(text, typing)[:MAX_TOKENS]
        if not words:
            return []
        words, typo = self._corrected(words, typing)
        scores: dict[int, float] = {}
        start, count = 0, len(words)
        while start < count:
            end, segment = self._segment(words, start, typing)
            if segment:
                factor = TYPO if any(typo[start:end]) else 1.0
                for target, score in segment.items():
                    scores[target] = scores.get(target, 0.0) + score * factor
            start = end
        best = heapq.nsmallest(limit, scores.items(), key=lambda item: (-round(item[1], 6), item[0]))
        return [target for target, _ in best]

    def _segment(self, words: list[str], start: int, typing: bool) -> tuple[int, dict[int, float]]:
        """The longest phrase starting at `start` and what it is worth to each target."""
        last = len(words)
        for end in range(min(last, start + MAX_PHRASE), start, -1):
            key = " ".join(words[start:end])
            exact = self._table.get(key)
            begun = self._completions.get(key[:MAX_PREFIX], ()) if typing and end == last and len(key) >= MIN_PREFIX else ()
            if not exact and not begun:
                continue
            merged: dict[int, float] = {}
            for other in begun:
                if other != key:
                    # The more of a phrase is typed, the likelier it is the one meant: "ja" is Japan before Jamaica.
                    share = PREFIX * (0.9 + 0.1 * len(key) / len(other))
                    for hit in self._table[other]:
                        score = hit.score * share
                        if score > merged.get(hit.target, 0.0):
                            merged[hit.target] = score
            for hit in exact or ():
                if hit.score > merged.get(hit.target, 0.0):
                    merged[hit.target] = hit.score
            return end, merged
        return start + 1, {}

    def _corrected(self, words: list[str], typing: bool) -> tuple[list[str], list[bool]]:
        """Each unknown word replaced by a known word one edit away, if there is one."""
        out, typo = [], []
        for position, word in enumerate(words):
            open_word = typing and position == len(words) - 1
            if word in self._strong or len(word) < MIN_TYPO or (open_word and word[:MAX_PREFIX] in self._completions):
                out.append(word)
                typo.append(False)
                continue
            candidates = set(self._near.get(word, ()))  # a known word with one letter more
            for variant in deletions(word):
                if variant in self._vocabulary:  # one letter less
                    candidates.add(variant)
                candidates.update(self._near.get(variant, ()))  # one letter changed or swapped
            if word in self._vocabulary:
                candidates &= self._strong
            if candidates:
                out.append(min(candidates, key=lambda w: (w not in self._strong, abs(len(w) - len(word)), -len(self._table.get(w, ())), w)))
                typo.append(True)
            else:
                out.append(word)
                typo.append(False)
        return out, typo

    def results(self, query: str) -> list[Target]:
        return [self.targets[i] for i in self.rank(query)]

    def results_in(self, query: str, language: str) -> list[SearchResult]:
        """The best results for `query` as pages in `language` name them, read back from their
        encoded form: a search page needs no catalogue of its language, nor a copy of them."""
        table = self._encoded_in.get(language, self._encoded)
        return [_decode_result(table[i]) for i in self.rank(query)]

    def encoded(self, query: str, language: str = "") -> bytes:
        """The /api/search body for `query`: {"query", "results"}, built from pre-encoded parts;
        names, links and summaries in `language` when the site speaks it, else in English."""
        table = self._encoded_in.get(language, self._encoded)
        parts = [table[i] for i in self.rank(query)]
        return b'{"query":' + msgspec.json.encode(query) + b',"results":[' + b",".join(parts) + b"]}"
