/**
 * `npm run dev`: the API (`lineage serve` on 5174, over data/lineage.db, built from data/pages if
 * missing) behind Vite's dev server on http://127.0.0.1:5173 with hot reload.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createServer } from "vite";
import { ingestPaths } from "../library/ingest-files.ts";
import { DEFAULT_PAGES_DIR, ROOT_DIR } from "./cli/paths.ts";
import { main } from "./lineage.ts";

const dbFile = join(ROOT_DIR, "data/lineage.db");
if (!existsSync(dbFile)) ingestPaths(dbFile, [DEFAULT_PAGES_DIR]);
const apiPort = process.env.LINEAGE_API_PORT ?? "5174";
process.env.LINEAGE_API ??= `http://127.0.0.1:${apiPort}`;
const api = main(["serve", "--db", dbFile, "--port", apiPort], { out: (t) => console.log(`api: ${t}`), err: (t) => console.error(t) });
const vite = await createServer({ configFile: join(ROOT_DIR, "vite.config.ts"), server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
vite.printUrls();
process.exitCode = await api;
await vite.close();
