// The official MCP TypeScript SDK as a client of a photospecs server, over streamable HTTP.
//
//   node client.mjs <mcp-url> <sdk: v1 | v2> <mode: legacy | auto | 2026-07-28>
//
// v1 is @modelcontextprotocol/sdk (handshake revisions only, so mode must be legacy); v2 is
// @modelcontextprotocol/client, which speaks both eras. Prints one JSON object describing what
// the server answered; tests/test_mcp_ts_sdk.py checks it. Plain ES module, no build step.

const [url, sdk, mode] = process.argv.slice(2);
if (!url || !["v1", "v2"].includes(sdk) || !["legacy", "auto", "2026-07-28"].includes(mode)) {
  console.error("usage: node client.mjs <mcp-url> <v1|v2> <legacy|auto|2026-07-28>");
  process.exit(2);
}
if (sdk === "v1" && mode !== "legacy") {
  console.error("@modelcontextprotocol/sdk v1 has no 2026-07-28 support; use v2");
  process.exit(2);
}

async function connect() {
  const info = { name: "photospecs-ts-sdk-test", version: "1.0.0" };
  if (sdk === "v1") {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const client = new Client(info);
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    return { client, era: "legacy", version: transport.protocolVersion };
  }
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const negotiation = mode === "2026-07-28" ? { pin: mode } : mode;
  const client = new Client(info, { versionNegotiation: { mode: negotiation } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, era: client.getProtocolEra(), version: client.getNegotiatedProtocolVersion() };
}

// A JSON-RPC error as the SDK raised it: the code is what the server sent.
async function failure(promise) {
  try {
    await promise;
    return null;
  } catch (error) {
    return { code: error.code ?? null, message: String(error.message ?? error) };
  }
}

const { client, era, version } = await connect();
try {
  const tools = await client.listTools();

  // Walk every page ourselves: v1 returns one page with nextCursor, v2 aggregates them.
  const resources = [];
  let page = await client.listResources();
  resources.push(...page.resources);
  let pages = 1;
  while (page.nextCursor) {
    page = await client.listResources({ cursor: page.nextCursor });
    resources.push(...page.resources);
    pages += 1;
  }

  const documentUri = resources.find((r) => r.uri.endsWith("/api/documents/us-visa"))?.uri;
  const read = await client.readResource({ uri: documentUri });
  const templates = await client.listResourceTemplates();
  const documentTemplate = templates.resourceTemplates.find((t) => t.name === "document");
  const completed = await client.complete({
    ref: { type: "ref/resource", uri: documentTemplate.uriTemplate },
    argument: { name: "document", value: "japan-" },
  });
  const prompts = await client.listPrompts();
  const prompt = await client.getPrompt({ name: "photo_checklist", arguments: { document: "japan-passport" } });
  const call = await client.callTool({ name: "get_visa_photo_spec", arguments: { country: "us", document_type: "passport" } });
  const missing = await failure(client.readResource({ uri: documentUri.replace("us-visa", "no-such-document") }));

  const out = {
    sdk,
    mode,
    era,
    protocolVersion: version ?? null,
    server: client.getServerVersion() ?? null,
    tools: tools.tools.map((t) => t.name),
    resources: { count: resources.length, pages, distinct: new Set(resources.map((r) => r.uri)).size, documentUri },
    read: { uri: read.contents[0].uri, mimeType: read.contents[0].mimeType, spec: JSON.parse(read.contents[0].text) },
    templates: templates.resourceTemplates.map((t) => ({ name: t.name, uriTemplate: t.uriTemplate })),
    completion: completed.completion,
    prompts: prompts.prompts.map((p) => p.name),
    promptText: prompt.messages[0].content.text,
    call: { isError: call.isError ?? false, structuredContent: call.structuredContent ?? null },
    missingResource: missing,
  };
  process.stdout.write(JSON.stringify(out) + "\n");
} finally {
  await client.close();
}
