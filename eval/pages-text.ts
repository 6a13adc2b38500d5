/**
 * The pages evaluation as text (eval/pages.ts): a table per site (pages, titles, years, authors,
 * identifiers and one-node works, each "right/checked" with what was wrong "w", differed in case
 * "c" or was missing "m"), the totals and the targets, for a corpus read by `lineage ingest` and
 * for the development corpus held out site by site; and each page's line, as issue 16 had it.
 */
import { settingsText } from "../ingest/reader-settings.ts";
import type { PageCheck } from "./page-checks.ts";
import { checked, FACTS, share, tallyFacts, tallyText, type FactTotals, type Tally, type WorkTally } from "./page-figures.ts";
import { writtenFor } from "./page-rule-provenance.ts";
import { groupBy, type PageResult } from "./page-results.ts";
import type { LosoReport } from "./pages-loso.ts";
import type { PagesReport, Target } from "./pages.ts";

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const pad = (s: string, n: number) => (s.length >= n ? `${s} ` : s.padEnd(n));

/** Per page of a site: its work is one node (all its accepted pages in one), for works of several pages. */
function oneNodeTally(site: readonly PageResult[], all: readonly PageResult[]): Tally {
  const t: Tally = { right: 0, wrong: 0, missing: 0, inexact: 0 };
  const nodesOfWork = new Map<string, Set<string>>();
  const acceptedOfWork = new Map<string, number>();
  for (const p of all) {
    if (!p.accepted) continue;
    acceptedOfWork.set(p.work, (acceptedOfWork.get(p.work) ?? 0) + 1);
    const set = nodesOfWork.get(p.work) ?? new Set<string>();
    for (const n of p.nodes) set.add(n);
    nodesOfWork.set(p.work, set);
  }
  for (const p of site) {
    if (!p.accepted || (acceptedOfWork.get(p.work) ?? 0) < 2 || !p.describesWork) continue;
    if ((nodesOfWork.get(p.work)?.size ?? 0) === 1) t.right++;
    else t.missing++;
  }
  return t;
}

function siteTable(pages: readonly PageResult[], extra: (host: string, pages: PageResult[]) => string): string[] {
  const lines = [`  ${pad("site", 28)}${pad("pages", 6)}${pad("titles", 10)}${pad("years", 10)}${pad("authors", 10)}${pad("ids", 10)}${pad("one node", 10)}`];
  for (const [host, members] of [...groupBy(pages, (p) => p.host)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const t = tallyFacts(members.map((p) => p.outcomes));
    const cells = FACTS.map((f) => pad(tallyText(t[f]), 10)).join("");
    lines.push(`  ${pad(host, 28)}${pad(String(members.length), 6)}${cells}${pad(tallyText(oneNodeTally(members, pages)), 10)}${extra(host, members)}`);
  }
  return lines;
}

function totalsLine(label: string, pages: number, totals: FactTotals, works: WorkTally): string {
  const cells = FACTS.map((f) => pad(tallyText(totals[f]), 10)).join("");
  const node = `${works.oneNode}/${works.oneNode + works.split} works${works.falseMerges ? ` ${works.falseMerges} false merges` : ""}`;
  return `  ${pad(label, 28)}${pad(String(pages), 6)}${cells}${node}`;
}

function shareLine(totals: FactTotals, works: WorkTally): string {
  const parts = FACTS.map((f) => `${f} ${share(totals[f].right, checked(totals[f]))} (${totals[f].wrong} wrong, ${totals[f].missing + totals[f].inexact} missing)`);
  return `  right: ${parts.join("; ")}; works one node ${share(works.oneNode, works.oneNode + works.split)} (${works.falseMerges} false merges)`;
}

/** A corpus read by `lineage ingest`: the table per site, the totals and the targets. */
export function corpusText(title: string, report: PagesReport): string[] {
  const sites = new Set(report.pages.map((p) => p.host)).size;
  return [
    `${title}: ${report.root} (${report.pages.length} pages, ${sites} sites, ${report.works.length} works)`,
    ...siteTable(report.pages, () => ""),
    totalsLine("all sites", report.pages.length, report.totals, report.workTally),
    shareLine(report.totals, report.workTally),
    ...report.works
      .filter((w) => w.nodes.length !== 1 || !w.titleExact)
      .map(
        (w) =>
          `  ${w.work}: ${w.nodes.length} node${w.nodes.length === 1 ? "" : "s"}${w.titleExact ? "" : " (title not exact)"}: ${w.nodes.map((n) => `"${clip(n.title ?? "(untitled)", 50)}"`).join(", ") || "none"}`,
      ),
    ...report.falseMerges.map((m) => `  FALSE MERGE: ${m.node} holds pages of ${m.works.join(" and ")}`),
    ...report.pages.filter(flawed).map(pageLine),
    "  Targets:",
    ...targetLines(report.targets),
  ];
}

/** The development corpus held out site by site. */
export function losoText(loso: LosoReport): string[] {
  const chosen = [...groupBy(loso.folds, (f) => settingsText(f.settings))].map(([s, folds]) => `${s} (${folds.length} of ${loso.folds.length} folds)`);
  const t = loso.totals;
  const atLeast = (f: keyof FactTotals) => checked(t[f]) > 0 && t[f].right / checked(t[f]) >= 0.9;
  const works = loso.workTally;
  const targets: Target[] = [
    ...FACTS.map((f) => ({
      target: `${f} right on at least 90% of pages, each site held out`,
      value: `${t[f].right}/${checked(t[f])} (${share(t[f].right, checked(t[f]))}), ${t[f].wrong} wrong, ${t[f].missing + t[f].inexact} missing`,
      met: atLeast(f),
    })),
    {
      target: "works of several pages one node, each site held out",
      value: `${works.oneNode}/${works.oneNode + works.split} (${share(works.oneNode, works.oneNode + works.split)}), ${works.falseMerges} false merges`,
      met: works.split * 10 <= works.oneNode + works.split && works.falseMerges === 0,
    },
  ];
  return [
    `Leave-one-site-out (${loso.folds.length} sites): each site read with the settings chosen on all the others (facts right, less five per fact wrong)`,
    `  settings chosen: ${chosen.join("; ")}`,
    `  with every site in view the corpus chooses ${settingsText(loso.allIn.settings)}: ${loso.allIn.isDefault ? "the defaults `lineage ingest` reads with" : "NOT the defaults"}`,
    `  the evaluation's identity over the ingest's readings gives the ingest's nodes: ${loso.agreesWithIngest ? "yes" : "NO"}`,
    `  "written for": what of the fixed rules was written from the site's pages (a site adapter, golden layouts); every page was in view when the general rules were written`,
    ...siteTable(loso.pages, (host, pages) =>
      writtenFor(
        host,
        pages.map((p) => p.format),
      ),
    ),
    totalsLine("held out, all sites", loso.pages.length, t, works),
    shareLine(t, works),
    "  Targets (issue 26):",
    ...targetLines(targets),
  ];
}

function targetLines(targets: readonly Target[]): string[] {
  return targets.map((t) => `  ${t.met ? "met   " : "MISSED"} ${t.target}: ${t.value}`);
}

function flawed(p: PageResult): boolean {
  return Object.values(p.outcomes).some((o) => o === "wrong" || o === "missing" || o === "inexact");
}

export function pageLine(p: PageResult): string {
  if (!p.accepted)
    return `  ${p.slug}: REFUSED (${p.refusal?.true === "true" ? "true reason" : p.refusal?.true === "false" ? "FALSE REASON" : "reason unchecked"}): ${clip(p.refusal?.reason ?? "", 110)}`;
  const c = p.check as PageCheck;
  const parts = [
    c.title
      ? c.title.exact
        ? "title exact"
        : c.title.read === null
          ? "title MISSED"
          : `title ${c.title.normalised ? "differs in case or marks" : "WRONG"} ("${clip(c.title.read)}")`
      : c.unexpectedTitle
        ? `title WRONG ("${clip(c.unexpectedTitle)}", none shown)`
        : "no title expected",
    c.year.shown
      ? c.year.found
        ? `year ${c.year.read}`
        : `year ${c.year.wrong ? "WRONG" : "MISSED"}${c.year.read !== null ? ` (read ${c.year.read})` : ""}`
      : c.year.wrong
        ? `year WRONG (${c.year.read})`
        : "no year shown",
    c.authors.shown > 0 ? `authors ${c.authors.found}/${c.authors.shown}` : "no authors shown",
    ...(c.authors.wrong.length ? [`WRONG authors ${c.authors.wrong.slice(0, 3).join(", ")}${c.authors.wrong.length > 3 ? ", …" : ""}`] : []),
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
  lines.push("", "Per format (pages: accepted, then right/checked per fact, w wrong, c case, m missing):");
  for (const [format, pages] of [...groupBy(report.pages, (p) => p.format)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const t = tallyFacts(pages.map((p) => p.outcomes));
    lines.push(`  ${format.padEnd(16)} ${pages.length} pages: ${pages.filter((p) => p.accepted).length} accepted, ${FACTS.map((f) => `${f} ${tallyText(t[f])}`).join(", ")}`);
  }
  lines.push("", "Per work (nodes in the graph):");
  for (const w of report.works) {
    const nodes = w.nodes.map((n) => `${n.id} "${clip(n.title ?? "(untitled)", 50)}"`).join(", ");
    lines.push(`  ${w.work}: ${w.accepted}/${w.pages} pages accepted, ${w.nodes.length} node${w.nodes.length === 1 ? "" : "s"}${w.titleExact ? "" : " (title NOT exact)"}: ${nodes || "none"}`);
  }
  for (const m of report.falseMerges) lines.push(`  FALSE MERGE: ${m.node} holds pages of ${m.works.join(" and ")}`);
  if (report.problems.length > 0) lines.push("", "Not evaluated:", ...report.problems.map((p) => `  ${p}`));
  lines.push("", "Targets (issues 16 and 26):", ...targetLines(report.targets));
  return lines;
}
