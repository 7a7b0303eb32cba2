// Recipient validation from Node through the npm package:
// `make demo` (or `node examples/recipients.mjs` after `make pkg`).
import { validateRecipient, RecipientValidator } from "mcp-boundary";

const show = (to, result) =>
  console.log(
    `${result.ok ? "accepted" : "rejected"} ${JSON.stringify(to) ?? String(to)}\n` +
      JSON.stringify(result, null, 2).replace(/^/gm, "  "),
  );

console.log("== Node: what an add_message tool returns for each `to`");
for (const to of ["AGENT:*", "@neo-gpt", "AGENT:gpt", "BROADCAST:*", " @neo-gpt", "neo-gpt", "@neo gpt", "@\u202eneo", 42]) {
  show(to, validateRecipient(to));
}

console.log("\n== Node: a deployment that knows its agents (strict, with suggestions)");
const validator = new RecipientValidator({ knownAgents: ["@neo-gpt", "@neo-claude", "@trinity-gemini"], strict: true });
for (const to of ["@trinity-gemini", "@neo-gp", "AGENT:gpt"]) show(to, validator.validate(to));

console.log("\n== Node: options that cannot work throw a TypeError naming the option");
try {
  new RecipientValidator({ knownAgents: ["@neo-gpt", "neo-claude"] });
} catch (e) {
  console.log(`${e.name} ${e.code} ${e.reason} option=${e.option}: ${e.message}`);
}
