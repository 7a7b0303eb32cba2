// The core names options, details and rules in Rust's words; the wasm
// binding spells them in JS's (src/bindings/wasm/: js_name, js_key, the
// argument messages, the CLI's texts). What JS reads is written out here,
// as users read it, never computed from the code under test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ErrorClassifier, RecipientValidator, toLlmFacingName, __mcp } from "mcp-boundary";
import { thrown } from "./helpers.mjs";

const core = __mcp();

test("options errors name the core's options in JS's words, message and option alike", () => {
  const cases = [
    [() => new RecipientValidator({ maxIdentifierLength: 0 }), "maxIdentifierLength", "Invalid option maxIdentifierLength: expected a whole number from 1 to 4096."],
    [() => new RecipientValidator({ knownAgents: ["@ok", "nope"] }), "knownAgents[1]", "Invalid option knownAgents[1]: not a valid identity; expected '@' followed by 1 to maxIdentifierLength characters of [A-Za-z0-9_-]."],
    [() => new RecipientValidator({ strict: true }), "strict", "Invalid option strict: strict needs knownAgents, the list to be strict about."],
    [() => new RecipientValidator({ identityPattern: "@a.*", knownAgents: ["@b"] }), "knownAgents[0]", "Invalid option knownAgents[0]: does not match identityPattern."],
    [() => new RecipientValidator({ identityPattern: "(" }), "identityPattern", "Invalid option identityPattern: not a valid regular expression (regex-lite syntax)."],
    [() => new ErrorClassifier({ tools: [], fieldMessages: ["x", ""] }), "fieldMessages[1]", undefined],
    [() => new ErrorClassifier({ tools: {}, fieldlessMessages: [""] }), "fieldlessMessages[0]", undefined],
    [() => toLlmFacingName("a/b", { profile: { maxLength: 0, allowed: "[a-z]" } }), "profile.maxLength", "Invalid option profile.maxLength: expected a whole number from 1 to 4096."],
    [() => toLlmFacingName("a/b", { profile: { maxLength: 10, allowed: "[a-z]+" } }), "profile.allowed", undefined],
    [() => toLlmFacingName("a/b", { profile: { maxLength: 10, allowed: "[a-z]", firstChar: "[z-a]" } }), "profile.firstChar", undefined],
    [() => new RecipientValidator({ strcit: true }), "'strcit'", "Unknown option 'strcit': check its spelling."],
  ];
  for (const [make, option, message] of cases) {
    const e = thrown(make);
    assert.equal(e.code, "INVALID_OPTIONS", option);
    assert.equal(e.option, option);
    assert.ok(!/_[a-z]/.test(e.message.replace(/\[A-Za-z0-9_-\]/g, "")), `no snake_case in ${e.message}`);
    if (message !== undefined) assert.equal(e.message, message);
    else assert.ok(e.message.startsWith(`Invalid option ${option}: `), e.message);
  }
});

test("a tool-name error's details are JS properties", () => {
  const e = thrown(() => toLlmFacingName("a//b", { profile: "anthropic" }));
  assert.equal(e.toolName, "a//b");
  assert.equal(e.profile, "anthropic");
  assert.equal(Object.hasOwn(e, "tool_name"), false);
});

test("mcp-boundary/mcp's argument errors and the server-name rule are said by the method", () => {
  const rule =
    "ToolRouter.addServer: a server name is a string that is not empty, contains neither '/' nor '__', does not end in '_', and is shown as it is under the router's profile with 11 characters to spare (for '__' and a hash suffix)";
  const refused = thrown(() => core.checkServerName("a__b", {}));
  assert.deepEqual([refused.name, refused.code, refused.reason, refused.message], ["TypeError", "INVALID_ARGUMENT", "invalid_server_name", rule]);
  const noString = thrown(() => core.checkServerName(7, {}));
  assert.deepEqual([noString.code, noString.reason, noString.message], ["INVALID_ARGUMENT", "wrong_type", rule]);
  const server = core.argumentError("McpServer");
  assert.deepEqual([server.name, server.code, server.reason], ["TypeError", "INVALID_ARGUMENT", "wrong_type"]);
  assert.equal(server.message, "protectServer: expected an McpServer of the MCP TypeScript SDK (@modelcontextprotocol/sdk 1.x or @modelcontextprotocol/server 2.x)");
  assert.equal(core.argumentError("ServerName").message, rule);
  assert.equal(core.argumentError("ToolArguments").message, "ToolRouter.callTool: the arguments must be an object (OpenAI's arrive as JSON text: JSON.parse them first)");
});

test("the keys JS reads the core's codes and kinds by", () => {
  assert.deepEqual(core.codes, { invalidArgument: "INVALID_ARGUMENT", toolListRefused: "TOOL_LIST_REFUSED" });
  assert.deepEqual(core.replaced, {
    invalidArguments: "invalid_arguments",
    unknownTool: "unknown_tool",
    handlerError: "handler_error",
    invalidOutput: "invalid_output",
    failed: "failed",
    requestRefused: "request_refused",
  });
});

test("check-tools' texts: the CLI's and the report's lines, one table", () => {
  assert.deepEqual(Object.keys(core.texts), [
    "usage", "missingCommand", "unknownCommand", "prefixNeedsValue", "toolsNeedsFile", "profileOneOf", "unknownOption",
    "toolsOrCommand", "clientName", "notJson", "unreadable", "notToolsList", "noStringName", "needsSdk", "couldNotList",
    "hostNames", "profileHeading", "fits", "hashed", "refused", "collision",
  ]);
  assert.equal(core.say("unreadable", "t.json", "EACCES"), "t.json: cannot be read (EACCES)");
  assert.equal(core.say("hashed", "a", "b", "c"), "  hashed  a -> b  (c)");
  assert.equal(core.say("usage"), "usage: mcp-boundary check-tools [--prefix NAME] [--profile P]... [--json] (--tools FILE | -- <command> [args...])");
});
