// Filters a list as the visitor types: each item carries its search terms in data-terms.
// Without JavaScript the whole list is simply shown.
const input = document.querySelector("[data-filter]");
if (input) {
  const list = document.querySelector(input.dataset.filter);
  const items = [...list.querySelectorAll("li")];
  const empty = document.getElementById(`${input.id}-empty`);
  const fold = (text) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
  const terms = items.map((item) => fold(item.dataset.terms || item.textContent));
  input.addEventListener("input", () => {
    const words = fold(input.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    items.forEach((item, i) => {
      const match = words.every((word) => terms[i].includes(word));
      item.hidden = !match;
      shown += match ? 1 : 0;
    });
    if (empty) empty.hidden = shown > 0;
  });
}
