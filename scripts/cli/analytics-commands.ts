/**
 * Analytics commands: `main-path`, `similar`, `communities` and `reading-list` (issue 4).
 * Each resolves its papers, calls graph/lineage-analytics.ts, and prints text or --json.
 */
import type { PaperBrief } from "../../api/types.ts";
import { MAX_KEY_ROUTES } from "../../api/limits.ts";
import type { LineageGraph } from "../../library/lineage-graph.ts";
import { AnalyticsInputError, LineageAnalytics } from "../../library/lineage-analytics.ts";
import { stableRef } from "../../library/saved-lists.ts";
import { DEFAULT_LIMIT } from "../../graph/reading-list.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, intOption, printJson, requirePaper, withGraph, type CommandContext } from "./context.ts";
import { emit, listFormat } from "./list-output.ts";
import { renderList } from "../../library/list-formats.ts";
import { collectionPath } from "../../graph/zotero-bibtex.ts";
import { ListError } from "../../db/reading-lists.ts";
import { collectionSeeds } from "./library-command.ts";

export function describePaper(p: PaperBrief): string {
  const ids = p.arxivId ? `arXiv:${p.arxivId}` : p.aclId ? `ACL:${p.aclId}` : p.doi ? `doi:${p.doi}` : p.id;
  return `${p.title ?? "(untitled)"}${p.year ? ` (${p.year})` : ""}  [${ids}]`;
}

/** The papers given with --seed (repeatable), resolved; exit 3 names an unknown one. */
export function seedIds(ctx: CommandContext, graph: LineageGraph): string[] {
  const raw = ctx.values.seed;
  const refs = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  return refs.map((ref) => requirePaper(graph, ref).id);
}

function direction(ctx: CommandContext): string | undefined {
  const d = ctx.values.direction;
  return typeof d === "string" && d.trim() ? d : undefined;
}

/** Runs an analytics call, turning its input errors into one-line usage errors. */
function analytics<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof AnalyticsInputError) throw new CliError(err.message, EXIT.usage);
    throw err;
  }
}

export function mainPathCommand(ctx: CommandContext): number {
  return withGraph(ctx, (_db, graph) => {
    const keyRoutes = intOption(ctx, "key-route", 0, 0, MAX_KEY_ROUTES);
    const seeds = seedIds(ctx, graph);
    const result = analytics(() => new LineageAnalytics(graph).mainPath({ seeds, direction: direction(ctx), keyRoutes }));
    if (ctx.json) return (printJson(ctx, result), EXIT.ok);
    if (result.path.length === 0) {
      ctx.out("No main path: no paper in this scope builds on another.");
      return EXIT.ok;
    }
    const lines = [`Main path (SPC, total ${result.weightExact} over ${result.totalPaths} source-to-sink paths), oldest first:`];
    result.path.forEach((p, k) => {
      lines.push(`  ${k === 0 ? "" : "→ "}${describePaper(p)}${k > 0 ? `  SPC ${p.spcExact}` : ""}`);
      if (p.members.length > 0) lines.push(`      with the citation cycle: ${p.members.map((m) => m.title ?? m.id).join("; ")}`);
    });
    result.keyRoutes.forEach((r, k) => {
      lines.push("", `Key route ${k + 1} (SPC ${r.spcExact}, total ${r.weightExact}):`, ...r.path.map((p, j) => `  ${j === 0 ? "" : "→ "}${describePaper(p)}`));
    });
    ctx.out(lines.join("\n"));
    return EXIT.ok;
  });
}

export function similarCommand(ctx: CommandContext): number {
  return withGraph(ctx, (_db, graph) => {
    const paper = requirePaper(graph, ctx.positionals[0]);
    const limit = intOption(ctx, "limit", 20, 1, 500);
    const result = new LineageAnalytics(graph).similar(paper.id, limit);
    if (ctx.json) return (printJson(ctx, result), EXIT.ok);
    ctx.out(
      result.similar.map((s) => `${describePaper(s)}  (${s.coCitations} co-citing, ${s.sharedReferences} shared references)`).join("\n") || "(nothing shares a citing paper or a reference with it)",
    );
    return EXIT.ok;
  });
}

export function communitiesCommand(ctx: CommandContext): number {
  return withGraph(ctx, (_db, graph) => {
    const limit = intOption(ctx, "limit", 50, 1, 100_000);
    const result = new LineageAnalytics(graph).communitiesPayload(limit);
    if (ctx.json) return (printJson(ctx, result), EXIT.ok);
    const lines = [`${result.count} communities (Louvain, modularity ${result.modularity}):`];
    for (const c of result.communities) {
      lines.push(`  #${c.id}  ${c.size} paper${c.size === 1 ? "" : "s"}  ${c.label || "(no shared title words)"}${c.direction ? `  [direction: ${c.direction}]` : ""}`);
    }
    ctx.out(lines.join("\n"));
    return EXIT.ok;
  });
}

export function readingListCommand(ctx: CommandContext): number {
  const format = listFormat(ctx, "reading-list");
  const save = typeof ctx.values.save === "string" ? ctx.values.save : undefined;
  const { result, papers, collection } = withGraph(ctx, (db, graph) => {
    const fromCollection = collectionSeeds(ctx, db);
    const seeds = [...new Set([...seedIds(ctx, graph), ...(fromCollection?.seeds ?? [])])];
    if (seeds.length === 0) throw new CliError("reading-list: give at least one --seed REF (or --collection NAME of your Zotero library)", EXIT.usage);
    const limit = intOption(ctx, "limit", DEFAULT_LIMIT, 1, 500);
    const includeSeeds = ctx.values["include-seeds"] === true;
    const result = analytics(() => new LineageAnalytics(graph).readingList({ seeds, direction: direction(ctx), limit, includeSeeds }));
    const papers = result.items.map((item) => graph.paper(graph.index.index(item.id) ?? 0));
    return { result, papers, collection: fromCollection?.path ?? null };
  });
  if (save) {
    const db = LineageDb.open(dbPath(ctx));
    try {
      db.lists.save(
        save,
        result.items.map((item) => ({ paperRef: stableRef(item), title: item.title, reason: item.reason })),
        {
          description: `Generated from ${result.seeds.map((s) => s.title ?? s.id).join("; ")}`,
          spec: { seeds: result.seeds.map((s) => s.id), direction: result.direction, limit: result.limit, includeSeeds: result.includeSeeds },
        },
      );
    } catch (err) {
      if (err instanceof ListError) throw new CliError(`reading-list --save: ${err.message}`, EXIT.usage);
      throw err;
    } finally {
      db.close();
    }
    ctx.err(`Saved as list "${save.trim()}" (${result.items.length} papers)`);
  }
  if (format === "json") {
    emit(ctx, JSON.stringify(result, null, 2));
    return EXIT.ok;
  }
  const from = collection ? `the collection "${collection.join(" / ")}"` : result.seeds.map((s) => `"${s.title ?? s.id}"`).join(", ");
  const heading = `Reading list from ${from}${result.direction ? ` in ${result.direction}` : ""}`;
  const lines = result.items.map((item, k) => ({ paper: papers[k] ?? null, title: item.title, year: item.year, reason: item.reason }));
  // --format zotero: the Zotero collection it lands in is --zotero-collection, else the saved list's name, else the heading.
  const into = typeof ctx.values["zotero-collection"] === "string" ? collectionPath(ctx.values["zotero-collection"]) : [save?.trim() || heading];
  emit(
    ctx,
    lines.length === 0 && format === "md" ? `# ${heading}\n\n(no candidates: the seeds build on nothing and nothing builds on them)` : renderList(heading, lines, format, { collection: into }),
  );
  return EXIT.ok;
}
