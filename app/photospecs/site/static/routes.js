// The service's paths for our scripts, from the route table the service itself answers by
// (app/paths.py). The page carries the table as JSON (`<script type="application/json"
// id="routes">`, data the CSP lets through because it never runs), so a script cannot ask
// for a path the service does not serve.
// Read on first use, so a module that imports this one loads without a page (node's tests).
let table = null;
const routes = () => (table ??= JSON.parse(document.getElementById("routes").textContent));

// The path named `name` with its one parameter filled in, as paths.Path.url does: the caller
// passes the value ready for a URL (encoded where it must be).
export function url(name, value = "") {
  const template = routes()[name];
  if (template === undefined) throw new Error(`no route named ${name}`);
  const at = template.indexOf("{");
  return at < 0 ? template : template.slice(0, at) + value;
}
