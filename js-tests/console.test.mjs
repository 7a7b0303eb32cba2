// The browser console example in real headless Chromium, driven by
// playwright-core (Debian's /usr/bin/chromium: no browser download): it
// types into the page, checks what the page shows, and saves a screenshot.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { serve } from "../scripts/serve.mjs";
import { CHROMIUM_FLAGS } from "./helpers.mjs";

const SCREENSHOT = new URL("../target/screenshots/browser-console.png", import.meta.url);

test("the agent console shows verdicts as the user types", async () => {
  const server = await serve(0);
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`http://127.0.0.1:${server.address().port}/examples/browser-console/`);
    await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("ready"));

    // Recipient: the seed's mistake, then a fix, then strict mode with a typo.
    assert.match(await page.textContent("#recipient-verdict"), /rejected: INVALID_RECIPIENT_SHAPE \(agent_prefix_with_name\)/);
    await page.fill("#recipient", "");
    await page.type("#recipient", "@neo-gpt");
    assert.equal(await page.textContent("#recipient-verdict"), "accepted: direct message to neo-gpt");
    await page.check("#strict");
    await page.fill("#recipient", "@neo-gp");
    assert.match(await page.textContent("#recipient-verdict"), /UNKNOWN_RECIPIENT/);
    assert.match(await page.textContent("#recipient-result"), /"@neo-gpt"/, "a suggestion from the known agents");
    await page.fill("#recipient", "@neo\u202egpt");
    assert.match(await page.textContent("#recipient-result"), /\\\\u\{202E\}/, "the bidi override rendered, not applied");

    // Tool name: hashed under openai, refused without hashing, plain under anthropic.
    assert.match(await page.textContent("#tool-verdict"), /^alias: search-engine__summarize_every_document_in_the_[a-z_]+_[0-9a-f]{8}$/);
    await page.uncheck("#hash");
    assert.match(await page.textContent("#tool-verdict"), /refused: UNREPRESENTABLE_TOOL_NAME \(too_long\)/);
    await page.selectOption("#profile", "anthropic");
    assert.equal(await page.textContent("#tool-verdict"), "alias: search-engine__summarize_every_document_in_the_workspace_and_rank");
    await page.fill("#tool-name", "docs/page.v2");
    assert.match(await page.textContent("#tool-verdict"), /invalid_character/);
    await page.selectOption("#profile", "gemini");
    assert.equal(await page.textContent("#tool-verdict"), "alias: docs__page.v2");
    await page.selectOption("#profile", "openai");
    await page.check("#hash");

    // Error message: classified, then a leaky message that is not echoed.
    assert.equal(await page.textContent("#error-verdict"), "classified: limit must be at most 100");
    await page.fill("#error-message", "status must be one of open, closed; received 'SECRET-42'");
    assert.match(await page.textContent("#error-verdict"), /not in the catalog/);
    assert.doesNotMatch(await page.textContent("#error-result"), /SECRET/);
    await page.fill("#error-message", "status must be one of open, closed");

    await page.fill("#recipient", "AGENT:gpt");
    await page.uncheck("#strict");
    mkdirSync(new URL(".", SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT.pathname, fullPage: true });
    assert.deepStrictEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});
