/**
 * `npm run eval -- pages [--pages DIR]`: how `lineage ingest` reads real pages (issue 16). Every
 * `<slug>.<ext>` beside a hand-written `<slug>.expected.json` in `<sharedData>/real-pages` (or DIR,
 * any folder laid out the same way) goes through library/ingest-files.ts `ingestPaths` itself, in
 * one batch into a temporary database, so file routing, the adapters, identity resolution and the
 * choice of each paper's facts are all measured as a user meets them. Per page (grouped by site,
 * with the format it was read as): accepted or refused, and whether a refusal's reason is true;
 * title exact; year and authors found where shown; every identifier shown found; no site chrome
 * made a paper or a citation (eval/page-checks.ts). Across pages: every work seen on several pages
 * is one node, and no node holds pages of two works. Then the issue's targets, met or missed.
 * The pages are read where they are and never copied; nothing is written but the temporary database.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openReader } from "../db/store.ts";
import { ingestPaths, type FileOutcome } from "../library/ingest-files.ts";
import { checkPage, readExpectation, refusalTruth, sameText, type PageCheck, type PageExpectation, type Refusal } from "./page-checks.ts";
import type { EvalContext, EvalReport } from "./types.ts";

export interface PageResult {
  slug: string;
  file: string;
  site: string;
  work: string;
  /** The expectation shows a title or an identifier: the page is about one work. */
  describesWork: boolean;
  /** What the file was read as: a page format, a records format, or "refused". */
  format: string;
  accepted: boolean;
  refusal?: { reason: string; true: Refusal };
  check?: PageCheck;
  /** The graph's nodes this page's own records ended in. */
  nodes: string[];
}

export interface WorkResult {
  work: string;
  pages: number;
  accepted: number;
  nodes: { id: string; title: string | null }[];
  titleExact: boolean;
}

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
  targets: Target[];
}

const EXPECTED = ".expected.json";

/** Each expectation with the page file beside it (same folder, same slug, any other ending). */
function pairs(root: string): { expectations: { file: string; expected: PageExpectation }[]; problems: string[] } {
  const problems: string[] = [];
  const expectations: { file: string; expected: PageExpectation }[] = [];
  const walk = (folder: string) => {
    const names = readdirSync(folder).sort();
    for (const name of names) {
      const path = join(folder, name);
      if (!name.startsWith(".") && statSync(path).isDirectory()) walk(path);
      if (!name.endsWith(EXPECTED)) continue;
      const slug = name.slice(0, -EXPECTED.length);
      const page = names.find((n) => n !== name && n.startsWith(`${slug}.`) && !n.endsWith(EXPECTED) && !n.slice(slug.length + 1).includes("."));
      let read: ReturnType<typeof readExpectation>;
      try {
        read = readExpectation(slug, JSON.parse(readFileSync(path, "utf8")));
      } catch (err) {
        read = { reason: (err as Error).message };
      }
      if ("reason" in read) problems.push(`${name}: unreadable expectation (${read.reason})`);
      else if (!page) problems.push(`${name}: no page file ${slug}.* beside it`);
      else expectations.push({ file: join(folder, page), expected: read });
    }
    const paired = new Set(expectations.map((e) => e.file));
    for (const name of names) {
      const path = join(folder, name);
      if (!name.startsWith(".") && !name.endsWith(EXPECTED) && !paired.has(path) && statSync(path).isFile()) problems.push(`${name}: no ${name.replace(/\.[^.]*$/, "")}${EXPECTED} beside it`);
    }
  };
  walk(root);
  return { expectations, problems };
}

/** The evaluation's core: the pages of `root` ingested, checked, and measured against the targets. */
export function evaluatePages(root: string): PagesReport {
  const { expectations, problems } = pairs(root);
  const tmp = mkdtempSync(join(tmpdir(), "lineage-eval-pages-"));
  const database = join(tmp, "pages.db");
  try {
    const outcomes = new Map<string, FileOutcome>();
    const report = ingestPaths(
      database,
      expectations.map((e) => e.file),
      undefined,
      undefined,
      (o) => outcomes.set(o.path, o),
    );
    for (const e of report.errors) if (!outcomes.has(e.path)) problems.push(`${e.path}: ${e.reason}`);
    const nodeOf = selfNodes(database);
    const pages = expectations.map(({ file, expected }) => pageResult(resolve(file), expected, outcomes.get(resolve(file)), nodeOf));
    const titles = titleOfNodes(database);
    const works = workResults(
      pages,
      expectations.map((e) => e.expected),
      titles,
    );
    const falseMerges = [
      ...groupBy(
        pages.flatMap((p) => p.nodes.map((n) => [n, p.work] as const)),
        ([n]) => n,
      ),
    ]
      .map(([node, entries]) => ({ node, works: [...new Set(entries.map(([, w]) => w))].sort() }))
      .filter((m) => m.works.length > 1);
    return { root, pages, works, falseMerges, problems, targets: targetsOf(pages, works, falseMerges) };
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

function titleOfNodes(database: string): Map<string, string | null> {
  const db = openReader(database);
  try {
    return new Map(db.queries.allPapers().map((p) => [p.id, p.title]));
  } finally {
    db.close();
  }
}

function pageResult(file: string, expected: PageExpectation, outcome: FileOutcome | undefined, nodeOf: Map<string, string>): PageResult {
  const records = outcome?.records ?? [];
  const describesWork = expected.title !== null || Object.keys(expected.ids).length > 0;
  const base = { slug: expected.slug, file, site: expected.site, work: expected.work, describesWork };
  if (records.length === 0) {
    const reason = outcome?.errors[0]?.reason ?? "not read";
    let text: string | undefined;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      text = undefined;
    }
    return { ...base, format: "refused", accepted: false, refusal: { reason, true: refusalTruth(reason, text, expected) }, nodes: [] };
  }
  const nodes = [...new Set(records.map((r) => nodeOf.get(r.source)).filter((n): n is string => n !== undefined))].sort();
  return {
    ...base,
    format: records[0]?.page.format ?? "?",
    accepted: true,
    check: checkPage(
      records.map((r) => r.page),
      expected,
    ),
    nodes,
  };
}

function workResults(pages: readonly PageResult[], expectations: readonly PageExpectation[], titles: Map<string, string | null>): WorkResult[] {
  const out: WorkResult[] = [];
  for (const [work, members] of groupBy(pages, (p) => p.work)) {
    const shown = expectations.filter((e) => e.work === work && e.title !== null).map((e) => e.title as string);
    if (shown.length === 0) continue; // a listing page describes no one work
    const ids = [...new Set(members.flatMap((p) => p.nodes))].sort();
    const nodes = ids.map((id) => ({ id, title: titles.get(id) ?? null }));
    const titleExact = nodes.length > 0 && nodes.every((n) => n.title !== null && shown.some((t) => sameText(t, n.title as string)));
    out.push({ work, pages: members.length, accepted: members.filter((p) => p.accepted).length, nodes, titleExact });
  }
  return out.sort((a, b) => (a.work < b.work ? -1 : 1));
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

const pct = (n: number, d: number) => (d === 0 ? "n/a" : `${n}/${d} (${Math.round((1000 * n) / d) / 10}%)`);

function targetsOf(pages: readonly PageResult[], works: readonly WorkResult[], falseMerges: PagesReport["falseMerges"]): Target[] {
  const checks = pages.flatMap((p) => (p.check ? [p.check] : []));
  const withYear = pages.filter((p) => p.check?.year.shown ?? false);
  const withAuthors = pages.filter((p) => (p.check?.authors.shown ?? 0) > 0);
  const withIds = pages.filter((p) => (p.check?.ids.shown ?? 0) > 0);
  const several = works.filter((w) => w.accepted > 1);
  const share = (n: number, d: number, at: number) => ({ value: pct(n, d), met: d > 0 && n / d >= at });
  const refusedFalsely = pages.filter((p) => p.refusal?.true === "false");
  const refusedWorks = pages.filter((p) => !p.accepted && p.describesWork);
  return [
    { target: "titles exact on at least 95% of works", ...share(works.filter((w) => w.titleExact).length, works.length, 0.95) },
    { target: "years found wherever shown, on at least 90% of pages", ...share(withYear.filter((p) => p.check?.year.found).length, withYear.length, 0.9) },
    { target: "authors found wherever shown, on at least 90% of pages", ...share(withAuthors.filter((p) => p.check?.authors.found === p.check?.authors.shown).length, withAuthors.length, 0.9) },
    { target: "every identifier shown found, on all pages", ...share(withIds.filter((p) => p.check?.ids.found === p.check?.ids.shown).length, withIds.length, 1) },
    { target: "every work seen on several pages is one node", ...share(several.filter((w) => w.nodes.length === 1).length, several.length, 1) },
    { target: "no false merges (no node holds pages of two works)", value: String(falseMerges.length), met: falseMerges.length === 0 },
    {
      target: "every refusal's reason true",
      value: `${refusedFalsely.length} false of ${pages.filter((p) => p.refusal).length} refusals (${refusedWorks.length} pages about a work refused)`,
      met: refusedFalsely.length === 0,
    },
    {
      target: "no wrong year or identifier",
      value: `${checks.filter((c) => c.year.wrong).length} wrong years, ${checks.reduce((n, c) => n + c.ids.wrong.length, 0)} wrong identifiers`,
      met: checks.every((c) => !c.year.wrong && c.ids.wrong.length === 0),
    },
    { target: "no site chrome made a paper or a citation", value: String(checks.reduce((n, c) => n + c.becamePapers.length, 0)), met: checks.every((c) => c.becamePapers.length === 0) },
  ];
}

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function pageLine(p: PageResult): string {
  if (!p.accepted)
    return `  ${p.slug}: REFUSED (${p.refusal?.true === "true" ? "true reason" : p.refusal?.true === "false" ? "FALSE REASON" : "reason unchecked"}): ${clip(p.refusal?.reason ?? "", 110)}`;
  const c = p.check as PageCheck;
  const parts = [
    c.title ? (c.title.exact ? "title exact" : `title ${c.title.normalised ? "differs in case or marks" : "WRONG"} ("${clip(c.title.read ?? "(none)")}")`) : "no title expected",
    c.year.shown ? (c.year.found ? `year ${c.year.read}` : `year MISSED${c.year.read !== null ? ` (read ${c.year.read})` : ""}`) : c.year.wrong ? `year WRONG (${c.year.read})` : "no year shown",
    c.authors.shown > 0 ? `authors ${c.authors.found}/${c.authors.shown}` : "no authors shown",
    c.ids.shown > 0 ? `ids ${c.ids.found}/${c.ids.shown}${c.ids.missing.length ? ` (missing ${c.ids.missing.join(", ")})` : ""}` : "no ids shown",
    ...(c.ids.wrong.length ? [`WRONG ids ${c.ids.wrong.join(", ")}`] : []),
    ...(c.becamePapers.length ? [`chrome became papers: ${c.becamePapers.map((m) => `"${clip(m, 40)}"`).join(", ")}`] : []),
  ];
  return `  ${p.slug} [${p.format}]: ${parts.join("; ")}`;
}

/** The report as lines for a reader: per site, per format, per work, then the targets. */
export function pagesText(report: PagesReport): string[] {
  const lines = [`Real pages read by \`lineage ingest\`: ${report.root} (${report.pages.length} pages, ${report.works.length} works)`, "", "Per site:"];
  for (const [site, pages] of [...groupBy(report.pages, (p) => p.site)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(`${site}`, ...pages.map(pageLine));
  }
  lines.push("", "Per format (pages: accepted, titles exact, years found/shown, authors found/shown, ids found/shown):");
  for (const [format, pages] of [...groupBy(report.pages, (p) => p.format)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const c = pages.flatMap((p) => (p.check ? [p.check] : []));
    const titled = c.filter((x) => x.title);
    lines.push(
      `  ${format.padEnd(16)} ${pages.length} pages: ${pages.filter((p) => p.accepted).length} accepted, titles ${titled.filter((x) => x.title?.exact).length}/${titled.length}, ` +
        `years ${c.filter((x) => x.year.shown && x.year.found).length}/${c.filter((x) => x.year.shown).length}, authors ${c.filter((x) => x.authors.shown > 0 && x.authors.found === x.authors.shown).length}/${c.filter((x) => x.authors.shown > 0).length}, ` +
        `ids ${c.filter((x) => x.ids.shown > 0 && x.ids.found === x.ids.shown).length}/${c.filter((x) => x.ids.shown > 0).length}`,
    );
  }
  lines.push("", "Per work (nodes in the graph):");
  for (const w of report.works) {
    const nodes = w.nodes.map((n) => `${n.id} "${clip(n.title ?? "(untitled)", 50)}"`).join(", ");
    lines.push(`  ${w.work}: ${w.accepted}/${w.pages} pages accepted, ${w.nodes.length} node${w.nodes.length === 1 ? "" : "s"}${w.titleExact ? "" : " (title NOT exact)"}: ${nodes || "none"}`);
  }
  for (const m of report.falseMerges) lines.push(`  FALSE MERGE: ${m.node} holds pages of ${m.works.join(" and ")}`);
  if (report.problems.length > 0) lines.push("", "Not evaluated:", ...report.problems.map((p) => `  ${p}`));
  lines.push("", "Targets (issue 16):", ...report.targets.map((t) => `  ${t.met ? "met   " : "MISSED"} ${t.target}: ${t.value}`));
  return lines;
}

function pagesArg(args: readonly string[], fallback: string): string {
  const at = args.indexOf("--pages");
  const value = at >= 0 ? args[at + 1] : undefined;
  return value ? resolve(process.env.INIT_CWD ?? process.cwd(), value) : fallback;
}

export default function pagesEvaluation(ctx: EvalContext): EvalReport {
  const root = pagesArg(ctx.args, join(ctx.sharedData, "real-pages"));
  ctx.log(`reading ${root}`);
  const report = evaluatePages(root);
  return { name: "pages", date: new Date().toISOString().slice(0, 10), text: pagesText(report).join("\n"), figures: report };
}
