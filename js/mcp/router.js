// ToolRouter: a host's tools from its connected SDK Clients (v1 and v2 in
// one router), each as `server/tool` in one ToolRegistry. How a client is
// followed and called is its line's (js/mcp/line-v1.js, line-v2.js); every
// rule, bound and error is Rust's (src/host/, through `core`).

import { rpcError } from "./rpc-error.js";

/** The server of a canonical name (`server/tool`); undefined for a name without one (a first-party name). */
function serverOf(canonical) {
  const slash = canonical.indexOf("/");
  return slash < 0 ? undefined : canonical.slice(0, slash);
}

/** The ToolRouter class over the main entry's API, Rust's host rules and the SDK lines. */
export function createRouter(api, core, lines) {
  /**
   * A host's tools from its connected SDK Clients, each as `server/tool`
   * in one ToolRegistry (aliases per profile, collisions skipped and
   * reported), declared to a provider in its own shape, and a model's call
   * routed back to the server that has the tool.
   */
  class ToolRouter {
    #registry;
    #servers = new Map(); // server → { client, tools: Map of canonical → tool, refused, and how it is followed and listed }
    #adding = new Map(); // server → the entry of its newest addServer, until its tools are in place
    #skip;
    #nameOptions; // the registry's profile and overflow
    constructor(options) {
      // A host would rather lose one tool than a server: "skip" unless told.
      const onCollision = options?.onCollision ?? "skip";
      this.#nameOptions = { profile: options?.profile, overflow: options?.overflow ?? "hash" };
      this.#registry = new api.ToolRegistry({ ...this.#nameOptions, onCollision });
      this.#skip = onCollision === "skip";
    }
    /**
     * Connects a server's tools (every page of tools/list), and follows its
     * tools/list_changed. Returns what was refused for a collision and
     * what no alias can stand for; with onCollision "throw", either throws.
     * All or nothing: when it throws, nothing of this server is registered
     * or followed, and a server added earlier under the name stays as it
     * was; when it succeeds, the new tools replace that server's.
     */
    async addServer(name, client) {
      // Rust's rule (docs/DECISIONS.md): a server name that could make one
      // server's alias another's is refused, and so is a value that is no name.
      core.checkServerName(name, this.#nameOptions);
      const line = client !== null && typeof client === "object" && typeof client.listTools === "function" && typeof client.setNotificationHandler === "function" ? lines.client(client) : undefined;
      if (line === undefined) throw core.argumentError("Client");
      const entry = { client, line, tools: new Map(), registered: [], refused: [], listing: null, stale: false, previous: undefined, installed: undefined, subscription: undefined, followed: true, listed: false, retry: undefined };
      this.#adding.set(name, entry); // until its tools are in place; a later addServer or removeServer of the name cancels it
      try {
        // A change heard before the add's own listing starts is in that
        // listing: only then may a change list (and put the server in place).
        const changed = () => {
          if (entry.listed) this.#refresh(name, entry).catch(() => {}); // a refused new list keeps the old one
        };
        this.#follow(entry, changed);
        await this.#subscribe(entry, changed, 0);
        entry.listed = true;
        return await this.#refresh(name, entry);
      } finally {
        if (this.#adding.get(name) === entry) this.#adding.delete(name);
        if (this.#servers.get(name) !== entry) this.#unfollow(entry); // failed or cancelled: not followed either
      }
    }
    /**
     * Calls `changed` on the client's tools/list_changed, and then the
     * handler the client had for it (its own `listChanged` option, a
     * host's handler): following a server must not silence them.
     */
    #follow(entry, changed) {
      const { client, line } = entry;
      const handlers = client._notificationHandlers; // Protocol's, by method
      const previous = handlers instanceof Map ? handlers.get(line.listChanged) : undefined;
      if (handlers instanceof Map) {
        // In the map, beside the handler the client had, with every argument
        // the dispatch gives (v2's handlers read the notification's codec
        // there, which a handler set through setNotificationHandler is not
        // given, so the client's own could not be called from one).
        handlers.set(line.listChanged, (...args) => {
          changed();
          return previous?.(...args);
        });
      } else {
        line.follow(client, changed);
      }
      entry.previous = previous;
      entry.installed = handlers instanceof Map ? handlers.get(line.listChanged) : undefined;
    }
    /**
     * Opens the subscription the client's revision needs for list changes
     * to arrive (2026-07-28 sends them only on a `subscriptions/listen`
     * stream; earlier revisions send them unasked), or takes the one the
     * client's own `listChanged` option opened. A stream the server ends is
     * opened again (our own, then), with a list in between for what it
     * missed, after Rust's wait (LISTEN_RETRY_MS: doubled after each stream
     * that ended sooner than the longest wait), for as long as the server is
     * followed and its client connected. Failing to open it fails the add.
     */
    async #subscribe(entry, changed, attempt) {
      const subscription = await entry.line.subscribe(entry.client, attempt > 0);
      const opened = Date.now(); // from the server's acknowledgement
      if (subscription === undefined) return;
      if (!entry.followed) {
        subscription.close().catch(() => {}); // removed or failed meanwhile
        return;
      }
      entry.subscription = subscription;
      subscription.closed.then((cause) => {
        if (cause !== "remote" || !entry.followed || entry.subscription !== subscription) return;
        entry.subscription = undefined;
        const [first, longest] = core.listenRetryMs;
        this.#resubscribe(entry, changed, Date.now() - opened >= longest ? 0 : attempt + 1, first, longest);
      });
    }
    /** Opens the stream again after the wait for `attempt` (and again, longer, while it cannot be opened); then lists. */
    #resubscribe(entry, changed, attempt, first, longest) {
      const wait = Math.min(first * 2 ** Math.min(attempt, 16), longest);
      entry.retry = setTimeout(() => {
        entry.retry = undefined;
        if (!entry.followed || entry.client.transport === undefined) return; // removed, or its client closed
        this.#subscribe(entry, changed, Math.max(attempt, 1)).then(changed, () => this.#resubscribe(entry, changed, attempt + 1, first, longest));
      }, wait);
      entry.retry.unref?.(); // a router never keeps a process alive
    }
    /**
     * The client's own handler back, unless another has replaced ours
     * since (that one still calls ours, which then does nothing), and the
     * subscription closed.
     */
    #unfollow(entry) {
      entry.followed = false;
      clearTimeout(entry.retry);
      entry.subscription?.close().catch(() => {});
      entry.subscription = undefined;
      const { client, line } = entry;
      const handlers = client._notificationHandlers;
      if (!(handlers instanceof Map)) client.removeNotificationHandler?.(line.listChanged);
      else if (handlers.get(line.listChanged) === entry.installed) {
        if (entry.previous === undefined) handlers.delete(line.listChanged);
        else handlers.set(line.listChanged, entry.previous);
      }
    }
    /** Whether `entry` is the server's: added, or the newest addServer of the name still listing. */
    #current(name, entry) {
      return this.#servers.get(name) === entry || this.#adding.get(name) === entry;
    }
    /**
     * Lists the server's tools and maps them. One listing at a time per
     * server: a change announced during one (servers announce each tool
     * they add, so they come in bursts) lists once more after it, so the
     * mapping ends at the newest list whatever order the answers come in.
     */
    #refresh(name, entry) {
      if (!this.#current(name, entry)) return Promise.resolve({ refused: [], unrepresentable: [] }); // removed
      if (entry.listing !== null) {
        entry.stale = true;
        return entry.listing;
      }
      entry.listing = (async () => {
        let tools, error;
        let rounds = 0;
        try {
          // Only the last listing is put in place (at most Rust's
          // maxRounds of them: a server announcing a change during every
          // listing must not hold an add for ever): an add puts nothing in
          // place before it, so a later listing that fails leaves nothing
          // of the add behind. A change heard during the last one lists
          // again at the server's next announcement.
          do {
            entry.stale = false;
            rounds++;
            try {
              tools = await this.#fetch(entry);
              error = undefined;
            } catch (e) {
              error = e;
            }
          } while (entry.stale && rounds < core.maxRounds && this.#current(name, entry));
        } finally {
          entry.listing = null;
        }
        if (error !== undefined) throw error;
        return this.#place(name, entry, tools);
      })();
      return entry.listing;
    }
    /** Every page of the server's tools/list, within Rust's bounds (or its TOOL_LIST_REFUSED error). */
    #fetch(entry) {
      const { client, line } = entry;
      return core.listTools({ listTools: (params) => line.listTools(client, params) });
    }
    /**
     * A listing's tools in place of the server's: of this entry's earlier
     * list, or, for an add, of the server added earlier under the name,
     * which then stops being followed. A list the registry refuses
     * ("throw") changes nothing.
     */
    #place(name, entry, tools) {
      if (!this.#current(name, entry)) return { refused: [], unrepresentable: [] }; // removed or replaced meanwhile
      const earlier = this.#servers.get(name); // entry itself on a re-list
      const before = earlier === undefined ? [] : earlier.registered;
      this.#registry.unregisterServer(name);
      let refused = [], unrepresentable = [];
      let names = tools.map((t) => t.name);
      try {
        let report;
        try {
          report = this.#registry.registerServer(name, names);
        } catch (e) {
          // With "skip", one name that no alias can stand for (an empty
          // part, a lone surrogate) must not cost the whole server: those
          // are left out and reported, the rest registered. Rare, so only
          // then is each name asked on its own.
          if (!this.#skip || !(e instanceof api.ToolNameError)) throw e; // with "skip", a collision never throws
          ({ names, unrepresentable } = this.#representable(name, names));
          report = this.#registry.registerServer(name, names);
        }
        if (this.#skip) refused = report.refused;
      } catch (e) {
        this.#registry.unregisterServer(name);
        this.#registry.registerServer(name, before); // "throw": the list that fitted stays
        throw e;
      }
      if (earlier !== entry) {
        if (earlier !== undefined) this.#unfollow(earlier);
        this.#servers.set(name, entry);
        this.#adding.delete(name);
      }
      entry.tools = new Map(tools.map((t) => [`${name}/${t.name}`, t]));
      entry.registered = names; // what a refused later list puts back
      entry.refused = refused;
      return { refused, unrepresentable };
    }
    /** `names` split into those an alias can stand for and the others (`{ canonical, reason }`), as the registry's options decide. */
    #representable(server, names) {
      const ok = [], unrepresentable = [];
      for (const tool of names) {
        const canonical = `${server}/${tool}`;
        try {
          api.toLlmFacingName(canonical, this.#nameOptions);
          ok.push(tool);
        } catch (e) {
          if (!(e instanceof api.ToolNameError)) throw e; // all it throws for a name
          unrepresentable.push({ canonical, reason: e.reason });
        }
      }
      return { names: ok, unrepresentable };
    }
    /** Disconnects a server's tools (the client itself is the caller's to close), and cancels an addServer of the name still listing. */
    removeServer(name) {
      const adding = this.#adding.delete(name); // its addServer stops following it
      const entry = this.#servers.get(name);
      if (entry === undefined) return adding;
      this.#unfollow(entry);
      this.#servers.delete(name);
      this.#registry.unregisterServer(name);
      return true;
    }
    /** The tools, as `format` requests declare them, under their aliases. */
    tools(format) {
      const specs = [];
      for (const { canonical, alias } of this.#registry.entries()) {
        const tool = this.#toolOf(canonical);
        if (tool !== undefined) specs.push({ name: alias, description: tool.description, inputSchema: tool.inputSchema });
      }
      return api.toolDefinitions(specs, format);
    }
    /** The registry: aliases both ways, and payload rewriting (toProvider, fromProvider). */
    get registry() {
      return this.#registry;
    }
    /**
     * Calls a tool by its alias or canonical name on the server that has
     * it. An unknown name throws the JSON-RPC -32602 "unknown tool" error
     * with suggestions among the aliases; the name is never echoed.
     */
    async callTool(name, args, options) {
      const canonical = typeof name === "string" ? this.#registry.toCanonical(name) : null;
      const tool = canonical === null ? undefined : this.#toolOf(canonical);
      if (tool === undefined) {
        // Rust's -32602, suggestions among the registry's aliases.
        throw rpcError(this.#registry.unknownToolResponse(null, name));
      }
      // The server would refuse anything else with an error about its own
      // request schema; OpenAI's arguments arrive as JSON text.
      if (args !== undefined && args !== null && (typeof args !== "object" || Array.isArray(args))) {
        throw core.argumentError("ToolArguments");
      }
      const entry = this.#servers.get(serverOf(canonical));
      return entry.line.callTool(entry.client, { name: tool.name, arguments: args ?? {} }, options);
    }
    /** The tool of a server the router holds, by its canonical name; undefined for any other name. */
    #toolOf(canonical) {
      const server = serverOf(canonical);
      return server === undefined ? undefined : this.#servers.get(server)?.tools.get(canonical);
    }
  }

  return ToolRouter;
}
