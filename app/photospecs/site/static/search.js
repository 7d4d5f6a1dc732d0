// The search box as the visitor types: asks /api/search (the ranking the /search page uses for
// visitors without JavaScript) and lists the best pages under the box; Enter opens the first.
import { t, tn } from "./messages.js";

const form = document.querySelector("form.search");
if (form) {
  const input = form.querySelector("input[name=q]");
  const list = form.querySelector("#search-live");
  const status = form.querySelector("#search-status");
  // On a page in another language, the results come named and linked in that language.
  const api = input.dataset.language ? `${input.dataset.api}?lang=${input.dataset.language}&` : `${input.dataset.api}?`;
  let latest = Promise.resolve([]); // the results for what the box holds now
  let controller = null;

  const pathOf = (url) => new URL(url, location.href).pathname;

  const show = (results) => {
    list.replaceChildren(
      ...results.map((result, index) => {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = pathOf(result.url);
        link.textContent = result.name;
        const summary = document.createElement("span");
        summary.className = "muted";
        summary.textContent = ` ${result.summary}`;
        item.append(link, summary);
        if (index === 0) item.className = "best";
        return item;
      }),
    );
    list.hidden = results.length === 0;
    status.textContent = results.length
      ? tn("%(num)s result. Enter opens %(name)s.", "%(num)s results. Enter opens %(name)s.", results.length, { name: results[0].name })
      : t("No match yet.");
  };

  const ask = (text) => {
    controller?.abort();
    controller = new AbortController();
    return fetch(`${api}q=${encodeURIComponent(text)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : { results: [] }))
      .then((body) => body.results);
  };

  input.addEventListener("input", () => {
    const text = input.value.slice(0, Number(input.maxLength) || 100);
    if (!text.trim()) {
      controller?.abort();
      latest = Promise.resolve([]);
      list.hidden = true;
      status.textContent = "";
      return;
    }
    const asked = ask(text);
    latest = asked;
    asked.then((results) => latest === asked && show(results)).catch(() => {});
  });

  // Enter opens the best page for what was typed, waiting for its answer if it is on its way;
  // with no answer (or none yet for a box filled before this script ran) the form goes to /search.
  form.addEventListener("submit", (event) => {
    if (!input.value.trim()) return;
    event.preventDefault();
    latest.then(
      (results) => (results.length ? location.assign(pathOf(results[0].url)) : form.submit()),
      () => form.submit(),
    );
  });

  // Arrow keys move between the box and the results; the results are plain links.
  form.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = [...list.querySelectorAll("a")];
    if (list.hidden || links.length === 0) return;
    const at = links.indexOf(document.activeElement);
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    event.preventDefault();
    if (next < 0) input.focus();
    else links[Math.min(next, links.length - 1)].focus();
  });
}
