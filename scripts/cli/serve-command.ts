/** `lineage serve [--db PATH] [--port N] [--host H]`: the explorer and its API over any database. */
import { join } from "node:path";
import { existsSync } from "node:fs";
import { startServer } from "../../web/server/http-server.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, intOption, type CommandContext } from "./context.ts";
import { ROOT_DIR } from "./paths.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { prepareGraph } from "../../library/prepare.ts";

/**
 * Ingest and import leave a database ready to serve. One written by an older Lineage may lack
 * its layout or traversal index: those are stored once here, before the read-only server starts.
 */
function prepareOlderDatabase(path: string, ctx: CommandContext): void {
  try {
    const db = LineageDb.open(path);
    try {
      prepareGraph(db, (step, papers) => ctx.err(`lineage: ${path}: storing the ${step === "layout" ? "layout" : "traversal index"} of ${papers} papers (once)`));
    } finally {
      db.close();
    }
  } catch (err) {
    ctx.err(`lineage: ${path}: cannot store the layout or index (${(err as Error).message}); serving without them`);
  }
}

export async function serveCommand(ctx: CommandContext): Promise<number> {
  const path = dbPath(ctx);
  if (!existsSync(path)) throw new CliError(`${path}: no database here; run \`lineage ingest PATH... --db ${path}\` first`, EXIT.usage);
  const port = intOption(ctx, "port", Number(process.env.PORT ?? 5173), 0, 65535);
  const host = typeof ctx.values.host === "string" ? ctx.values.host : "127.0.0.1";
  prepareOlderDatabase(path, ctx);
  const running = await startServer({ dbPath: path, distDir: join(ROOT_DIR, "dist"), host, port });
  ctx.out(`Lineage explorer on ${running.url}`);
  if (!existsSync(join(ROOT_DIR, "dist", "index.html"))) ctx.err("lineage: the front end is not built yet: run `npm run build` (the API works meanwhile)");
  await new Promise<void>((done) => {
    const stop = () => void running.close().then(done);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return EXIT.ok;
}
