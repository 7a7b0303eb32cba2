// Safe error.data: ErrorClassifier, and the reading of schema issues (Zod
// or Ajv) that Rust classifies. Rust decides and answers with catalog ids;
// this part reads the places Rust names and builds the data from the
// catalog strings, in Rust's shape (js/generated/shapes.js).
import { Memo } from "./memo.js";
import { withId } from "./envelope.js";
import { errorData } from "../generated/shapes.js";
import { errorTables as rustErrorTables } from "../generated/tables.js";

/** The ErrorClassifier class over the transport helpers `h`. */
export function createErrorData(glue, h) {
  const { Word, Expected, Misuse, Class, Limit } = glue;
  const { out, take, argumentError, misuse, lengthOf, isList, isOwn, put, putList, words, Transport } = h;

  // Read when the first ErrorClassifier is made (a cost at import otherwise).
  let ISSUE_MESSAGES, ISSUE_FIELDS, ISSUE_PATH, ISSUE_LOC;
  function errorTables() {
    if (ISSUE_FIELDS === undefined) ({ issueMessages: ISSUE_MESSAGES, issueFields: ISSUE_FIELDS, issuePath: ISSUE_PATH, issueLoc: ISSUE_LOC } = rustErrorTables());
  }
  const ISSUE_WORDS = glue.IssueWord;

  /** The value at `place` (keys and indexes, as Rust lists them) of a schema issue; undefined where the path breaks. */
  function at(issue, place) {
    let v = issue;
    for (let i = 0; i < place.length; i++) {
      if (v === null || typeof v !== "object") return undefined;
      v = v[place[i]];
    }
    return v;
  }

  /**
   * Whether `input` has no value at `path` (a list of keys and indexes,
   * or Standard Schema's `{ key }` items):
   * 1 when a step finds no own property there or the value is undefined,
   * 0 when it has one or the path cannot be followed (a step into a
   * primitive, a path that is no list); Word.Missing without an input.
   * Only presence is read, never a value's content.
   */
  function absentAt(input, path) {
    if (input === undefined) return Word.Missing;
    if (!isList(path)) return 0;
    try {
      // Ends at the input's depth: each step goes one level into it.
      let v = input;
      for (let i = 0; i < path.length; i++) {
        if (v === null || typeof v !== "object") return 0;
        let key = path[i];
        // A Standard Schema path item may be `{ key }` (Valibot's are).
        if (key !== null && typeof key === "object") key = key.key;
        if (typeof key !== "string" && typeof key !== "number") return 0; // a symbol: JSON arguments have none
        if (!isOwn.call(v, key)) return 1;
        v = v[key];
      }
      return v === undefined ? 1 : 0;
    } catch {
      return 0; // a Proxy or getter that throws: no claim either way
    }
  }

  /**
   * Streams schema issues into a classifier's scratch for Rust to decide:
   * the fields Rust names (ISSUE_FIELDS) read once per issue, strings
   * interned and written as UTF-16 units, then the path's length,
   * whether `input` (the arguments that failed, if given) lacks a value
   * there, and the length of the list at ISSUE_LOC (pydantic's); then `op(toolLength, stringCount, issueCount)` is called. An
   * issue that throws while it is read streams with no fields. Returns
   * `[base of the words, issue count]`.
   */
  function streamIssues(s, tool, issues, op, input) {
    const ids = new Map(), strings = [], fields = [];
    const count = lengthOf(issues, Expected.Issues);
    for (let k = 0; k < count; k++) {
      const start = fields.length;
      try {
        const issue = issues[k];
        for (let f = 0; f < ISSUE_FIELDS.length; f++) {
          const v = at(issue, ISSUE_FIELDS[f]);
          if (typeof v !== "string") {
            fields.push(v === undefined || v === null ? Word.Missing : Word.Other);
            continue;
          }
          let id = ids.get(v);
          if (id === undefined) {
            id = strings.length;
            ids.set(v, id);
            strings.push(v);
          }
          fields.push(id);
        }
        const path = at(issue, ISSUE_PATH);
        fields.push(isList(path) ? path.length : Word.Missing, absentAt(input, path));
        const loc = at(issue, ISSUE_LOC);
        fields.push(isList(loc) ? loc.length : Word.Missing);
      } catch {
        fields.length = start;
        for (let f = 0; f < ISSUE_FIELDS.length + 3; f++) fields.push(Word.Missing);
      }
    }
    // A string (and the tool) longer than a piece is written cut to the object's
    // issue_units, when longer than those: Rust scans it first, in pieces
    // (which use the units the stream is written to after), and gives the
    // word that stands for its length.
    let cap, cut = null;
    const toolLength = tool.length;
    if (toolLength > Limit.Piece) tool = tool.slice(0, (cap ??= s.v.issue_units())); // Rust reads as much of it
    let total = tool.length;
    for (let i = 0; i < strings.length; i++) {
      let v = strings[i];
      if (v.length > Limit.Piece && v.length > (cap ??= s.v.issue_units())) {
        let word;
        s.pieces(v, (m, first) => (word = s.v.feed_issue_text(m, first)));
        (cut ??= []).push(i, word);
        strings[i] = v = v.slice(0, cap);
      }
      total += v.length;
    }
    const wordCount = Math.max(strings.length + fields.length, count * ISSUE_WORDS.Size);
    const w = s.wordsAt(wordCount); // first: both may grow memory
    const u = s.unitsAt(total);
    put(u, tool);
    putList(u + tool.length, w, strings);
    const words32 = words();
    if (cut !== null) for (let k = 0; k < cut.length; k += 2) words32[w + cut[k]] = cut[k + 1];
    for (let i = 0; i < fields.length; i++) words32[w + strings.length + i] = fields[i];
    op(toolLength, strings.length, count);
    s.done(Math.max(total, wordCount));
    return [w, count];
  }

  /** The message of an error value: a string, or a string `.message`; else null. Never throws. */
  function messageOf(error) {
    if (typeof error === "string") return error;
    if (error === null || (typeof error !== "object" && typeof error !== "function")) return null;
    try {
      const m = error.message;
      return typeof m === "string" ? m : null;
    } catch {
      return null;
    }
  }

  /** The issue list of a schema failure: an array of issues, or a ZodError's (3 or 4) `issues`; else null. Never throws. */
  function issuesOf(x) {
    if (isList(x)) return x;
    if (x === null || typeof x !== "object") return null;
    try {
      const issues = x.issues;
      return isList(issues) ? issues : null;
    } catch {
      return null;
    }
  }

  /** A whitelist classifier of tool-argument errors. */
  class ErrorClassifier {
    #s;
    #strings; // the catalog strings, as Rust indexed them: every result string is one of these
    #memo = new Map(); // tool → { id: Rust's tool id, memo: Memo of message → [field, message] ids, or null }
    constructor(catalog) {
      errorTables();
      if (catalog === undefined || catalog === null) throw argumentError(Expected.Catalog);
      const v = new glue.Classifier(catalog, out);
      const first = take();
      if (!Array.isArray(first)) {
        v.free();
        throw first;
      }
      this.#s = new Transport(v);
      this.#strings = first;
      // Rust's bounds: of a longer tool name or message only the start is
      // written (it gives the same answer).
      this.#toolUnits = v.tool_units();
      this.#messageUnits = v.message_units();
    }
    #toolUnits;
    #messageUnits;
    /** The transport of a live ErrorClassifier; a clear error for a freed one or another object. */
    static #live(self) {
      if (self === null || typeof self !== "object" || !(#s in self)) throw misuse(Misuse.WrongReceiver, Class.ErrorClassifier);
      if (self.#s === null) throw misuse(Misuse.Freed, Class.ErrorClassifier);
      return self.#s;
    }
    /** The memo entry of tool string `t`: Rust's id for it (Word.Missing for none) and the messages classified for it. */
    #entry(s, t) {
      let entry = this.#memo.get(t);
      if (entry === undefined) {
        const id = s.v.tool_id(s.writeHead(t, this.#toolUnits));
        s.done(Math.min(t.length, this.#toolUnits));
        entry = { id, memo: new Memo() };
        // A name past Rust's bound is no tool: kept, it would keep a
        // hostile string alive for nothing.
        if (t.length < this.#toolUnits) {
          if (this.#memo.size >= 256) this.#memo.clear();
          this.#memo.set(t, entry);
        }
      }
      return entry;
    }
    /** Writes tool and message (when a string) for an envelope call; returns the message length or undefined. */
    #prepare(tool, error) {
      const t = typeof tool === "string" ? tool : "";
      const message = messageOf(error);
      ErrorClassifier.#live(this).write2Heads(t, this.#toolUnits, message ?? "", this.#messageUnits);
      return [t.length, message === null ? undefined : message.length];
    }
    /** `{ code, tool, field, message }` from catalog strings, or null. */
    classify(tool, error) {
      const s = ErrorClassifier.#live(this);
      const message = messageOf(error);
      if (message === null) return null;
      const entry = this.#entry(s, typeof tool === "string" ? tool : "");
      let ids = entry.memo.get(message); // [field, message] ids, or null
      if (ids === undefined) {
        if (s.v.classify(entry.id, s.writeHead(message, this.#messageUnits))) {
          const w = s.wordsAt(2), words32 = words();
          ids = [words32[w], words32[w + 1]];
        } else ids = null;
        s.done(Math.min(message.length, this.#messageUnits));
        entry.memo.set(message, ids);
      }
      if (ids === null) return null;
      const strings = this.#strings, field = ids[0];
      return errorData(entry.id === Word.Missing ? null : strings[entry.id], field === Word.Missing ? null : strings[field], strings[ids[1]]);
    }
    /** The JSON-RPC -32602 response; `data` only when the error classifies (else the legacy envelope). */
    invalidArgumentsResponse(id, tool, error) {
      ErrorClassifier.#live(this);
      const [t, m] = this.#prepare(tool, error);
      this.#s.v.invalid_arguments_response(id, t, m, out);
      return withId(take(), id);
    }
    /**
     * An MCP CallToolResult with isError: true; text from catalog strings
     * only. A ZodError gives its issues' result (`input`: as for
     * classifyIssues).
     */
    toolErrorResult(tool, error, input) {
      const s = ErrorClassifier.#live(this);
      const issues = error !== null && typeof error === "object" && !isList(error) ? issuesOf(error) : null;
      if (issues !== null) {
        streamIssues(s, typeof tool === "string" ? tool : "", issues, (t, n, c) => s.v.issues_result_stream(t, n, c, out), input);
        return take();
      }
      const [t, m] = this.#prepare(tool, error);
      s.v.tool_error_result(t, m, out);
      return take();
    }
    /** The CallToolResult for an error a tool's handler threw: classified, else `tool <name> failed`; nothing of the error's own text otherwise. */
    handlerErrorResult(tool, error) {
      const s = ErrorClassifier.#live(this);
      const [t, m] = this.#prepare(tool, error);
      s.v.handler_error_result(t, m, out);
      return take();
    }
    /** Whether `tool`'s error results carry `structuredContent` (false for a tool in the catalog's `outputSchemaTools`). */
    structuredErrors(tool) {
      const s = ErrorClassifier.#live(this);
      const t = typeof tool === "string" ? tool : "";
      const structured = s.v.structured_errors(s.writeHead(t, this.#toolUnits));
      return structured;
    }
    /** -32602 with up to 3 catalog tools nearest `name`; the name itself never appears. */
    unknownToolResponse(id, name) {
      const s = ErrorClassifier.#live(this);
      s.v.unknown_tool_response(id, s.toolQuery(name, (m, first) => s.v.feed_name(m, first)), out);
      return withId(take(), id);
    }
    /**
     * Zod issues (or a ZodError) or Ajv errors → safe data, one per issue.
     * `input`, the arguments that failed, tells a value left out from a
     * wrong one where the issue does not (Zod 4); only presence is read.
     */
    classifyIssues(tool, issues, input) {
      const s = ErrorClassifier.#live(this);
      issues = issuesOf(issues);
      if (issues === null) throw argumentError(Expected.Issues);
      const t = typeof tool === "string" ? tool : "";
      const [base, count] = streamIssues(s, t, issues, (tl, n, c) => s.v.classify_issue_stream(tl, n, c), input);
      const words32 = words();
      const strings = this.#strings, size = ISSUE_WORDS.Size, missing = Word.Missing;
      const data = new Array(count);
      for (let k = 0, w = base; k < count; k++, w += size) {
        const tl = words32[w + ISSUE_WORDS.Tool], f = words32[w + ISSUE_WORDS.Field];
        const fixed = words32[w + ISSUE_WORDS.Fixed], hint = words32[w + ISSUE_WORDS.Hint];
        data[k] = errorData(tl === missing ? null : strings[tl], f === missing ? null : strings[f], hint === missing ? ISSUE_MESSAGES[fixed] : strings[hint]);
      }
      return data;
    }
    /** Frees the wasm side now (optional). Any later use throws. */
    free() {
      const s = ErrorClassifier.#live(this);
      this.#s = null;
      s.free();
    }
  }

  /** streamIssues for another wasm object that reads issue streams (js/api/mcp-core.js's protection): Rust's tables read first. */
  function streamIssuesInto(s, tool, issues, op, input) {
    errorTables();
    return streamIssues(s, tool, issues, op, input);
  }

  return { ErrorClassifier, streamIssues: streamIssuesInto };
}
