/** `lineage serve [--db PATH] [--port N] [--host H]`: the explorer and its API over any database. */
import { join } from "node:path";
import { existsSync } from "node:fs";
import { startServer } from "../../web/server/http-server.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, intOption, type CommandContext } from "./context.ts";
import { ROOT_DIR } from "./paths.ts";

export async function serveCommand(ctx: CommandContext): Promise<number> {
  const path = dbPath(ctx);
  if (!existsSync(path)) throw new CliError(`${path}: no database here; run \`lineage ingest PATH... --db ${path}\` first`, EXIT.usage);
  const port = intOption(ctx, "port", Number(process.env.PORT ?? 5173), 0, 65535);
  const host = typeof ctx.values.host === "string" ? ctx.values.host : "127.0.0.1";
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
