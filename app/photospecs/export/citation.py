"""CITATION.cff (Citation File Format 1.2.0) for the exported dataset."""

from __future__ import annotations

import datetime
import json


def citation(version: str, generated: datetime.date, site: str) -> str:
    # Every string JSON-quoted, which YAML reads as the same string: no value can break the file.
    def q(text: str) -> str:
        return json.dumps(text, ensure_ascii=False)

    return "\n".join([
        "cff-version: 1.2.0",
        f"message: {q('If you use this dataset, please cite it as below.')}",
        "type: dataset",
        f"title: {q('photospecs: passport, visa and ID photo specifications')}",
        f"abstract: {q('Official photo specifications for passports, visas, ID cards, residence permits and driving licences by country, with the issuing authorities as sources.')}",
        "authors:",
        f"  - name: {q('The photospecs authors')}",
        f"version: {q(version)}",
        f"date-released: {q(generated.isoformat())}",
        "license: MIT",
        f"url: {q(site)}",
        "keywords:",
        *(f"  - {q(word)}" for word in ("passport photo", "visa photo", "ID photo", "ICAO 9303", "dataset")),
        "",
    ])
