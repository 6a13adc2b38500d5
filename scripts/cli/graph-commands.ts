/**
 * Whole-graph commands: `stats` (sizes and coverage) and `export --format json|gexf|graphml|csv`
 * (graph/graph-formats.ts; each edge's source builds on its target).
 */
import { writeFileSync } from "node:fs";
import Graph from "graphology";
import { CliError, EXIT } from "./cli-error.ts";
import { openForRead, printJson, userPath, withGraph, type CommandContext } from "./context.ts";
import { GRAPH_FORMATS, graphToCsv, serializeGraph, type GraphFormat } from "../../graph/graph-formats.ts";
import { oneLine } from "./terminal-text.ts";

export function statsCommand(ctx: CommandContext): number {
  return withGraph(ctx, (db, graph) => {
    const counts = db.queries.counts();
    let isolated = 0;
    for (let i = 0; i < graph.index.size; i++) {
      if (graph.index.degree(i, "buildsOn") === 0 && graph.index.degree(i, "builtBy") === 0) isolated++;
    }
    const stats = {
      papers: counts.papers,
      stubs: counts.stubs,
      edges: counts.edges,
      pages: counts.pages,
      mentions: counts.mentions,
      pagesByFormat: db.queries.pagesByFormat(),
      isolatedPapers: isolated,
      database: db.path,
    };
    if (ctx.json) printJson(ctx, stats);
    else
      ctx.out(
        `${stats.papers} papers (${stats.stubs} known only as references), ${stats.edges} citations, from ${stats.pages} pages ` +
          `(${Object.entries(stats.pagesByFormat)
            .map(([f, n]) => `${n} ${f}`)
            .join(", ")}).`,
      );
    return EXIT.ok;
  });
}

export function exportGraph(ctx: CommandContext): Graph {
  const db = openForRead(ctx);
  try {
    const graph = new Graph({ type: "directed", multi: false, allowSelfLoops: false });
    const edges = db.queries.edges();
    const citedInMap = new Map<string, number>();
    for (const e of edges) citedInMap.set(e.cited, (citedInMap.get(e.cited) ?? 0) + 1);
    for (const p of db.queries.allPapers()) {
      graph.addNode(p.id, {
        title: p.title,
        year: p.year,
        arxivId: p.arxivId,
        aclId: p.aclId,
        doi: p.doi,
        openreviewId: p.openreviewId,
        s2Id: p.s2Id,
        abstract: p.abstract,
        titleInferred: p.titleInferred,
        stub: p.stub,
        venue: p.venue,
        // Two figures, each named for what it counts (issue 24): never one bare "citations".
        citedInMap: citedInMap.get(p.id) ?? 0,
        reportedCitations: p.citedByCount,
        reportedBy: p.citedByReport?.by ?? null,
        reportedAsOf: p.citedByReport ? (p.citedByReport.through ?? p.citedByReport.read) : null,
        directions: p.directions.map((d) => d.name),
      });
    }
    for (const e of edges) graph.addDirectedEdgeWithKey(`${e.citing}->${e.cited}`, e.citing, e.cited, { kind: "cites" });
    return graph;
  } finally {
    db.close();
  }
}

export function exportCommand(ctx: CommandContext): number {
  const format = typeof ctx.values.format === "string" ? ctx.values.format : "json";
  if (!(GRAPH_FORMATS as readonly string[]).includes(format)) {
    throw new CliError(`export: unknown --format ${format} (supported: ${GRAPH_FORMATS.join(", ")})`, EXIT.usage);
  }
  const graph = exportGraph(ctx);
  const out = ctx.values.out;
  const toFile = typeof out === "string" && out !== "-";
  if (format === "csv") {
    const tables = graphToCsv(graph);
    if (toFile) {
      // Two tables, as Gephi's spreadsheet import takes them: FILE-nodes.csv and FILE-edges.csv.
      const stem = userPath(out).replace(/\.csv$/i, "");
      writeFileSync(`${stem}-nodes.csv`, tables.nodes);
      writeFileSync(`${stem}-edges.csv`, tables.edges);
      if (!ctx.json) ctx.err(`Wrote ${oneLine(stem)}-nodes.csv and ${oneLine(stem)}-edges.csv`);
      return EXIT.ok;
    }
    const table = ctx.values.table ?? "edges";
    if (table !== "nodes" && table !== "edges") throw new CliError(`export: --table must be nodes or edges, got ${String(table)}`, EXIT.usage);
    ctx.out(tables[table].trimEnd());
    return EXIT.ok;
  }
  const text = serializeGraph(graph, format as Exclude<GraphFormat, "csv">);
  if (toFile) {
    writeFileSync(userPath(out), text + "\n");
    if (!ctx.json) ctx.err(`Wrote ${oneLine(userPath(out))}`);
  } else {
    ctx.out(text);
  }
  return EXIT.ok;
}
