/**
 * `npm run eval -- pages [--pages DIR]`: how `lineage ingest` reads real pages (issues 16 and 26).
 * Every `<slug>.<ext>` beside a hand-written `<slug>.expected.json` in `<sharedData>/real-pages`
 * (or DIR, any folder laid out the same way) goes through library/ingest-files.ts `ingestPaths`
 * itself, in one batch into a temporary database, so file routing, the adapters, identity
 * resolution and the choice of each paper's facts are all measured as a user meets them. Per page
 * (grouped by site, with the format it was read as): accepted or refused, and whether a refusal's
 * reason is true; each fact right, wrong or missing (eval/page-checks.ts): the title exactly as
 * shown, the year, the authors, every identifier; no site chrome made a paper or a citation.
 * Across pages: every work seen on several pages is one node, and no node holds pages of two works.
 * Without --pages, the development corpus is then measured site by site with each site held out
 * (eval/pages-loso.ts), and the further real pages kept outside the repository, from sites never
 * in the development corpus, are measured as held out (eval/page-corpus.ts `extraCorpora`).
 * The pages are read where they are and never copied; nothing is written but temporary databases.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openReader } from "../db/store.ts";
import { ingestPaths, type FileOutcome } from "../library/ingest-files.ts";
import { workFacts, type PageExpectation, type WorkFacts } from "./page-checks.ts";
import { readCorpus, extraCorpora } from "./page-corpus.ts";
import { pageResult, worksOf, type NodeFacts, type PageResult, type WorkResult } from "./page-results.ts";
import { checked, share, tallyFacts, type FactTotals, type WorkTally } from "./page-figures.ts";
import { losoPages, type LosoReport } from "./pages-loso.ts";
import { corpusText, losoText, pagesText } from "./pages-text.ts";

export { pagesText };
import type { EvalContext, EvalReport } from "./types.ts";

export interface Target {
  target: string;
  value: string;
  met: boolean;
}

export interface PagesReport {
  root: string;
  pages: PageResult[];
  works: WorkResult[];
  falseMerges: { node: string; works: string[] }[];
  problems: string[];
  totals: FactTotals;
  workTally: WorkTally;
  targets: Target[];
  /** What each file was read as, and its records (for the held-out readings of eval/pages-loso.ts). */
  outcomes: Map<string, FileOutcome>;
  expectations: PageExpectation[];
  work: Map<string, WorkFacts>;
}

/** The evaluation's core: the pages of `root` ingested, checked, and measured against the targets. */
export function evaluatePages(root: string): PagesReport {
  const { pairs, problems } = readCorpus(root);
  const tmp = mkdtempSync(join(tmpdir(), "lineage-eval-pages-"));
  const database = join(tmp, "pages.db");
  try {
    const outcomes = new Map<string, FileOutcome>();
    const report = ingestPaths(
      database,
      pairs.map((e) => e.file),
      undefined,
      undefined,
      (o) => outcomes.set(o.path, o),
    );
    for (const e of report.errors) if (!outcomes.has(e.path)) problems.push(`${e.path}: ${e.reason}`);
    const expectations = pairs.map((p) => p.expected);
    const work = workFacts(expectations);
    const nodeOf = selfNodes(database);
    const pages = pairs.map(({ file, expected }) => pageResult(resolve(file), expected, outcomes.get(resolve(file))?.records ?? [], outcomes.get(resolve(file)), nodeOf, work));
    const { works, falseMerges, workTally } = worksOf(pages, expectations, factsOfNodes(database), work);
    const totals = tallyFacts(pages.map((p) => p.outcomes));
    return { root, pages, works, falseMerges, problems, totals, workTally, targets: targetsOf(pages, works, falseMerges), outcomes, expectations, work };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Source of each self mention → the node it is in. */
function selfNodes(database: string): Map<string, string> {
  const db = openReader(database);
  try {
    const out = new Map<string, string>();
    for (const paper of db.queries.allPapers()) for (const m of db.queries.mentionsOf(paper.id)) if (m.role === "self") out.set(m.source, paper.id);
    return out;
  } finally {
    db.close();
  }
}

function factsOfNodes(database: string): Map<string, NodeFacts> {
  const db = openReader(database);
  try {
    return new Map(db.queries.allPapers().map((p) => [p.id, { title: p.title, year: p.year, authors: p.authors }]));
  } finally {
    db.close();
  }
}

const pct = (n: number, d: number) => (d === 0 ? "n/a" : `${n}/${d} (${share(n, d)})`);

function targetsOf(pages: readonly PageResult[], works: readonly WorkResult[], falseMerges: PagesReport["falseMerges"]): Target[] {
  const checks = pages.flatMap((p) => (p.check ? [p.check] : []));
  const totals = tallyFacts(pages.map((p) => p.outcomes));
  const several = works.filter((w) => w.accepted > 1);
  const refusedFalsely = pages.filter((p) => p.refusal?.true === "false");
  const refusedWorks = pages.filter((p) => !p.accepted && p.describesWork);
  const rightShare = (fact: keyof FactTotals, at: number) => ({
    value: `${pct(totals[fact].right, checked(totals[fact]))}, ${totals[fact].wrong} wrong`,
    met: checked(totals[fact]) > 0 && totals[fact].right / checked(totals[fact]) >= at,
  });
  return [
    {
      target: "titles exact on at least 95% of works",
      value: pct(works.filter((w) => w.titleExact).length, works.length),
      met: works.length > 0 && works.filter((w) => w.titleExact).length / works.length >= 0.95,
    },
    { target: "titles right on at least 90% of pages", ...rightShare("title", 0.9) },
    { target: "years right wherever shown, on at least 90% of pages", ...rightShare("year", 0.9) },
    { target: "authors right wherever shown, on at least 90% of pages", ...rightShare("authors", 0.9) },
    { target: "every identifier shown found, on all pages", ...rightShare("ids", 1) },
    ...nodeTargets(works),
    { target: "every work seen on several pages is one node", value: pct(several.filter((w) => w.nodes.length === 1).length, several.length), met: several.every((w) => w.nodes.length === 1) },
    { target: "no false merges (no node holds pages of two works)", value: String(falseMerges.length), met: falseMerges.length === 0 },
    {
      target: "every refusal's reason true",
      value: `${refusedFalsely.length} false of ${pages.filter((p) => p.refusal).length} refusals (${refusedWorks.length} pages about a work refused)`,
      met: refusedFalsely.length === 0,
    },
    {
      target: "no wrong title, year or identifier",
      value: `${totals.title.wrong} wrong titles, ${checks.filter((c) => c.year.wrong).length} wrong years, ${checks.reduce((n, c) => n + c.ids.wrong.length, 0)} wrong identifiers`,
      met: totals.title.wrong === 0 && checks.every((c) => !c.year.wrong && c.ids.wrong.length === 0),
    },
    { target: "no site chrome made a paper or a citation", value: String(checks.reduce((n, c) => n + c.becamePapers.length, 0)), met: checks.every((c) => c.becamePapers.length === 0) },
  ];
}

/** The works' nodes as `lineage show` gives them: years right for 90% with none wrong, authors for 90%. */
function nodeTargets(works: readonly WorkResult[]): Target[] {
  const count = (fact: "year" | "authors", o: string) => works.filter((w) => w[fact] === o).length;
  const line = (fact: "year" | "authors", label: string): Target => {
    const right = count(fact, "right");
    const n = right + count(fact, "wrong") + count(fact, "missing");
    const wrong = count(fact, "wrong");
    return {
      target: `works' ${label} right on at least 90% of their nodes${fact === "year" ? ", none wrong" : ""}`,
      value: `${pct(right, n)}, ${wrong} wrong`,
      met: n > 0 && right / n >= 0.9 && (fact !== "year" || wrong === 0),
    };
  };
  return [line("year", "years"), line("authors", "authors")];
}

function pagesArg(args: readonly string[]): string | undefined {
  const at = args.indexOf("--pages");
  const value = at >= 0 ? args[at + 1] : undefined;
  return value ? resolve(process.env.INIT_CWD ?? process.cwd(), value) : undefined;
}

export interface PagesFigures {
  development: PagesReport;
  loso?: LosoReport;
  extra: PagesReport[];
  extraAbsent?: string;
}

export default function pagesEvaluation(ctx: EvalContext): EvalReport {
  const given = pagesArg(ctx.args);
  const root = given ?? join(ctx.sharedData, "real-pages");
  ctx.log(`reading ${root}`);
  const development = evaluatePages(root);
  if (given) return { name: "pages", date: new Date().toISOString().slice(0, 10), text: pagesText(development).join("\n"), figures: strip({ development, extra: [] }) };
  ctx.log("holding out each site in turn");
  const loso = losoPages(development);
  const { roots, absent } = extraCorpora(ctx.sharedData);
  const extra = roots.map((r) => {
    ctx.log(`reading ${r}`);
    return evaluatePages(r);
  });
  const text = [
    ...corpusText("Development corpus, every site in view", development),
    "",
    ...losoText(loso),
    ...extra.flatMap((r) => ["", ...corpusText("Further real pages, held out (sites never in the development corpus)", r)]),
    ...(absent ? ["", absent] : []),
    "",
    "Per page, development corpus:",
    ...pagesText(development),
  ];
  return { name: "pages", date: new Date().toISOString().slice(0, 10), text: text.join("\n"), figures: strip({ development, loso, extra, ...(absent ? { extraAbsent: absent } : {}) }) };
}

/** The figures as JSON: the file outcomes (page records) and work facts left out. */
function strip(f: PagesFigures): unknown {
  const plain = (r: PagesReport) => ({ ...r, outcomes: undefined, expectations: undefined, work: undefined });
  return { ...f, development: plain(f.development), extra: f.extra.map(plain) };
}
