/**
 * `lineage library`: the researcher's Zotero library in the map (its last import, its collections
 * with how many of their items the map holds), and `lineage library missing [--collection C]
 * [--min N] [--limit N]`: what cites the library, or is cited by it, that it does not hold,
 * ranked by the relevance engine (library/library-analytics.ts). `collectionSeeds` gives
 * `reading-list --collection C` its seeds.
 */
import type { LineageDb } from "../../db/lineage-db.ts";
import { LineageAnalytics } from "../../library/lineage-analytics.ts";
import { collectionPapers, findCollection, libraryOverview, LibraryRefError } from "../../library/library-view.ts";
import { DEFAULT_MISSING_LIMIT, DEFAULT_MISSING_MIN, libraryMissing } from "../../library/library-analytics.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { intOption, printJson, withGraph, type CommandContext } from "./context.ts";

export function libraryCommand(ctx: CommandContext): number {
  const [action, ...rest] = ctx.positionals;
  if (rest.length > 0) throw new CliError(`library: unexpected ${rest.map((r) => `"${r}"`).join(" ")}`, EXIT.usage);
  if (action === undefined || action === "show") return showLibrary(ctx);
  if (action === "missing") return missing(ctx);
  throw new CliError(`library: unknown action "${action}" (show, missing)`, EXIT.usage);
}

function showLibrary(ctx: CommandContext): number {
  return withGraph(ctx, (db) => {
    const library = libraryOverview(db);
    if (ctx.json) return (printJson(ctx, library), EXIT.ok);
    if (!library.imported) {
      ctx.out("No library imported into this map: `lineage import zotero` reads yours.");
      return EXIT.ok;
    }
    const how = library.readAs === "copy" ? `a copy of ${library.origin} (modified ${library.modifiedAt})` : `${library.origin}`;
    const lines = [`Zotero library, imported ${library.importedAt} from ${how}:`, `  ${library.items} items, ${library.papers.length} papers in the map, ${library.collections.length} collections`];
    for (const c of library.collections) lines.push(`  ${"  ".repeat(c.path.length - 1)}${c.name}  (${c.papers} of ${c.items} in the map)  [${c.key}]`);
    ctx.out(lines.join("\n"));
    return EXIT.ok;
  });
}

function missing(ctx: CommandContext): number {
  const min = intOption(ctx, "min", DEFAULT_MISSING_MIN, 1, 1000);
  const limit = intOption(ctx, "limit", DEFAULT_MISSING_LIMIT, 1, 500);
  const collection = typeof ctx.values.collection === "string" ? ctx.values.collection : null;
  return withGraph(ctx, (db, graph) => {
    const library = libraryOverview(db);
    if (!library.imported) throw new CliError("library missing: no library imported into this map; `lineage import zotero` reads yours", EXIT.usage);
    let result;
    try {
      result = libraryMissing(graph, new LineageAnalytics(graph), library, { collection, min, limit });
    } catch (err) {
      if (err instanceof LibraryRefError) throw new CliError(`library missing: ${err.message}`, EXIT.notFound);
      throw err;
    }
    if (ctx.json) return (printJson(ctx, result), EXIT.ok);
    const scope = result.collection ? `the collection "${result.collection.path.join(" / ")}"` : "your library";
    const lines = [`${result.candidates} papers not in your library are linked to at least ${result.min} papers of ${scope} (${result.seeds} papers; ranked from ${result.seedsUsed}):`];
    for (const item of result.items) {
      const ids = item.arxivId ? `arXiv:${item.arxivId}` : item.aclId ? `ACL:${item.aclId}` : item.doi ? `doi:${item.doi}` : item.id;
      lines.push(`  ${item.position}. ${item.title ?? "(untitled)"}${item.year ? ` (${item.year})` : ""}  [${ids}]`, `     ${item.reason}`);
    }
    ctx.out(lines.join("\n"));
    return EXIT.ok;
  });
}

/** `--collection C`: the map's papers filed in that collection of the library (and under it), as seeds. */
export function collectionSeeds(ctx: CommandContext, db: LineageDb): { seeds: string[]; path: string[] } | undefined {
  const ref = ctx.values.collection;
  if (typeof ref !== "string") return undefined;
  const library = libraryOverview(db);
  try {
    const collection = findCollection(library, ref);
    const seeds = collectionPapers(library, collection.key);
    if (seeds.length === 0) throw new CliError(`--collection: "${collection.path.join(" / ")}" holds no paper of this map`, EXIT.usage);
    return { seeds, path: collection.path };
  } catch (err) {
    if (err instanceof LibraryRefError) throw new CliError(`--collection: ${err.message}`, EXIT.notFound);
    throw err;
  }
}
