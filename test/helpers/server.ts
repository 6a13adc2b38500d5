/** The explorer's server for API tests: over a database, with a one-line front end, on 127.0.0.1. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, type RunningServer } from "../../web/server/http-server.ts";

export const TEST_PAGE = "<!doctype html><title>Lineage</title>";

/** Serves `dbPath` on an ephemeral port, with `dir`/dist holding TEST_PAGE as index.html. */
export function serveWithTestPage(dbPath: string, dir: string): Promise<RunningServer> {
  const dist = join(dir, "dist");
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, "index.html"), TEST_PAGE);
  return startServer({ dbPath, distDir: dist, port: 0 });
}
