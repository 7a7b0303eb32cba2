// The web build in real headless Chromium (Debian's /usr/bin/chromium) and
// Firefox (Debian's firefox-esr, through geckodriver), loaded by a plain
// <script type="module"> with `await init()`: the repository root is served
// on 127.0.0.1 and the page runs the shared vectors (recipients, tool
// names, payloads, error data, delivery).
import { test } from "node:test";
import assert from "node:assert/strict";
import { serve } from "../scripts/serve.mjs";
import { dumpDom, firefoxResult } from "./helpers.mjs";

test("web build in headless Chromium passes the shared vectors", async () => {
  const server = await serve();
  try {
    const { port } = server.address();
    const dom = await dumpDom(`http://127.0.0.1:${port}/js-tests/browser/vectors.html`);
    const match = /RESULT (\{.*\})/.exec(dom);
    assert.ok(match, `no result in the page: ${dom.slice(0, 500)}`);
    const result = JSON.parse(match[1].replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
    assert.deepStrictEqual(result.failures, []);
    assert.ok(result.ran > 770, `ran ${result.ran}`);
    assert.match(result.userAgent, /Chrome/);
  } finally {
    server.close();
  }
});

test("web build in headless Firefox passes the shared vectors", async () => {
  const server = await serve();
  try {
    const { port } = server.address();
    const text = await firefoxResult(`http://127.0.0.1:${port}/js-tests/browser/vectors.html`);
    const result = JSON.parse(/RESULT (\{.*\})/.exec(text)[1]);
    assert.deepStrictEqual(result.failures, []);
    assert.ok(result.ran > 770, `ran ${result.ran}`);
    assert.match(result.userAgent, /Firefox/);
  } finally {
    server.close();
  }
});
