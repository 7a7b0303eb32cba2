// What every runtime's test computes with the package (the shared
// recipient vectors and every part of the API), written once: each
// runtime's answers, through JSON, must equal Node's.
export function exercise({ validateRecipient, RecipientValidator, toLlmFacingName, ToolRegistry, ErrorClassifier, planDelivery }, cases) {
  const recipients = cases.map((c) => validateRecipient(c.to, c.options));
  const many = new RecipientValidator().validateMany(cases.map((c) => c.to));
  const registry = new ToolRegistry({ profile: "openai", overflow: "hash" });
  registry.registerServer("github", ["create_issue", "search.code"]);
  const history = registry.fromProvider({ content: [{ type: "tool_use", id: "t1", name: "github__create_issue", input: {} }] }, "anthropic");
  const classifier = new ErrorClassifier({ tools: { add_message: ["to"] }, fieldMessages: ["is required"] });
  return {
    recipients,
    many,
    alias: toLlmFacingName("github/create_issue"),
    entries: registry.entries(),
    history,
    classified: classifier.classify("add_message", "to is required"),
    rejected: classifier.toolErrorResult("add_message", "secret input"),
    plan: planDelivery({ to: "AGENT:*", sender: "@a", agents: ["@a", "@b", "@c"] }),
  };
}
