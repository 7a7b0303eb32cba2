// A static file server for the repository root, on 127.0.0.1 only.
//   node scripts/serve.mjs [port]   (make console; port 0 picks a free one)
// Also imported by the browser tests.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repository = fileURLToPath(new URL("..", import.meta.url));
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json", ".wasm": "application/wasm", ".css": "text/css", ".png": "image/png" };

/** Serves the repository root; resolves to the server once it listens. */
export function serve(port = 0) {
  return serveDir(repository, port);
}

/** Serves any folder (a bundler's output, say) on 127.0.0.1. */
export function serveDir(root, port = 0) {
  if (!root.endsWith("/")) root += "/";
  const server = createServer(async (req, res) => {
    let path = normalize(join(root, decodeURIComponent(new URL(req.url, "http://localhost").pathname)));
    if (!path.startsWith(root)) return res.writeHead(403).end();
    if (path.endsWith("/")) path = join(path, "index.html");
    try {
      const body = await readFile(path);
      res.writeHead(200, { "content-type": TYPES[path.slice(path.lastIndexOf("."))] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await serve(Number(process.argv[2] ?? 8000));
  console.log(`serving the repository at http://127.0.0.1:${server.address().port}/examples/browser-console/ (Ctrl-C to stop)`);
}
