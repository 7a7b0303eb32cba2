// The recipient field in each validator, as one expression:
// recipientSchema (Zod 3 or 4, classic or Mini), recipientValibot and
// recipientArkType, each refusing with the §1.2 rejection and listing both
// shapes in tools/list; and how protectServer finds a refused recipient
// among a schema's issues (those, and recipientStandardSchema embedded in
// another validator): Rust then answers with the rejection.

/** `{ recipientSchema, recipientValibot, recipientArkType, rejectionOf }` over the main entry's API and Rust's host rules. */
export function createRecipientSchema(api, core) {
  // The key under which a recipient schema's issue carries its rejection.
  const REJECTION = "mcpBoundaryRecipient";
  // Each rejection result recipientSchema put on an issue: the value it
  // refused and the validator that refused it, for Rust to answer with.
  const refusedBy = new WeakMap();

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
      if (result === null) return;
      refusedBy.set(result, { to: value, validator });
      ctx.addIssue({ code: "custom", message: result.structuredContent.error.message, params: { [REJECTION]: result } });
    };
    if (classic) return base.describe(description).superRefine(refine);
    const describe = typeof z.describe === "function" ? z.describe(description) : typeof z.meta === "function" ? z.meta({ description }) : null;
    return base.check(...(describe === null ? [] : [describe]), z.superRefine(refine));
  }

  /**
   * A Valibot schema (the `v` passed in: `import * as v from "valibot"`)
   * that accepts exactly what `new RecipientValidator(options)` accepts: a
   * string schema whose own run refuses with the §1.2 rejection's message,
   * and whose JSON Schema (through @valibot/to-json-schema, which converts
   * no `check` action) is recipientJsonSchema's: `type`, `pattern` and
   * `description`.
   */
  function recipientValibot(v, options) {
    const fit = v !== null && typeof v === "object" && ["string", "pipe", "metadata", "check", "_addIssue"].every((k) => typeof v[k] === "function");
    if (!fit) throw core.argumentError("Valibot");
    const validator = new api.RecipientValidator(options);
    const { description, pattern } = api.recipientJsonSchema(options);
    const string = v.string();
    // The issue a refusal adds: a `check` issue, as v.check's would be.
    const check = v.check(() => false);
    const recipient = {
      ...string,
      "~run"(dataset, config) {
        const result = string["~run"](dataset, config);
        if (!result.typed || typeof result.value !== "string") return result;
        const r = validator.validate(result.value);
        if (!r.ok) {
          core.recordRejection(result.value, validator);
          v._addIssue(check, "input", result, config, { message: r.error.message });
        }
        return result;
      },
    };
    // The pipe gives it its own `~standard` (over this `~run`) and the metadata its JSON Schema.
    return v.pipe(recipient, v.metadata({ description, pattern }));
  }

  /**
   * An ArkType type (the `type` passed in: `import { type } from
   * "arktype"`) that accepts exactly what `new RecipientValidator(options)`
   * accepts: a string narrowed by the validator, refusing with the §1.2
   * rejection's message, whose JSON Schema is recipientJsonSchema's (`type`,
   * `pattern`, `description`; ArkType lists an embedded Standard Schema as
   * `{}`).
   */
  function recipientArkType(type, options) {
    const base = typeof type === "function" ? safely(() => type("string")) : undefined;
    if (base === undefined || typeof base?.narrow !== "function" || typeof base.configure !== "function") throw core.argumentError("ArkType");
    const validator = new api.RecipientValidator(options);
    const { description, pattern } = api.recipientJsonSchema(options);
    return base
      .narrow((to, ctx) => {
        const r = validator.validate(to);
        if (r.ok) return true;
        core.recordRejection(to, validator);
        return ctx.reject({ message: r.error.message });
      })
      .configure({ description, pattern });
  }

  /** `fn()`, or undefined when it throws. */
  function safely(fn) {
    try {
      return fn();
    } catch {
      return undefined;
    }
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
   * The refused recipient a schema's issues stand for, if one is:
   * `{ to, validator }`, the value and the RecipientValidator that refused
   * it. recipientSchema's issue carries its rejection; an issue whose path
   * leads to a value a recipient schema of another validator refused during
   * this validation (`rejections`, `[value, validator]` pairs:
   * recipientStandardSchema, recipientValibot, recipientArkType) stands for
   * that value. Only values are compared, never an issue's message: another
   * field's issue holding the very same string gets the same rendition of
   * it. A validator that runs the embedded schema only after an await is
   * not recorded (the record covers the synchronous part of `validate`),
   * and its issue gets the plain answer.
   */
  function rejectionOf(issues, input, rejections) {
    for (const issue of issues) {
      try {
        const r = issue?.code === "custom" ? issue.params?.[REJECTION] : undefined;
        const refused = r !== null && typeof r === "object" ? refusedBy.get(r) : undefined;
        if (refused !== undefined) return refused;
        if (rejections.length === 0) continue;
        const value = valueAt(input, issue?.path);
        if (typeof value !== "string") continue;
        const found = rejections.find(([to]) => to === value);
        if (found !== undefined) return { to: found[0], validator: found[1] };
      } catch {
        // an issue that throws when read: no rejection
      }
    }
    return undefined;
  }

  return { recipientSchema, recipientValibot, recipientArkType, rejectionOf };
}
