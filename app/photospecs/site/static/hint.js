// The first-visit hint: when the browser prefers a language this page also exists in, offer that
// version once, in that language. Never a redirect; "No, thanks" (or following it) is remembered.
// The page's alternate links give the addresses; the offers, one line a language, are one static
// file (hints.json) fetched only when there is something to offer.
const KEY = "photospecs-language-hint";

function remembered() {
  try { return localStorage.getItem(KEY); } catch { return "dismissed"; } // no storage: never nag
}

function remember(value) {
  try { localStorage.setItem(KEY, value); } catch { /* private mode: the hint comes back next time */ }
}

// Whether a browser asking for `asked` reads a page in `have` ("zh-CN" and "zh" read the
// simplified script, "zh-TW" does not; "pt-BR" and "es-MX" read "pt" and "es").
function reads(asked, have) {
  if (asked === have) return true;
  if (asked.split("-")[0] !== have.split("-")[0]) return false;
  return have !== "zh-hans" || !/^zh-(tw|hk|mo|hant)/.test(asked);
}

// The tag of the version to offer, or null: the first of the browser's languages we have, unless
// the page is already in one the browser lists before it.
function wanted(versions) {
  const page = document.documentElement.lang.toLowerCase();
  for (const asked of (navigator.languages || []).map((tag) => tag.toLowerCase())) {
    if (reads(asked, page)) return null;
    const tag = Object.keys(versions).find((have) => reads(asked, have.toLowerCase()));
    if (tag) return tag;
  }
  return null;
}

async function offer() {
  const versions = {};
  for (const link of document.querySelectorAll('link[rel="alternate"][hreflang]')) {
    if (link.hreflang !== "x-default" && link.hreflang !== document.documentElement.lang) versions[link.hreflang] = link.href;
  }
  const tag = wanted(versions);
  if (!tag) return;
  const source = document.querySelector('meta[name="language-hints"]').content;
  const [text, go, no, dir] = (await (await fetch(source)).json())[tag];
  const hint = document.createElement("aside");
  hint.className = "language-hint";
  hint.lang = tag;
  hint.dir = dir; // an English offer on an Arabic page reads left to right
  hint.setAttribute("aria-label", text);
  const words = document.createElement("p");
  words.textContent = text;
  const link = document.createElement("a");
  link.href = versions[tag];
  link.textContent = go;
  link.addEventListener("click", () => remember("followed"));
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = no;
  close.addEventListener("click", () => { remember("dismissed"); hint.remove(); });
  hint.append(words, link, close);
  // After the skip link, which stays the first thing a keyboard reaches.
  const skip = document.querySelector("a.skip");
  if (skip) skip.after(hint);
  else document.body.prepend(hint);
}

if (!remembered()) offer().catch(() => {}); // a hint that cannot load is no hint
