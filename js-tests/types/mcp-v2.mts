// Type checks of mcp-boundary/mcp on the SDK's v2 line as users have it: a
// v2 McpServer with each Standard Schema validator (Zod 4, Valibot through
// its JSON Schema adapter, ArkType), protected, served per request through
// the handler factory, and a ToolRouter over a v2 Client; no casts. Nothing
// here is of v1: js-tests/mcp-lines.test.mjs compiles this file again in a
// project that has v2 alone.
import { McpServer, createMcpHandler, type CallToolResult } from "@modelcontextprotocol/server";
import { Client, type CallToolResult as ClientCallToolResult } from "@modelcontextprotocol/client";
import * as z from "zod";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { ErrorClassifier, RecipientValidator, recipientStandardSchema } from "mcp-boundary";
import { protectServer, recipientSchema, recipientValibot, recipientArkType, ToolRouter, type ProtectErrorInfo, type ProtectOptions, type ReplacedAnswerKind } from "mcp-boundary/mcp";

// onError, typed: the tool as called, the kind, the original error or issues.
const heard: ProtectErrorInfo[] = [];
const options: ProtectOptions = {
  messages: ["is not a known user"],
  handlerErrors: "classify",
  onError: (info) => {
    const kind: ReplacedAnswerKind = info.kind;
    const tool: string = info.tool;
    const issues: readonly unknown[] | undefined = info.issues;
    const error: unknown = info.error;
    void [kind, tool, issues, error];
    heard.push(info);
  },
};

/** A v2 server with a tool in each validator; protectServer keeps its type. */
function build(): McpServer {
  const server: McpServer = protectServer(new McpServer({ name: "typed-v2", version: "1.0.0" }), options);
  server.registerTool("zod", { inputSchema: z.object({ priority: z.enum(["low", "high"]), to: recipientSchema(z) }) }, async ({ priority, to }): Promise<CallToolResult> => {
    const p: "low" | "high" = priority;
    const recipient: string = to;
    return { content: [{ type: "text", text: `${p} ${recipient}` }] };
  });
  server.registerTool(
    "valibot",
    { inputSchema: toStandardJsonSchema(v.object({ count: v.pipe(v.number(), v.integer(), v.maxValue(100)), note: v.optional(v.string()) })) },
    async ({ count, note }) => {
      const n: number = count;
      const text: string | undefined = note;
      return { content: [{ type: "text", text: `${n} ${text ?? ""}` }] };
    },
  );
  server.registerTool(
    "arktype",
    { inputSchema: type({ level: "1 <= number.integer <= 5" }), outputSchema: type({ ok: "boolean" }) },
    async ({ level }) => {
      const l: number = level;
      return { content: [{ type: "text", text: String(l) }], structuredContent: { ok: l > 2 } };
    },
  );
  // recipientStandardSchema as a field of an ArkType object.
  server.registerTool("mail", { inputSchema: type({ to: recipientStandardSchema(), body: "string" }) }, async ({ to, body }) => {
    const recipient: string = to;
    const text: string = body;
    return { content: [{ type: "text", text: `${recipient}: ${text}` }] };
  });
  // The recipient field as one expression in Valibot and ArkType.
  server.registerTool("valibotMail", { inputSchema: toStandardJsonSchema(v.object({ to: recipientValibot(v), body: v.string() })) }, async ({ to, body }) => {
    const recipient: string = to;
    return { content: [{ type: "text", text: `${recipient}: ${body}` }] };
  });
  server.registerTool("arktypeMail", { inputSchema: type({ to: recipientArkType(type, { knownAgents: ["@neo-gpt"] }), body: "string" }) }, async ({ to, body }) => {
    const recipient: string = to;
    return { content: [{ type: "text", text: `${recipient}: ${body}` }] };
  });
  return server;
}

// The main entry's results are v2 tool results as they are.
const classifier = new ErrorClassifier({ tools: { send: ["priority"] } });
const refusedArguments: CallToolResult = classifier.toolErrorResult("send", { issues: [] }, {});
const failed: CallToolResult = classifier.handlerErrorResult("send", null);
const rejection: CallToolResult | null = new RecipientValidator().rejectionResult("AGENT:gpt");
void [refusedArguments, failed, rejection];

// A server built per request (2026-07-28) behind the SDK's handler factory.
const handler = createMcpHandler(() => build());
const response: Promise<Response> = handler.fetch(new Request("http://localhost/mcp", { method: "POST", body: "{}" }));
void response;

// A ToolRouter over a v2 Client: the routed result is the client's CallToolResult.
const router = new ToolRouter({ profile: "openai" });
const client = new Client({ name: "host", version: "1.0.0" });
const { refused } = await router.addServer("mail", client);
void refused.map((r) => r.alias);
const controller = new AbortController();
const result: ClientCallToolResult = await router.callTool("mail__send", { to: "@neo-gpt" }, { signal: controller.signal, timeout: 5_000, onprogress: ({ progress, total }) => void [progress, total] });
const first = result.content[0];
if (first?.type === "text") void first.text.length;

// @ts-expect-error: handlerErrors is "classify" or "pass"
protectServer(build(), { handlerErrors: "drop" });
// @ts-expect-error: onError is given the info, not a string
protectServer(build(), { onError: (info: string) => void info });
// @ts-expect-error: a Client is no McpServer
protectServer(client);
// @ts-expect-error: an McpServer is no Client
await router.addServer("server", build());
// @ts-expect-error: an option neither line has
await router.callTool("mail__send", {}, { timout: 5 });

// handlerErrors by its union's name.
import type { HandlerErrors } from "mcp-boundary/mcp";
const mode: HandlerErrors = "pass";
protectServer(build(), { handlerErrors: mode });
// @ts-expect-error: not a handler-errors mode
const noMode: HandlerErrors = "Pass";
void noMode;
