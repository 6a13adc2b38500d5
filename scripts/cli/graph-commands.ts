/**
 * Whole-graph commands: `stats` (sizes and coverage) and `export --format json` (graphology's
 * serialisation, where each edge's source builds on its target).
 */
import { writeFileSync } from "node:fs";
import Graph from "graphology";
import { CliError, EXIT } from "./cli-error.ts";
import { openForRead, printJson, userPath, withGraph, type CommandContext } from "./context.ts";
import type { Direction } from "../../ingest/types.ts";

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
          `(${Object.entries(stats.pagesByFormat).map(([f, n]) => `${n} ${f}`).join(", ")}).`,
      );
    return EXIT.ok;
  });
}

export function exportGraph(ctx: CommandContext): Graph {
  const db = openForRead(ctx);
  try {
    const graph = new Graph({ type: "directed", multi: false, allowSelfLoops: false });
    for (const p of db.queries.allPapers()) {
      graph.addNode(p.id, {
        title: p.title,
        year: p.year,
        arxivId: p.arxiv_id,
        aclId: p.acl_id,
        doi: p.doi,
        openreviewId: p.openreview_id,
        s2Id: p.s2_id,
        abstract: p.abstract,
        titleInferred: p.title_inferred === 1,
        stub: p.stub === 1,
        venue: p.venue,
        citedByCount: p.cited_by_count,
        directions: (JSON.parse(p.directions_json) as Direction[]).map((d) => d.name),
      });
    }
    for (const e of db.queries.edges()) graph.addDirectedEdgeWithKey(`${e.citing}->${e.cited}`, e.citing, e.cited, { kind: "cites" });
    return graph;
  } finally {
    db.close();
  }
}

export function exportCommand(ctx: CommandContext): number {
  const format = typeof ctx.values.format === "string" ? ctx.values.format : "json";
  if (format !== "json") throw new CliError(`export: unknown --format ${format} (supported: json)`, EXIT.usage);
  const text = JSON.stringify(exportGraph(ctx).export());
  const out = ctx.values.out;
  if (typeof out === "string" && out !== "-") {
    writeFileSync(userPath(out), text + "\n");
    if (!ctx.json) ctx.err(`Wrote ${userPath(out)}`);
  } else {
    ctx.out(text);
  }
  return EXIT.ok;
}
