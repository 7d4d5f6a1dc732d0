// The first-visit hint: when the browser prefers a language this page also exists in, offer that
// version once, in that language. Never a redirect; "No, thanks" (or following it) is remembered.
const KEY = "photospecs-language-hint";
const data = document.getElementById("language-hints");

function remembered() {
  try { return localStorage.getItem(KEY); } catch { return "dismissed"; } // no storage: never nag
}

function remember(value) {
  try { localStorage.setItem(KEY, value); } catch { /* private mode: the hint comes back next time */ }
}

function offer(versions) {
  const page = document.documentElement.lang.toLowerCase();
  for (const wanted of navigator.languages || []) {
    const asked = wanted.toLowerCase();
    if (asked === page || asked.startsWith(page + "-")) return null; // already in a language they read
    for (const tag of Object.keys(versions)) {
      const have = tag.toLowerCase();
      // "zh-CN" and "zh" read the simplified script; "pt-BR" reads "pt".
      if (asked === have || asked.split("-")[0] === have.split("-")[0] && (have !== "zh-hans" || !/^zh-(tw|hk|mo|hant)/.test(asked))) return tag;
    }
  }
  return null;
}

if (data && !remembered()) {
  const versions = JSON.parse(data.textContent);
  const tag = offer(versions);
  if (tag) {
    const [url, text, go, no, dir] = versions[tag];
    const hint = document.createElement("aside");
    hint.className = "language-hint";
    hint.lang = tag;
    hint.dir = dir; // an English offer on an Arabic page reads left to right
    hint.setAttribute("aria-label", text);
    const words = document.createElement("p");
    words.textContent = text;
    const link = document.createElement("a");
    link.href = url;
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
}
