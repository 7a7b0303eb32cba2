// A stdio MCP server (the SDK's low-level Server) whose tools/list pages
// without end, for js-tests/check-tools.test.mjs:
// `node paging-probe.mjs repeat` hands back its first cursor for ever;
// `node paging-probe.mjs fresh` hands out a new cursor on every page.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const mode = process.argv[2];
const server = new Server({ name: "paging", version: "1.0.0" }, { capabilities: { tools: {} } });
let page = 0;
server.setRequestHandler(ListToolsRequestSchema, async () => {
  page++;
  return { tools: [{ name: `t${page}`, inputSchema: { type: "object" } }], nextCursor: mode === "repeat" ? "again" : `page-${page}` };
});
await server.connect(new StdioServerTransport());
