// Tool definitions go straight into each provider SDK's request, with no
// cast: toolDefinitions and ToolRouter#tools return each format's own shape,
// checked here against the SDKs' own types.
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import type { FunctionDeclaration, Tool as GeminiTool } from "@google/genai";
import type { Tool as BedrockTool } from "@aws-sdk/client-bedrock-runtime";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { toolDefinitions, type PayloadFormat, type ToolSpec } from "mcp-boundary";
import { ToolRouter } from "mcp-boundary/mcp";

const specs: ToolSpec[] = [{ name: "github__create_issue", description: "Open an issue", inputSchema: { type: "object" } }];

const anthropic: Anthropic.Messages.Tool[] = toolDefinitions(specs, "anthropic");
const anthropicUnion: Anthropic.Messages.ToolUnion[] = toolDefinitions(specs, "anthropic");
const chat: OpenAI.Chat.Completions.ChatCompletionTool[] = toolDefinitions(specs, "openai-chat");
const responses: OpenAI.Responses.Tool[] = toolDefinitions(specs, "openai-responses");
const gemini: GeminiTool[] = [{ functionDeclarations: toolDefinitions(specs, "gemini") }];
const declarations: FunctionDeclaration[] = toolDefinitions(specs, "gemini");
const bedrock: BedrockTool[] = toolDefinitions(specs, "bedrock-converse");

declare const client: Client;
const router = new ToolRouter();
await router.addServer("github", client);
const routed: Anthropic.Messages.ToolUnion[] = router.tools("anthropic");
const routedChat: OpenAI.Chat.Completions.ChatCompletionTool[] = router.tools("openai-chat");
const routedBedrock: BedrockTool[] = router.tools("bedrock-converse");

// One format's definitions are not another's.
// @ts-expect-error: an Anthropic tool has no `type: "function"`
const wrong: OpenAI.Chat.Completions.ChatCompletionTool[] = toolDefinitions(specs, "anthropic");
// @ts-expect-error: a Bedrock tool is not a Gemini declaration
const wrongGemini: FunctionDeclaration[] = router.tools("bedrock-converse");
// A format known only at run time gives the union of the shapes.
declare const format: PayloadFormat;
const any: (Anthropic.Messages.Tool | OpenAI.Chat.Completions.ChatCompletionTool | OpenAI.Responses.Tool | FunctionDeclaration | BedrockTool)[] = toolDefinitions(specs, format);

export { anthropic, anthropicUnion, chat, responses, gemini, declarations, bedrock, routed, routedChat, routedBedrock, wrong, wrongGemini, any };
