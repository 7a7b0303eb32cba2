// CommonJS consumers get mcp-boundary/mcp's types through require(), with
// no SDK type named: js-tests/mcp-lines.test.mjs compiles this file again in
// a project with v1 alone and in one with v2 alone.
import mcp = require("mcp-boundary/mcp");

const options: mcp.ProtectOptions = { messages: ["is not a known user"], onError: (info: mcp.ProtectErrorInfo) => void info.kind };
const router = new mcp.ToolRouter({ profile: "gemini" });
async function route(client: mcp.RoutableClient): Promise<mcp.RoutedToolResult> {
  await router.addServer("github", client);
  return router.callTool("github__create_issue", { title: "x" });
}
function guard<S extends mcp.ProtectableServer>(server: S): S {
  return mcp.protectServer(server, options);
}
const codes: mcp.McpErrorCode[] = ["INVALID_ARGUMENT", "TOOL_LIST_REFUSED"];
void [route, guard, codes];
// @ts-expect-error: not an McpServer
mcp.protectServer({ registerTool() {} });
// @ts-expect-error: not a Client
void router.addServer("github", { callTool() {} });
