// Type checks of mcp-boundary/mcp with the SDK, Zod 3, Zod 4 and Ajv as
// users have them: no casts.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z as z4 } from "zod";
import { z as z3 } from "zod3";
import * as zm from "zod/mini";
import { Ajv } from "ajv";
import { ErrorClassifier } from "mcp-boundary";
import { protectServer, recipientSchema, type ProtectOptions } from "mcp-boundary/mcp";

const options: ProtectOptions = { messages: ["is not a known user"], handlerErrors: "classify" };
const server: McpServer = protectServer(new McpServer({ name: "typed", version: "1.0.0" }), options);
const classifier = new ErrorClassifier({ tools: { send: ["priority"] } });

const schema4 = z4.object({ priority: z4.enum(["low", "high"]) });
const schema3 = z3.object({ priority: z3.enum(["low", "high"]) });

server.registerTool("send", { inputSchema: { priority: z4.enum(["low", "high"]) } }, async (args): Promise<CallToolResult> => {
  const parsed4 = schema4.safeParse(args);
  if (!parsed4.success) {
    classifier.classifyIssues("send", parsed4.error); // a Zod 4 ZodError
    classifier.classifyIssues("send", parsed4.error.issues, args); // its issues, with the arguments that failed
    return classifier.toolErrorResult("send", parsed4.error, args); // assignable to CallToolResult
  }
  const parsed3 = schema3.safeParse(args);
  if (!parsed3.success) {
    classifier.classifyIssues("send", parsed3.error); // a Zod 3 ZodError
    classifier.classifyIssues("send", parsed3.error.issues);
  }
  const ajv = new Ajv();
  const validate = ajv.compile({ type: "object", properties: { priority: { enum: ["low", "high"] } } });
  if (!validate(args) && validate.errors) classifier.classifyIssues("send", validate.errors); // Ajv ErrorObject[]
  try {
    return { content: [{ type: "text", text: "ok" }] };
  } catch (e) {
    return classifier.handlerErrorResult("send", e);
  }
});

// Zod Mini: recipientSchema gives its own string schema, and its errors classify.
const miniTo: zm.ZodMiniString = recipientSchema(zm, { knownAgents: ["@neo-gpt"] });
server.registerTool("mini", { inputSchema: { to: miniTo, priority: zm.enum(["low", "high"]) } }, async ({ to }): Promise<CallToolResult> => ({ content: [{ type: "text", text: to }] }));
const parsedMini = zm.object({ priority: zm.enum(["low", "high"]) }).safeParse({});
if (!parsedMini.success) classifier.toolErrorResult("send", parsedMini.error, {});

// @ts-expect-error: handlerErrors is "classify" or "pass"
protectServer(server, { handlerErrors: "drop" });
// @ts-expect-error: not an McpServer
protectServer({});

// ToolRouter with the SDK's Client.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ToolRouter } from "mcp-boundary/mcp";
const router = new ToolRouter({ profile: "openai" });
const client = new Client({ name: "host", version: "1.0.0" });
const { refused, unrepresentable } = await router.addServer("github", client);
void refused.map((r) => r.alias);
const reasons: ("empty" | "empty_segment" | "invalid_character" | "too_long" | "bad_first_character")[] = unrepresentable.map((u) => u.reason);
void reasons;
const declared: object[] = router.tools("openai-chat"); // each definition is an object (providers.mts: each SDK's own type)
void declared;
const result: CallToolResult = await router.callTool("github__create_issue", { title: "x" });
void result;
router.removeServer("github");
// @ts-expect-error: not a payload format
router.tools("openai");
// What addServer throws, narrowed by code: a refused listing carries its bound.
import type { RouterArgumentError, ToolListError } from "mcp-boundary/mcp";
function explain(e: RouterArgumentError | ToolListError): string {
  if (e.code === "TOOL_LIST_REFUSED") return `${e.reason} ${e.limit ?? ""}`;
  const reason: "invalid_server_name" | "wrong_type" = e.reason;
  return reason;
}
void explain;
