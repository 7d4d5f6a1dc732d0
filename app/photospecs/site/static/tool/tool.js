// The photo tool page's entry: page.js does the wiring; this file only starts it.
import { start } from "./page.js";

start(document);
