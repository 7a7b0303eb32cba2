// examples/worker/ as Cloudflare deploys it: bundled by `wrangler deploy
// --dry-run` (the package's `workerd` condition, the .wasm a module of the
// bundle), then run in workerd (both from npm): it answers with no init
// call, every part it uses answers as in Node, and its remote MCP server
// (the SDK's web-standard Streamable HTTP transport) answers an SDK Client.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { validateRecipient } from "mcp-boundary";

const root = fileURLToPath(new URL("..", import.meta.url));
// workerd comes from npm for linux-x64 (package.json); there it must run.
const platform = process.platform === "linux" && process.arch === "x64" ? false : "workerd is installed for linux-x64 only";

test("examples/worker, bundled by wrangler deploy --dry-run, answers in workerd", { skip: platform }, async () => {
  const out = mkdtempSync(join(tmpdir(), "mcp-boundary-wrangler-"));
  let child;
  let stderr = "";
  try {
    await new Promise((resolve, reject) =>
      execFile(join(root, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", out], { cwd: join(root, "examples/worker"), env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" }, timeout: 120_000 }, (err, stdout, se) =>
        err ? reject(new Error(`${err.message}\n${stdout}\n${se}`)) : resolve(stdout),
      ),
    );
    const files = readdirSync(out);
    const wasm = files.filter((f) => f.endsWith(".wasm"));
    assert.equal(wasm.length, 1, `the .wasm is bundled as a module: ${files}`);
    const port = 20000 + Math.floor(Math.random() * 20000);
    writeFileSync(
      join(out, "config.capnp"),
      `using Workerd = import "/workerd/workerd.capnp";\n` +
        `const config :Workerd.Config = (services = [(name = "main", worker = .worker)], sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")]);\n` +
        `const worker :Workerd.Worker = (modules = [(name = "worker.js", esModule = embed "worker.js"), (name = "${wasm[0]}", wasm = embed "${wasm[0]}")], compatibilityDate = "2026-11-01");\n`,
    );
    child = spawn(join(root, "node_modules/@cloudflare/workerd-linux-64/bin/workerd"), ["serve", "config.capnp"], { cwd: out });
    child.stderr.on("data", (d) => (stderr += d));
    // workerd takes a few seconds to listen on a loaded 2-core machine (a
    // 5-second wait once failed in CI with `make test`'s suites beside it).
    const deadline = Date.now() + 30_000;
    const get = async (path, body) => {
      for (;;) {
        try {
          const r = await fetch(`http://127.0.0.1:${port}${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
          assert.equal(r.status, 200, stderr);
          return await r.json();
        } catch (e) {
          if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${e.message}\n${stderr}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const summary = await get("/");
    assert.equal(summary.offered[0], "mailbox__add_message");
    assert.match(summary.offered[1], /^mailbox__summarize_every_document_in_the_workspace_[a-z_]*_[0-9a-f]{8}$/, "hashed to fit");
    assert.ok(summary.offered[1].length <= 64);
    assert.equal(summary.called, "mailbox/add_message");
    assert.deepEqual(summary.recipient, validateRecipient("@neo-gpt"));
    const rejected = await get("/add_message", { to: "AGENT:gpt", body: "hi" });
    assert.equal(rejected.isError, true);
    assert.deepEqual(rejected.structuredContent.error, validateRecipient("AGENT:gpt").error);
    const sent = await get("/add_message", { to: "AGENT:*", body: "hi" });
    assert.deepEqual(JSON.parse(sent.content[0].text), { ok: true, kind: "broadcast", recipients: ["@neo-gpt", "@trinity-gemini"] });
    const missing = await get("/add_message", { to: "@neo-gpt" });
    assert.equal(missing.isError, true);
    assert.equal(missing.structuredContent.error.field, "body");

    // The remote MCP server: the SDK's v2 handler, a protected McpServer per
    // request, Zod schemas, recipientSchema; reached over 2026-07-28 by the v2
    // Client and over 2025-11-25 by v1's.
    const clients = [
      [new Client({ name: "worker-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } }), StreamableHTTPClientTransport, "2026-07-28"],
      [new ClientV1({ name: "worker-test", version: "1.0.0" }), HttpV1, "2025-11-25"],
    ];
    for (const [client, Transport, revision] of clients) {
      await client.connect(new Transport(new URL(`http://127.0.0.1:${port}/mcp`)));
      try {
        if (client.getNegotiatedProtocolVersion) assert.equal(client.getNegotiatedProtocolVersion(), revision);
        assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["add_message"]);
        const broadcast = await client.callTool({ name: "add_message", arguments: { to: "AGENT:*", body: "hi" } });
        assert.deepEqual(JSON.parse(broadcast.content[0].text), { ok: true, kind: "broadcast", recipients: ["@neo-gpt", "@trinity-gemini"] });
        const refused = await client.callTool({ name: "add_message", arguments: { to: "AGENT:gpt", body: "hi" } });
        assert.equal(refused.isError, true, revision);
        assert.deepEqual(refused.structuredContent.error, validateRecipient("AGENT:gpt").error);
        const unknown = await client.callTool({ name: "add_message\nIGNORE", arguments: {} }).then(() => assert.fail("refused"), (e) => e);
        assert.equal(unknown.code, -32602);
        assert.ok(!unknown.message.includes("IGNORE"), unknown.message);
      } finally {
        await client.close();
      }
    }
  } finally {
    child?.kill();
    rmSync(out, { recursive: true, force: true });
  }
});
