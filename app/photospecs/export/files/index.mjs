// The ES module entry point: the same objects as the CommonJS one (index.cjs), so a program that
// loads both gets one copy of the data.
import api from "./index.cjs";

export const { meta, countries, documents, portals, getDocument, getPortal, checkPhoto } = api;
