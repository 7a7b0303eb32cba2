// CommonJS consumers get the same types through require().
import mcp = require("mcp-boundary");

const r = mcp.validateRecipient("AGENT:*");
if (r.ok && r.recipient.kind === "broadcast") {
  const k: "broadcast" = r.recipient.kind;
  void k;
}
// @ts-expect-error wrong argument type for options
mcp.validateRecipient("@x", 5);
