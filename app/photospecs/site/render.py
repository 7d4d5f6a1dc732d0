"""The Jinja2 environment the pages are rendered with, once, at start-up.

Autoescaping is on for every template: each string on a page comes from a dataset that people
edit, and must never become markup.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections.abc import Callable
from importlib.resources import files
from importlib.resources.abc import Traversable

import jinja2
import markupsafe

from photospecs.core.search import MAX_QUERY
from photospecs.dataset.loader import MM_PER_INCH
from photospecs.dataset.sources import is_front_page
from photospecs.paths import BY_NAME, PATHS
from photospecs.site import titles
from photospecs.site.i18n import Texts, texts_of
from photospecs.site.languages import ENGLISH
from photospecs.site.tool_messages import tool_messages
from photospecs.urls import Urls

STATIC = files("photospecs.site") / "static"


def static_files() -> dict[str, bytes]:
    """Our own static files by their path under static/ (tool modules, CSS, scripts)."""
    found: dict[str, bytes] = {}

    def walk(folder: Traversable, prefix: str) -> None:
        for entry in folder.iterdir():
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            elif not entry.name.startswith("."):
                found[f"{prefix}{entry.name}"] = entry.read_bytes()

    walk(STATIC, "")
    return found


# A relative import in one of our modules: `from "./x.js"`, `import "./x.js"`, `import("./x.js")`,
# before or after it is fingerprinted (`./x.js?v=<hash>`).
_IMPORT = re.compile(rb"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.{1,2}/[^"'?#\s]+\.m?js)(?:\?v=[0-9a-f]+)?\2""")


def imported(path: str, body: bytes) -> list[str]:
    """The static paths (under static/) that the module at `path` imports by relative URL."""
    folder = posixpath.dirname(path)
    return [posixpath.normpath(posixpath.join(folder, m[3].decode())) for m in _IMPORT.finditer(body)]
# Third-party files are served byte for byte, as their manifests record them.
_VERBATIM = ("swagger-ui/", "vendor/", "flags/")


def fingerprinted(assets: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, str]]:
    """The files as served, and each one's fingerprint (a hash of the bytes served).

    A module's relative imports are rewritten to carry the imported file's fingerprint, so a page
    pins every module it loads, not only the first: after a deploy no browser mixes a new module
    with an old one it cached. A module's fingerprint covers its rewritten imports, so changing
    geometry.js changes the URL of tool.js that imports it.
    """
    served: dict[str, bytes] = {}
    hashes: dict[str, str] = {}

    def visit(path: str, trail: frozenset[str]) -> None:
        if path in hashes:
            return
        body = assets[path]
        if path.endswith((".js", ".mjs")) and not any(part in f"/{path}" for part in (f"/{v}" for v in _VERBATIM)):
            folder = posixpath.dirname(path)

            def pin(match: re.Match[bytes]) -> bytes:
                target = posixpath.normpath(posixpath.join(folder, match[3].decode()))
                if target not in assets or target in trail:  # not ours, or an import cycle
                    return match[0]
                visit(target, trail | {path})
                return match[1] + match[2] + match[3] + b"?v=" + hashes[target].encode() + match[2]

            body = _IMPORT.sub(pin, body)
        served[path] = body
        hashes[path] = hashlib.sha256(body).hexdigest()[:10]

    for path in assets:
        visit(path, frozenset())
    return served, hashes


def versioned(hashes: dict[str, str]) -> Callable[[str], str]:
    """static('site.css') -> /static/site.css?v=<hash>: a new file is a new URL, so caches never
    serve a stale script with a fresh page, and a URL with its hash may be cached for good."""

    def static(path: str) -> str:
        return f"{BY_NAME['static'].url(path)}?v={hashes[path]}"

    return static


class CompiledOnce(jinja2.BytecodeCache):
    """Each language has an environment of its own, with the same templates and options: the
    code the first compiles is reused by the rest (2.8 s of a thirteen-language build's 28 s, in
    bench/RESULTS.md). Jinja checks each entry against its template's source."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if (code := self.code.get(bucket.key)) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


COMPILED = CompiledOnce()


def environment(urls: Urls, static: Callable[[str], str], version: str, texts: Texts | None = None) -> jinja2.Environment:
    """The environment of one language's pages (`texts`; English when None): `urls` is turned to
    that language, so every link a page makes stays in its language."""
    texts = texts or texts_of(ENGLISH)
    urls = urls.in_language(texts.language.code)
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("photospecs.site", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,  # a misspelt variable fails the build, not the page
        extensions=["jinja2.ext.i18n"],
        bytecode_cache=COMPILED,
        auto_reload=False,  # the templates never change while a process runs: no stat per page
    )
    env.policies["ext.i18n.trimmed"] = True  # as babel.cfg extracts them: whitespace in a message is one space
    # newstyle: _("... %(name)s", name=x) escapes x and checks the placeholders.
    env.install_gettext_translations(texts.translations, newstyle=True)  # type: ignore[attr-defined]
    memoize_plain_messages(env)
    env.globals.update(urls=urls, site_url=urls.site, static=static, version=version, is_front_page=is_front_page)
    env.globals.update(texts=texts, lang=texts.language, country_name=texts.country)
    # The dataset's words come from its own catalogue (dataset.po): `tr` gives one in the page's
    # language, or the English marked lang="en" (for screen readers, translation tools and the
    # tests) where it has no translation yet; `rule` keeps the English of a translated rule one
    # click away, since the translation is ours and the rule is the authority's. Names of
    # offices and sources stay as their owners write them (`en`).
    env.globals["tr"] = lambda text: dataset_text(text, texts)
    env.globals["rule"] = lambda text: dataset_rule(text, texts)
    env.tests["translated"] = lambda text: texts.data(text) is not None
    env.filters["named"] = texts.data_or_english  # where no markup may go: titles, meta
    env.globals["search_messages"] = tool_messages(texts, ("search.js",))
    env.globals["en_attr"] = markupsafe.Markup("") if texts.english else markupsafe.Markup(' lang="en"')
    env.globals["own_attr"] = markupsafe.Markup("") if texts.english else markupsafe.Markup(' lang="%s"') % texts.language.tag
    env.globals["colour_name"] = lambda spec: colour_name(spec.bg_color_label, texts)
    env.globals["portal_links"] = lambda portals: markupsafe.Markup(texts.gettext(" or ")).join(
        markupsafe.Markup('<a href="%s"%s>%s</a>') % (urls.local("portal-page", p.id), env.globals["en_attr"], p.name) for p in portals
    )
    env.globals["en"] = (lambda text: text) if texts.english else english
    env.globals["path"] = urls.local  # every link from the route table, in the page's language
    env.globals["routes"] = routes()  # the same table for the page's scripts (static/routes.js)
    env.globals.update(fit_title=titles.fit, full_title=titles.full, short_name=titles.without_asides, crumbs=(), search_max=MAX_QUERY)
    env.globals["flag"] = lambda country: flag_url(static, country.flag)
    env.globals["flag_svg"] = lambda country: flag_url(static, country.flag, "svg")
    env.globals["breadcrumbs_ld"] = lambda crumbs: {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": at, "name": name, "item": urls.site + path} for at, (name, path) in enumerate(crumbs, 1)
        ],
    }
    env.filters["day"] = texts.date
    env.filters["mm"] = texts.number
    env.filters["num"] = texts.number
    env.filters["inches"] = lambda mm: f"{mm / MM_PER_INCH:.2f}".rstrip("0").rstrip(".")
    return env


def memoize_plain_messages(env: jinja2.Environment) -> None:
    """Jinja's newstyle gettext looks a message up, marks it safe and %-formats it on every call
    (830,000 calls, a fifth of the build's time for thirteen languages); a message without
    placeholders gives the same markup every time, so it is made once per language. `_` is bound
    to it directly, skipping Jinja's alias."""
    made: dict[str, str] = {}
    full = env.globals["gettext"]

    @jinja2.pass_context
    def gettext(context: jinja2.runtime.Context, message: str, **variables: object) -> str:
        if variables:
            return full(context, message, **variables)  # type: ignore[operator,no-any-return]
        found = made.get(message)
        if found is None:
            found = made[message] = full(context, message)  # type: ignore[operator]
        return found

    env.globals["gettext"] = env.globals["_"] = gettext


def routes() -> dict[str, str]:
    """Every path's template by its name: what static/routes.js and the service worker fill."""
    return {path.name: path.template for path in PATHS if not path.language}


def flag_url(static: Callable[[str], str], emoji: str, kind: str = "png") -> str | None:
    """Our picture of a flag emoji's flag: its two regional indicator letters are the file's name
    ("🇪🇺" -> flags/eu.png). A list shows the small PNG, a heading the SVG (see
    scripts/update-flags.sh). None when we serve no such file."""
    letters = "".join(chr(ord(c) - 0x1F1E6 + ord("a")) for c in emoji if 0x1F1E6 <= ord(c) <= 0x1F1FF)
    try:
        return static(f"flags/{letters}.{kind}") if len(letters) == 2 else None
    except KeyError:
        return None


def dataset_text(text: str, texts: Texts) -> markupsafe.Markup | str:
    said = texts.data(text)
    return said if said is not None else english(text)


def english(text: str) -> markupsafe.Markup:
    """A text left in English on a page of another language, marked so."""
    return markupsafe.Markup('<span lang="en">%s</span>') % text


def dataset_rule(text: str, texts: Texts) -> markupsafe.Markup | str:
    said = texts.data(text)
    if said is None:
        return english(text)
    if texts.english:
        return said
    return markupsafe.Markup(
        '%s <details class="original"><summary title="%s"><span aria-hidden="true">EN</span><span class="sr">%s</span></summary>'
        '<span lang="en" dir="ltr">%s</span></details>'
    ) % (said, texts.gettext("The English original"), texts.gettext("The English original"), text)


def colour_name(label: str | None, texts: Texts) -> markupsafe.Markup | str:
    """A background colour as the dataset names it ("Light grey"), in the page's language where
    the dataset's catalogue has it, otherwise marked as English."""
    return dataset_text(label, texts) if label else ""
