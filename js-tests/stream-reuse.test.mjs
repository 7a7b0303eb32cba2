// A registry gives an ended parsed stream's pairing state (its CallStream)
// to its next stream: nothing of the first may reach the second, neither
// a call left open nor the numbers its tools went by.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolRegistry } from "mcp-boundary";

function tools() {
  const r = new ToolRegistry();
  r.registerServer("fs", ["read_file"]);
  r.registerServer("shell", ["exec"]);
  return r;
}
const chunk = (id, call) => ({ id, choices: [{ index: 0, delta: { tool_calls: [call] } }] });
async function drain(iterable) {
  for await (const _ of iterable);
}

test("a call a stream left open never pairs with a name in the registry's next stream", async () => {
  const r = tools();
  for (let round = 0; round < 8; round++) {
    // The first stream ends with call_<round> open at slot 0, its name not yet seen.
    await drain(r.fromProviderStream([chunk("a", { index: 0, id: `call_${round}`, type: "function" })], "openai-chat"));
    // The next stream's first event names a tool at the same slot, in the same completion.
    await drain(r.fromProviderStream([chunk("a", { index: 0, function: { name: "fs__read_file", arguments: "{}" } })], "openai-chat"));
    assert.equal(r.toolForCallId(`call_${round}`), null, `round ${round}`);
  }
});

test("the tools a stream named by number are its own, not the previous stream's", async () => {
  const r = tools();
  for (let round = 0; round < 8; round++) {
    const [first, second] = round % 2 === 0 ? ["fs__read_file", "shell__exec"] : ["shell__exec", "fs__read_file"];
    const want = { fs__read_file: "fs/read_file", shell__exec: "shell/exec" };
    // Each stream names its tool twice: the second call goes by the tool's number in that stream.
    const events = (name, tag) => [0, 1].map((i) => chunk("a", { index: i, id: `${tag}_${round}_${i}`, type: "function", function: { name, arguments: "{}" } }));
    await drain(r.fromProviderStream(events(first, "x"), "openai-chat"));
    await drain(r.fromProviderStream(events(second, "y"), "openai-chat"));
    for (const i of [0, 1]) {
      assert.equal(r.toolForCallId(`x_${round}_${i}`), want[first]);
      assert.equal(r.toolForCallId(`y_${round}_${i}`), want[second]);
    }
  }
});

test("streams read side by side keep their calls apart, however many the registry has read", async () => {
  const r = tools();
  for (let round = 0; round < 4; round++) {
    // More streams at once than a registry keeps for reuse, read in turns.
    const streams = Array.from({ length: 7 }, (_, k) => {
      const name = k % 2 === 0 ? "fs__read_file" : "shell__exec";
      const events = [chunk(`c${k}`, { index: 0, id: `s${round}_${k}` , type: "function" }), chunk(`c${k}`, { index: 0, function: { name, arguments: "{}" } })];
      return r.fromProviderStream(events, "openai-chat")[Symbol.asyncIterator]();
    });
    for (let step = 0; step < 3; step++) for (const s of streams) await s.next();
    for (let k = 0; k < streams.length; k++) assert.equal(r.toolForCallId(`s${round}_${k}`), k % 2 === 0 ? "fs/read_file" : "shell/exec");
  }
});
