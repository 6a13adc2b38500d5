/**
 * `lineage serve [--db PATH ...] [--bundled] [--port N] [--host H] [--online] [--query-budget MS]`: the explorer and its
 * API over one database or several (one collection each, the first the default), or the bundled
 * ones. `--online` (or LINEAGE_ONLINE=1) lets the explorer start jobs that fetch from Semantic
 * Scholar and OpenAlex (add, expand, check for new papers); without it the server refuses them.
 */
import { join } from "node:path";
import { existsSync } from "node:fs";
import { startServer } from "../../web/server/http-server.ts";
import { keylessNote } from "../../crawl/api-access.ts";
import { API_SOURCES } from "../../crawl/api-refs.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPaths, intOption, type CommandContext } from "./context.ts";
import { bundledCollections } from "./bundled-collections.ts";
import { collectionOf } from "../../web/server/collections.ts";
import { ROOT_DIR } from "./paths.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { prepareGraph } from "../../library/prepare.ts";
import { MAX_QUERY_BUDGET_MS, QUERY_BUDGET_MS } from "../../api/limits.ts";

/**
 * Ingest and import leave a database ready to serve. One written by an older Lineage may lack
 * its layout or traversal index: those are stored once here, before the read-only server starts.
 */
function prepareOlderDatabase(path: string, ctx: CommandContext): void {
  try {
    const db = LineageDb.open(path);
    try {
      let said = "";
      prepareGraph(db, (p) => {
        if (p.label !== said) ctx.err(`lineage: ${path}: ${(said = p.label)} (once, for a database an older Lineage wrote)`);
      });
    } finally {
      db.close();
    }
  } catch (err) {
    ctx.err(`lineage: ${path}: cannot store the layout or index (${(err as Error).message}); serving without them`);
  }
}

/** Whether the explorer may reach the network: `--online`, else LINEAGE_ONLINE=1 (or true, yes). */
export function servesOnline(ctx: CommandContext, env: NodeJS.ProcessEnv = process.env): boolean {
  if (ctx.values.online === true) return true;
  const flag = (env.LINEAGE_ONLINE ?? "").trim().toLowerCase();
  return flag === "1" || flag === "true" || flag === "yes";
}

export async function serveCommand(ctx: CommandContext): Promise<number> {
  const port = intOption(ctx, "port", Number(process.env.PORT ?? 5173), 0, 65535);
  const host = typeof ctx.values.host === "string" ? ctx.values.host : "127.0.0.1";
  const collections = ctx.values.bundled === true ? bundledCollections() : dbPaths(ctx).map(collectionOf);
  for (const c of collections) {
    if (existsSync(c.dbPath)) prepareOlderDatabase(c.dbPath, ctx);
    else if (!c.build) throw new CliError(`${c.dbPath}: no database here; run \`lineage ingest PATH... --db ${c.dbPath}\` first`, EXIT.usage);
  }
  const online = servesOnline(ctx);
  const queryBudgetMs = intOption(ctx, "query-budget", QUERY_BUDGET_MS, 1, MAX_QUERY_BUDGET_MS);
  const lineageCommand = [process.execPath, join(ROOT_DIR, "scripts/lineage-bin.mjs")];
  const running = await startServer({ collections, distDir: join(ROOT_DIR, "dist"), host, port, lineageCommand, jobsDir: ROOT_DIR, online, queryBudgetMs });
  ctx.out(`Lineage explorer on ${running.url}`);
  ctx.out(
    online
      ? "Online: the explorer may fetch from Semantic Scholar and OpenAlex when asked"
      : "Offline: start with --online (or LINEAGE_ONLINE=1) to add and expand papers from Semantic Scholar and OpenAlex",
  );
  // Online without a key: what that means, once at start as well as beside the explorer's buttons.
  for (const source of online ? API_SOURCES : []) {
    const note = keylessNote(source, process.env);
    if (note) ctx.err(`lineage: note: ${note}`);
  }
  if (collections.length > 1) ctx.out(`Collections: ${collections.map((c) => `${c.name} (${existsSync(c.dbPath) ? c.dbPath : "built on first use"})`).join(", ")}`);
  if (!existsSync(join(ROOT_DIR, "dist", "index.html"))) ctx.err("lineage: the front end is not built yet: run `npm run build` (the API works meanwhile)");
  await new Promise<void>((done) => {
    const stop = () => void running.close().then(done);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return EXIT.ok;
}
