// recipientSchema (a Zod schema of recipients) and how protectServer finds
// a refused recipient among a schema's issues: the rejection result (§1.2)
// is then the answer, for recipientSchema's Zod issues and for
// recipientStandardSchema embedded in another validator.

/** `{ recipientSchema, rejectionOf }` over the main entry's API and Rust's host rules. */
export function createRecipientSchema(api, core) {
  // The key under which a recipient schema's issue carries its rejection.
  const REJECTION = "mcpBoundaryRecipient";

  /**
   * A schema for the `z` passed in (Zod 3 or 4, classic or Mini) that
   * accepts exactly what `new RecipientValidator(options)` accepts; a
   * failure carries the rejection, which protectServer answers with.
   */
  function recipientSchema(z, options) {
    const base = z !== null && (typeof z === "object" || typeof z === "function") && typeof z.string === "function" ? z.string() : null;
    // Classic schemas have methods; Zod Mini's take checks made by
    // functions of `z` instead (`z.describe`, or `z.meta` where a Mini
    // has no `z.describe`).
    const classic = base !== null && typeof base.describe === "function" && typeof base.superRefine === "function";
    const mini = base !== null && !classic && typeof base.check === "function" && typeof z.superRefine === "function";
    if (!classic && !mini) throw core.argumentError("Zod");
    const validator = new api.RecipientValidator(options);
    const { description } = api.recipientJsonSchema(options);
    const refine = (value, ctx) => {
      const result = validator.rejectionResult(value);
      if (result !== null) ctx.addIssue({ code: "custom", message: result.structuredContent.error.message, params: { [REJECTION]: result } });
    };
    if (classic) return base.describe(description).superRefine(refine);
    const describe = typeof z.describe === "function" ? z.describe(description) : typeof z.meta === "function" ? z.meta({ description }) : null;
    return base.check(...(describe === null ? [] : [describe]), z.superRefine(refine));
  }

  /** The value of `input` at a schema issue's `path` (keys, indexes, Standard Schema's `{ key }` items); undefined where it breaks. */
  function valueAt(input, path) {
    try {
      if (!Array.isArray(path)) return undefined;
      let v = input;
      for (let segment of path) {
        if (segment !== null && typeof segment === "object") segment = segment.key;
        if (v === null || typeof v !== "object" || (typeof segment !== "string" && typeof segment !== "number") || !Object.hasOwn(v, segment)) return undefined;
        v = v[segment];
      }
      return v;
    } catch {
      return undefined;
    }
  }

  /**
   * The rejection result a schema's issues stand for, if one is a refused
   * recipient's: recipientSchema's issue carries it; an issue whose path
   * leads to a value recipientStandardSchema refused during this
   * validation (`rejections`, `[value, result]` pairs) stands for that
   * value's. Only values are compared, never an issue's message: another
   * field's issue holding the very same string gets the same rendition of
   * it. A validator that runs the embedded schema only after an await is
   * not recorded (the record covers the synchronous part of `validate`),
   * and its issue gets the plain answer.
   */
  function rejectionOf(issues, input, rejections) {
    for (const issue of issues) {
      try {
        const r = issue?.code === "custom" ? issue.params?.[REJECTION] : undefined;
        if (r !== undefined) return r;
        if (rejections.length === 0) continue;
        const value = valueAt(input, issue?.path);
        if (typeof value !== "string") continue;
        const found = rejections.find(([refused]) => refused === value);
        if (found !== undefined) return found[1];
      } catch {
        // an issue that throws when read: no rejection
      }
    }
    return undefined;
  }

  return { recipientSchema, rejectionOf };
}
