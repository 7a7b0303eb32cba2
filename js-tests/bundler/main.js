// A bundled app: `import … from "mcp-boundary"` resolves to the web build
// through the package's `browser` export condition; Vite copies the .wasm.
import init, * as api from "mcp-boundary";
import { run } from "./app.js";

await init();
document.getElementById("out").textContent = `RESULT ${JSON.stringify(run(api))}`;
