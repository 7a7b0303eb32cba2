// What the bundled apps compute, whichever entry of the package they load.
export function run({ validateRecipient, toLlmFacingName, ErrorClassifier, unreadCount }) {
  return [
    validateRecipient("AGENT:gpt").error.reason,
    validateRecipient("@neo-gpt").recipient.id,
    toLlmFacingName("github/create_issue", { profile: "openai" }),
    new ErrorClassifier({ tools: ["t"], fields: ["limit"], fieldMessages: ["must be at most 100"] }).classify("t", "limit must be at most 100").field,
    unreadCount([{ from: "@a", to: "AGENT:*", receipts: [{ recipient: "@b", readAt: null }] }], "@b"),
  ];
}
