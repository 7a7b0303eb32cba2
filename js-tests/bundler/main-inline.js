// A bundled app for a bundler that does not emit the .wasm (esbuild):
// mcp-boundary/inline embeds it and is ready at import, with no init call.
import * as api from "mcp-boundary/inline";
import { run } from "./app.js";

document.getElementById("out").textContent = `RESULT ${JSON.stringify(run(api))}`;
