// Type checks of the parts' entries (mcp-boundary/server, mcp-boundary/host
// and their mcp entries): each has its part's names with the main entry's
// types, and not the other part's.
import init, { validateRecipient, RecipientValidator, ErrorClassifier, planDelivery, type RecipientResult } from "mcp-boundary/server";
import { ToolRegistry, toLlmFacingName, toolDefinitions } from "mcp-boundary/host";
import { protectServer, recipientSchema } from "mcp-boundary/server/mcp";
import { ToolRouter } from "mcp-boundary/host/mcp";
// The other part's names are there as types only (its declarations are
// shared), never as values.
import { ToolRegistry as NotInServer } from "mcp-boundary/server";
import { validateRecipient as NotInHost, ErrorClassifier as ClassifierNotInHost } from "mcp-boundary/host";
import { ToolRouter as NotInServerMcp } from "mcp-boundary/server/mcp";

await init();
const result: RecipientResult = validateRecipient("@neo");
if (result.ok) result.recipient.kind satisfies "broadcast" | "identity";
new RecipientValidator({ maxIdentifierLength: 32 }).validate("AGENT:*");
new ErrorClassifier({ tools: { add_message: ["to"] } }).classify("add_message", "to is required");
planDelivery({ to: "AGENT:*", sender: "@a", agents: ["@a", "@b"] });
const alias: string = toLlmFacingName("github/create_issue");
const definitions: unknown[] = toolDefinitions([{ name: "github/create_issue" }], "anthropic");
new ToolRegistry().registerServer("github", ["create_issue"]);
const uses: Function[] = [protectServer, recipientSchema, ToolRouter];
// @ts-expect-error the server's part has no ToolRegistry
new NotInServer();
// @ts-expect-error the host's part has no validateRecipient
NotInHost("@neo");
// @ts-expect-error error data is the server's part: the host's has no ErrorClassifier
new ClassifierNotInHost({ tools: ["t"] });
// @ts-expect-error the server's mcp entry has no ToolRouter
new NotInServerMcp();
void [alias, definitions, uses];
