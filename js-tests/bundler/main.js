// A bundled app: `import … from "mcp-boundary"` resolves to the web build
// through the package's `browser` export condition; Vite copies the .wasm.
import init, { validateRecipient, toLlmFacingName, ErrorClassifier, unreadCount } from "mcp-boundary";

await init();
const results = [
  validateRecipient("AGENT:gpt").error.reason,
  validateRecipient("@neo-gpt").recipient.id,
  toLlmFacingName("github/create_issue", { profile: "openai" }),
  new ErrorClassifier({ tools: ["t"], fields: ["limit"], fieldMessages: ["must be at most 100"] }).classify("t", "limit must be at most 100").field,
  unreadCount([{ from: "@a", to: "AGENT:*", receipts: [{ recipient: "@b", readAt: null }] }], "@b"),
];
document.getElementById("out").textContent = `RESULT ${JSON.stringify(results)}`;
