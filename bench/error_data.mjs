// Safe error.data beside a plain-JS equivalent: `make bench`.
import { ErrorClassifier } from "mcp-boundary";
import { compare, report } from "./harness.mjs";

const catalog = {
  tools: ["list_bounties", "get_bounty", "claim_bounty"],
  fields: ["limit", "status", "issue_number", "repo"],
  fieldMessages: ["must be at most 100", "must be a boolean", "must be one of open, closed", "is required"],
  fieldlessMessages: ["unknown tool", "matches multiple bounties"],
};

// ---- the plain-JS equivalent: the seed dispatcher's rule with Sets ----
const TOOLS = new Set(catalog.tools), FIELDS = new Set(catalog.fields);
const PHRASES = new Set(catalog.fieldMessages), FIELDLESS = new Set(catalog.fieldlessMessages);
function plainClassify(tool, error) {
  const message = typeof error === "string" ? error : typeof error?.message === "string" ? error.message : null;
  if (message === null) return null;
  const t = TOOLS.has(tool) ? tool : null;
  const i = message.indexOf(" ");
  if (i >= 0) {
    const head = message.slice(0, i), tail = message.slice(i + 1);
    if (FIELDS.has(head)) {
      if (PHRASES.has(tail)) return { code: "invalid_argument", tool: t, field: head, message: tail };
      if (FIELDLESS.has(tail)) return { code: "invalid_argument", tool: t, field: null, message: tail };
    }
  }
  return FIELDLESS.has(message) ? { code: "invalid_argument", tool: t, field: null, message } : null;
}
function plainResponse(id, tool, error) {
  const data = plainClassify(tool, error);
  const e = { code: -32602, message: "invalid tool arguments" };
  if (data !== null) e.data = data;
  return { jsonrpc: "2.0", id: typeof id === "string" || typeof id === "number" ? id : null, error: e };
}

const classifier = new ErrorClassifier(catalog);
const messages = ["limit must be at most 100", "status must be a boolean", "unknown tool", "repo is required", "limit must be at most 1000", "something else entirely"];
const distinct = Array.from({ length: 1 << 16 }, (_, i) => `limit must be at most ${i}`);
for (const m of [...messages, ...distinct.slice(0, 200)]) {
  if (JSON.stringify(classifier.classify("list_bounties", m)) !== JSON.stringify(plainClassify("list_bounties", m))) throw new Error(`equivalents disagree on ${m}`);
}

const n = messages.length;
const rows = [
  compare("classify (repeated messages)", (i) => +(classifier.classify("list_bounties", messages[i % n]) !== null), (i) => +(plainClassify("list_bounties", messages[i % n]) !== null), { target: 1.5 }),
  compare("classify (distinct messages)", (i) => +(classifier.classify("list_bounties", distinct[i & 0xffff]) !== null), (i) => +(plainClassify("list_bounties", distinct[i & 0xffff]) !== null), { target: 2.0 }),
  compare("invalidArgumentsResponse (repeated messages)", (i) => classifier.invalidArgumentsResponse(i, "list_bounties", messages[i % n]).id, (i) => plainResponse(i, "list_bounties", messages[i % n]).id, { iterations: 50_000 }),
];
report("Error data", rows);
