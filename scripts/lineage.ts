/**
 * The `lineage` command line: every capability of Lineage, scriptable, with `--json` output.
 * Usage: lineage <command> [arguments] [--db PATH] [--json] [--verbose]
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { CliError, EXIT } from "./cli/cli-error.ts";
import type { CommandContext, Output } from "./cli/context.ts";
import { LISTS_USAGE } from "./cli/list-commands.ts";
import { terminalSafeOutput } from "./cli/terminal-text.ts";

type Command = (ctx: CommandContext) => number | Promise<number>;

/**
 * Commands are imported when run: the page parsers and source importers take most of a second to
 * load, which `lineage serve`'s cold start (issue 6) and every quick query would otherwise pay.
 */
function lazy<M>(load: () => Promise<M>, pick: (module: M) => Command): Command {
  return async (ctx) => pick(await load())(ctx);
}
const paperCommands = () => import("./cli/paper-commands.ts");
const graphCommands = () => import("./cli/graph-commands.ts");
const analyticsCommands = () => import("./cli/analytics-commands.ts");

const ingestCommand = lazy(
  () => import("./cli/ingest-command.ts"),
  (m) => m.ingestCommand,
);
const importCommand = lazy(
  () => import("./cli/import-command.ts"),
  (m) => m.importCommand,
);
const crawlCommand = lazy(
  () => import("./cli/crawl-command.ts"),
  (m) => m.crawlCommand,
);
const fetchCommand = lazy(
  () => import("./cli/fetch-command.ts"),
  (m) => m.fetchCommand,
);
const expandCommand = lazy(
  () => import("./cli/expand-command.ts"),
  (m) => m.expandCommand,
);
const addCommand = lazy(
  () => import("./cli/expand-command.ts"),
  (m) => m.addCommand,
);
const watchCommand = lazy(
  () => import("./cli/watch-command.ts"),
  (m) => m.watchCommand,
);
const contextsCommand = lazy(
  () => import("./cli/contexts-command.ts"),
  (m) => m.contextsCommand,
);
const serveCommand = lazy(
  () => import("./cli/serve-command.ts"),
  (m) => m.serveCommand,
);
const listsCommand = lazy(
  () => import("./cli/list-commands.ts"),
  (m) => m.listsCommand,
);
const libraryCommand = lazy(
  () => import("./cli/library-command.ts"),
  (m) => m.libraryCommand,
);
const doctorCommand = lazy(
  () => import("./cli/doctor-command.ts"),
  (m) => m.doctorCommand,
);
const showCommand = lazy(paperCommands, (m) => m.showCommand);
const closureCommand = (direction: "buildsOn" | "builtBy") => lazy(paperCommands, (m) => m.closureCommand(direction));
const pathCommand = lazy(paperCommands, (m) => m.pathCommand);
const edgeCommand = lazy(paperCommands, (m) => m.edgeCommand);
const searchCommand = lazy(paperCommands, (m) => m.searchCommand);
const explainCommand = lazy(paperCommands, (m) => m.explainCommand);
const statsCommand = lazy(graphCommands, (m) => m.statsCommand);
const exportCommand = lazy(graphCommands, (m) => m.exportCommand);
const mainPathCommand = lazy(analyticsCommands, (m) => m.mainPathCommand);
const similarCommand = lazy(analyticsCommands, (m) => m.similarCommand);
const communitiesCommand = lazy(analyticsCommands, (m) => m.communitiesCommand);
const readingListCommand = lazy(analyticsCommands, (m) => m.readingListCommand);

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  ingest: { run: ingestCommand, usage: "ingest PATH... [--max-bytes N] [--progress]  read pages from files and folders into the graph" },
  import: {
    run: importCommand,
    usage:
      "import FORMAT PATH... [--progress]  structured sources: s2, openalex, bibtex, ris, aan\n" +
      "      import zotero [zotero.sqlite] | import zotero --api [URL]  your Zotero library (default: where Zotero keeps it; --api: its local API)",
  },
  crawl: {
    run: crawlCommand,
    usage:
      "crawl URL... [--depth N] [--max-pages N] [--rate R] [--timeout S] [--allow-host H] [--max-age D]\n" +
      "      [--retries N] [--backoff S] [--max-bytes N] [--jitter-seed N]  follow pages' Builds on / Built on by links",
  },
  fetch: { run: fetchCommand, usage: "fetch s2|openalex ID              one paper from the Semantic Scholar or OpenAlex API" },
  expand: {
    run: expandCommand,
    usage:
      "expand REF... [--list NAME] [--source s2|openalex] [--depth 0|1|2] [--max-papers N] [--max-list N] [--max-requests N]\n" +
      "      [--max-time S] [--rate R] [--timeout S] [--retries N] [--api-key KEY] [--progress]  grow the map from an API: records, references, citations",
  },
  add: { run: addCommand, usage: "add REF... [--source s2|openalex]   one paper's record from an API, into the map" },
  watch: { run: watchCommand, usage: "watch LIST [--status | --add REF... | --dismiss REF...]  new papers citing a saved list (network unless --status)" },
  contexts: { run: contextsCommand, usage: "contexts REF [--builds-on] [--limit N]  how its citations cite: intents, influence, citing sentences" },
  show: { run: showCommand, usage: "show REF                         one paper with provenance and coverage" },
  "builds-on": { run: closureCommand("buildsOn"), usage: "builds-on REF [--depth N]        papers REF builds on (1 = direct)" },
  "built-by": { run: closureCommand("builtBy"), usage: "built-by REF [--depth N]         papers that build on REF" },
  path: { run: pathCommand, usage: "path FROM TO                     every shortest chain FROM → … → TO" },
  edge: { run: edgeCommand, usage: "edge FROM TO                     whether FROM builds on TO, and which pages say so" },
  search: { run: searchCommand, usage: "search QUERY [--limit N]         titles, identifiers and authors" },
  stats: { run: statsCommand, usage: "stats                            sizes of the graph" },
  explain: { run: explainCommand, usage: "explain REF                      why the pages' mentions are this one paper" },
  serve: {
    run: serveCommand,
    usage:
      "serve [--db PATH ...] [--bundled] [--port N] [--host H] [--online] [--query-budget MS]  the explorer and its HTTP API (127.0.0.1:5173), one collection per database;\n" +
      "      --online (or LINEAGE_ONLINE=1) lets the explorer add and expand papers from Semantic Scholar and OpenAlex;\n" +
      "      --query-budget: how long an expensive request may run before it is refused with 400 (default 1000 ms)",
  },
  export: { run: exportCommand, usage: "export --format json|gexf|graphml|csv [--out FILE] [--table nodes|edges]  the graph for Gephi and other tools" },
  "main-path": { run: mainPathCommand, usage: "main-path [--seed REF ...] [--direction NAME] [--key-route K]  the SPC main path, oldest first" },
  similar: { run: similarCommand, usage: "similar REF [--limit N]          papers co-cited with REF or sharing its references" },
  communities: { run: communitiesCommand, usage: "communities [--limit N]          Louvain communities labelled by title words" },
  "reading-list": {
    run: readingListCommand,
    usage:
      "reading-list --seed REF [--seed REF ...] [--collection C] [--direction NAME] [--limit N] [--include-seeds]\n" +
      "      [--format md|bibtex|csl|ris|json|zotero] [--zotero-collection PATH] [--out FILE] [--save NAME]  a reading list along the seeds' lineages\n" +
      "      (--collection: your Zotero collection's papers as seeds; --format zotero: BibTeX Zotero files in a collection)",
  },
  lists: { run: listsCommand, usage: LISTS_USAGE },
  library: { run: libraryCommand, usage: "library [missing [--collection C] [--min N] [--limit N]]  your Zotero library in the map; missing: what cites it that it lacks" },
  doctor: { run: doctorCommand, usage: "doctor [--repair]                integrity, orphan rows, derived tables vs a rebuild; --repair rebuilds them" },
};

export function usage(): string {
  return [
    "Usage: lineage <command> [arguments] [--db PATH] [--json] [--verbose]",
    "",
    "Commands:",
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
    "",
    "REF is an arXiv ID (2306.03100, arXiv:2306.03100, an arXiv URL), a DOI, an ACL Anthology ID,",
    "an internal id, or a title; expand, add and watch also take an OpenAlex W… or an S2 paper ID.",
    "--db defaults to data/lineage.db.",
  ].join("\n");
}

const OPTIONS = {
  db: { type: "string", multiple: true },
  bundled: { type: "boolean" },
  online: { type: "boolean" },
  progress: { type: "boolean" },
  json: { type: "boolean" },
  verbose: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  depth: { type: "string" },
  limit: { type: "string" },
  format: { type: "string" },
  out: { type: "string" },
  "max-bytes": { type: "string" },
  port: { type: "string" },
  host: { type: "string" },
  seed: { type: "string", multiple: true },
  direction: { type: "string" },
  "key-route": { type: "string" },
  "include-seeds": { type: "boolean" },
  save: { type: "string" },
  note: { type: "string" },
  to: { type: "string" },
  table: { type: "string" },
  "max-pages": { type: "string" },
  rate: { type: "string" },
  timeout: { type: "string" },
  "allow-host": { type: "string", multiple: true },
  "max-age": { type: "string" },
  retries: { type: "string" },
  backoff: { type: "string" },
  "jitter-seed": { type: "string" },
  repair: { type: "boolean" },
  source: { type: "string" },
  "max-papers": { type: "string" },
  "max-list": { type: "string" },
  "max-requests": { type: "string" },
  "max-time": { type: "string" },
  mailto: { type: "string" },
  "api-key": { type: "string" },
  "query-budget": { type: "string" },
  list: { type: "string" },
  status: { type: "boolean" },
  add: { type: "boolean" },
  dismiss: { type: "boolean" },
  "builds-on": { type: "boolean" },
  api: { type: "boolean" },
  collection: { type: "string" },
  min: { type: "string" },
  "zotero-collection": { type: "string" },
} as const;

export async function main(argv: string[], raw: Output): Promise<number> {
  // Stored text is shown, never obeyed: control characters reach the terminal as escapes.
  const io = terminalSafeOutput(raw);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    io.err(`lineage: ${(err as Error).message}`);
    return EXIT.usage;
  }
  const [name, ...positionals] = parsed.positionals;
  if (parsed.values.help || !name) {
    (name || parsed.values.help ? io.out : io.err)(usage());
    return parsed.values.help ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`lineage: unknown command "${name}"\n${usage()}`);
    return EXIT.usage;
  }
  const ctx: CommandContext = Object.assign({}, io, {
    positionals,
    values: parsed.values,
    json: parsed.values.json === true,
    verbose: parsed.values.verbose === true,
  });
  try {
    return await command.run(ctx);
  } catch (err) {
    if (err instanceof CliError) {
      if (ctx.json && err.json !== undefined) io.out(JSON.stringify(err.json, null, 2));
      io.err(`lineage: ${err.message}`);
      return err.exitCode;
    }
    io.err(`lineage: ${name}: ${ctx.verbose ? ((err as Error).stack ?? String(err)) : (err as Error).message}`);
    return EXIT.failed;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly || process.env.LINEAGE_CLI === "1") {
  const code = await main(process.argv.slice(2), {
    out: (t) => process.stdout.write(t + "\n"),
    err: (t) => process.stderr.write(t + "\n"),
  });
  process.exitCode = code;
}
