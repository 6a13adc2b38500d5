/**
 * Commands about papers: `show`, `builds-on`, `built-by`, `path`, `search` and `explain`. `show`
 * and `search` warn when the reference names several papers (issue 16): `show` on stderr and in
 * --json (`alsoMatches`), `search` on stderr and on each such hit in --json.
 */
import type { PaperBrief, SearchHit } from "../../api/types.ts";
import { citedInMapPhrase, reportedPhrase } from "../../vocabulary/count-wording.ts";
import { MAX_DEPTH } from "../../graph/closure.ts";
import type { Direction } from "../../graph/citation-index.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { intOption, printJson, requirePaper, withGraph, type CommandContext } from "./context.ts";
import { paperView } from "../../library/paper-view.ts";
import { namedPapers, searchPapers } from "../../library/paper-search.ts";
import { briefOf } from "../../library/briefs.ts";
import type { RefLookalike } from "../../library/lineage-graph.ts";
import { oneLine } from "./terminal-text.ts";

function line(p: PaperBrief): string {
  const ids = p.arxivId ? `arXiv:${p.arxivId}` : p.aclId ? `ACL:${p.aclId}` : p.doi ? `doi:${p.doi}` : p.id;
  return `${p.title ?? "(untitled)"}${p.year ? ` (${p.year})` : ""}  [${ids}]${p.stub ? " (reference only)" : ""}`;
}

/** A search hit: its line, then who, where and its two citation figures, then why, when its words do not say. */
function hitLines(h: SearchHit): string {
  const who = [h.firstAuthor ? `${h.firstAuthor}${h.authorCount > 1 ? " et al." : ""}` : null, h.venue].filter(Boolean).join(", ");
  const figures = [h.builtByCount === null ? null : citedInMapPhrase(h.builtByCount), h.citedByCount === null ? null : reportedPhrase(h.citedByCount, h.citedByReport)].filter(Boolean);
  const why =
    h.match.how === "alias" && h.match.alias
      ? `known as "${h.match.alias.alias}": ${h.match.alias.source}`
      : h.match.corrected
        ? `read ${h.match.corrected.map((c) => `"${c.typed}" as "${c.as[0] ?? c.typed}"`).join(", ")}`
        : null;
  return [line(h), `    ${[who, ...figures].filter(Boolean).join(" · ")}`, ...(why ? [`    ${why}`] : [])].join("\n");
}

function briefLine(p: PaperBrief & { why?: string }): string {
  return `  ${p.id}  ${p.title ?? "(untitled)"}${p.year ? ` (${p.year})` : ""}${p.why ? `: ${p.why}` : ""}`;
}

/** One warning, on stderr: the reference names more papers than the one answered with. */
function warnSeveral(ctx: CommandContext, ref: string, papers: readonly (PaperBrief & { why?: string })[], answered?: PaperBrief): void {
  const others = papers.filter((p) => p.id !== answered?.id);
  if (others.length === 0) return;
  const head = answered
    ? `"${ref}" may also mean ${others.length === 1 ? "another paper" : `${others.length} other papers`} than ${answered.id}:`
    : `"${ref}" names ${others.length} papers the graph keeps apart:`;
  ctx.err([`lineage: warning: ${head}`, ...others.map(briefLine)].join("\n"));
}

export function showCommand(ctx: CommandContext): number {
  return withGraph(ctx, (db, graph) => {
    const ref = ctx.positionals[0];
    const paper = requirePaper(graph, ref);
    const view = paperView(db, graph, paper);
    const alsoMatches: RefLookalike[] = graph.lookalikes(ref ?? "", paper);
    warnSeveral(ctx, ref ?? "", alsoMatches, briefOf(paper));
    if (ctx.json) return (printJson(ctx, alsoMatches.length > 0 ? { ...view, alsoMatches } : view), EXIT.ok);
    const lines = [
      `${view.title ?? "(untitled)"}${view.titleInferred ? " (title inferred from the abstract)" : ""}`,
      `  id: ${view.id}${view.year ? `   year: ${view.year}${view.yearDerived ? " (from its arXiv identifier: no page gives a year)" : ""}` : ""}`,
      ...[
        ["arXiv", view.arxivId],
        ["DOI", view.doi],
        ["ACL", view.aclId],
        ["OpenReview", view.openreviewId],
      ]
        .filter(([, v]) => v)
        .map(([k, v]) => `  ${k}: ${v}`),
      ...view.directions.map((d) => `  direction: ${d.name}${d.area ? ` (${d.area})` : ""}`),
      `  builds on ${view.coverage.buildsOn.inGraph} papers in the graph` +
        (view.coverage.buildsOn.reportedTotal !== null ? ` (page reports ${view.coverage.buildsOn.reportedInMap} of ${view.coverage.buildsOn.reportedTotal} references in its map)` : ""),
      `  ${citedInMapPhrase(view.builtByCount)}; ${reportedPhrase(view.citedByCount, view.citedByReport)}`,
      ...(view.abstract ? ["", view.abstract] : []),
      ...view.notes.flatMap((n) => ["", `Your note (${n.source}):`, ...n.text.split("\n").map((l) => `  ${l}`)]),
      "",
      "Sources:",
      ...view.sources.map((s) => `  ${s.role === "self" ? "page" : s.role.replace("_", " ")}: ${oneLine(s.source)} (${s.format}${s.dataThrough ? `, data through ${s.dataThrough}` : ""})`),
    ];
    ctx.out(lines.join("\n"));
    return EXIT.ok;
  });
}

export function closureCommand(direction: Direction) {
  return (ctx: CommandContext): number =>
    withGraph(ctx, (_db, graph) => {
      const paper = requirePaper(graph, ctx.positionals[0]);
      const depth = intOption(ctx, "depth", 1, 1, MAX_DEPTH);
      const papers = graph.closure(paper.id, direction, depth);
      if (ctx.json) printJson(ctx, papers);
      else ctx.out(papers.map((p) => `${"  ".repeat(p.depth - 1)}${p.depth}. ${line(p)}`).join("\n") || "(none)");
      return EXIT.ok;
    });
}

export function pathCommand(ctx: CommandContext): number {
  const [fromRef, toRef] = ctx.positionals;
  if (!fromRef || !toRef) throw new CliError("path: give two papers, FROM (newer) and TO (older)", EXIT.usage);
  return withGraph(ctx, (_db, graph) => {
    const from = requirePaper(graph, fromRef);
    const to = requirePaper(graph, toRef);
    const { paths, truncated } = graph.paths(from.id, to.id);
    if (ctx.json) {
      printJson(ctx, { from: from.id, to: to.id, paths, truncated });
    } else if (paths.length === 0) {
      ctx.out(`No chain: "${from.title}" does not build on "${to.title}", directly or through other papers in the graph.`);
    } else {
      ctx.out(paths.map((p, i) => `Chain ${i + 1}:\n${p.map((x, k) => `  ${k === 0 ? "" : "→ builds on "}${line(x)}`).join("\n")}`).join("\n\n"));
    }
    return EXIT.ok;
  });
}

export function searchCommand(ctx: CommandContext): number {
  const query = ctx.positionals.join(" ");
  if (!query.trim()) throw new CliError("search: give some words, an identifier or an author", EXIT.usage);
  const limit = intOption(ctx, "limit", 20, 1, 500);
  return withGraph(ctx, (db, graph) => {
    const named = namedPapers(db, graph, query);
    warnSeveral(ctx, query, named.papers, named.found);
    const hits = searchPapers(db, graph, query, limit);
    if (ctx.json) printJson(ctx, hits);
    else ctx.out(hits.map(hitLines).join("\n") || "(no match)");
    return EXIT.ok;
  });
}

export function explainCommand(ctx: CommandContext): number {
  return withGraph(ctx, (db, graph) => {
    const paper = requirePaper(graph, ctx.positionals[0]);
    const mentions = db.queries.mentionsOf(paper.id);
    const decisions = db.queries.mergeDecisions(paper.id);
    const fieldSources = paperView(db, graph, paper).fieldSources;
    const aliases = db.search.aliasesOf(paper.id);
    if (ctx.json) {
      printJson(ctx, { id: paper.id, title: paper.title, mentions, decisions, fieldSources, aliases });
      return EXIT.ok;
    }
    const how = { self: "the page is about it", builds_on: "listed under Builds on", built_by: "listed under Built on by" };
    const identity = (m: (typeof mentions)[number]) => {
      const ids = [
        ["arXiv", m.arxiv],
        ["DOI", m.doi],
        ["ACL", m.acl],
        ["OpenReview", m.openreview],
        ["S2", m.s2],
      ].filter(([, v]) => v);
      return ids.length > 0 ? ids.map(([k, v]) => `${k} ${v}`).join(", ") : `title only: "${m.title ?? ""}"${m.year ? ` (${m.year})` : ""}`;
    };
    const out = [
      `${paper.title ?? "(untitled)"} is paper ${paper.id}.`,
      "",
      `Named by ${mentions.length} mention${mentions.length === 1 ? "" : "s"} (mentions sharing an identifier are one paper):`,
      ...mentions.map((m) => `  - ${oneLine(m.source)}: ${how[m.role]} (${m.format}); ${identity(m)}`),
      "",
      "Where its facts come from:",
      ...Object.entries(fieldSources).map(([field, source]) => `  - ${field}: ${source === null || source === undefined ? "unknown" : oneLine(source)}`),
      "",
      aliases.length === 0 ? "Search knows it by its title, authors and identifiers only." : "Search also knows it as:",
      ...aliases.map((a) => `  - "${a.alias}" (${a.exact ? "a name" : "an acronym"}): ${a.source}`),
      "",
      decisions.length === 0 ? "No title merges or refusals: every mention carried a shared identifier." : "Title merges and refusals:",
      ...decisions.map(
        (d) =>
          `  - ${d.decision === "merged" ? "merged" : "kept apart"} (${d.rule}): ${d.detail}; ${oneLine(d.source_a)} ↔ ${oneLine(d.source_b)}${d.paper_a !== d.paper_b ? ` [${d.paper_a} / ${d.paper_b}]` : ""}`,
      ),
    ];
    ctx.out(out.join("\n"));
    return EXIT.ok;
  });
}

/** `lineage edge FROM TO`: whether FROM builds on TO, and every page that says so. */
export function edgeCommand(ctx: CommandContext): number {
  const [fromRef, toRef] = ctx.positionals;
  if (!fromRef || !toRef) throw new CliError("edge: give two papers, FROM (the one that builds on) and TO", EXIT.usage);
  return withGraph(ctx, (db, graph) => {
    const from = requirePaper(graph, fromRef);
    const to = requirePaper(graph, toRef);
    const assertions = db.queries.edgeAssertions(from.id, to.id);
    if (ctx.json) {
      printJson(ctx, { citing: from.id, cited: to.id, exists: assertions.length > 0, assertedBy: assertions });
    } else if (assertions.length === 0) {
      ctx.out(`No page says that "${from.title}" builds on "${to.title}".`);
    } else {
      ctx.out(
        [
          `"${from.title}" builds on "${to.title}", according to:`,
          ...assertions.map(
            (a) => `  - ${oneLine(a.source)} (${a.format}, ${a.listedUnder === "buildsOn" ? "its Builds on list" : "its Built on by list"}${a.dataThrough ? `, data through ${a.dataThrough}` : ""})`,
          ),
        ].join("\n"),
      );
    }
    return EXIT.ok;
  });
}
