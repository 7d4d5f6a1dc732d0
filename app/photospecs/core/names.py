"""Names: the canonical id behind what a person or client types for an id (any letter case, a
country's ISO codes and names, a document's id where its page slug is expected and the reverse, a
legacy document id), and close ids when nothing matches. Every protocol reads this one object:
routes redirect an alias to the canonical path (http/routing.py says why) and name suggestions in
their errors."""

from __future__ import annotations

from photospecs.core.suggest import MAX_KEY, Suggester
from photospecs.dataset import Data, alias_key


class Names:
    def __init__(self, data: Data) -> None:
        self._countries = data.country_aliases  # normalised alias -> id, ids included
        self._documents = {key.lower(): value for key, value in data.doc_aliases.items()}
        self._slugs: dict[str, str] = {}  # any lower-cased name of a document -> its slug
        for doc in data.docs.values():
            self._documents[doc.id] = doc.id
            self._documents[doc.slug] = doc.id
            self._slugs[doc.id] = self._slugs[doc.slug] = doc.slug
        for alias, doc_id in self._documents.items():
            self._slugs.setdefault(alias, data.docs[doc_id].slug)
        self._portals = {p: p for p in data.portals}
        self._comparisons = {c.id: c.id for c in data.comparisons}
        self._suggest_country = Suggester(data.country_aliases)
        self._suggest_document = Suggester({**{d: d for d in data.docs}, **data.doc_aliases})
        self._suggest_portal = Suggester(self._portals)
        self._suggest_in = {cid: Suggester({d.id: d.id for d in docs}) for cid, docs in data.docs_by_country.items()}

    def country(self, text: str) -> str | None:
        return self._countries.get(text) or self._countries.get(alias_key(text))

    def country_or_close(self, text: str) -> str | list[str]:
        """The country's id, or up to three close ids when nothing matches (the text is folded
        once for both)."""
        found = self._countries.get(text)
        if found is not None:
            return found
        key = alias_key(text)
        return self._countries.get(key) or self._suggest_country(key)

    def document(self, text: str) -> str | None:
        """A document's id from its id, slug or legacy id."""
        return self._documents.get(text.lower())

    def slug(self, text: str) -> str | None:
        """A document's page slug from its id, slug or legacy id."""
        return self._slugs.get(text.lower())

    def portal(self, text: str) -> str | None:
        return self._portals.get(text.lower())

    def comparison(self, text: str) -> str | None:
        return self._comparisons.get(text.lower())

    def suggest_documents(self, text: str) -> list[str]:
        return self._suggest_document(alias_key(text[:MAX_KEY]))

    def suggest_documents_of(self, country: str, text: str) -> list[str]:
        """Close ids among one country's documents only (a kind mistyped for that country)."""
        return self._suggest_in[country](alias_key(text[:MAX_KEY]))

    def suggest_portals(self, text: str) -> list[str]:
        return self._suggest_portal(alias_key(text[:MAX_KEY]))
