/**
 * `npm run eval -- fixtures [--dir PATH]`: how Lineage reads the real saved pages and API
 * recordings in `<sharedData>/fixtures` (issue 14), which the repository's tests replaced with
 * invented ones. Each file goes through what `lineage ingest` and `lineage import` use: parsePage
 * for an HTML page, importSources for the files of an `s2/` or `openalex/` folder (all of one
 * folder in one call, as `lineage import FORMAT FOLDER` reads them) and for `.bib` and `.ris`
 * files. The report gives per file the format detected, the records read, the problems with
 * their reasons, and per record its title, year, identifiers and the sizes of its lists; then
 * totals, and the facts the data's README states about its files, each met or missed
 * (eval/fixture-facts.ts). Nothing is written anywhere.
 */
import { readFileSync } from "node:fs";
import { basename, dirname, extname, join, relative, resolve, sep } from "node:path";
import { decodePage } from "../ingest/decode.ts";
import { expandPaths, readPageFile } from "../ingest/files.ts";
import { detectFormat, parsePage } from "../ingest/parse-page.ts";
import { splitBibtex } from "../ingest/sources/bibtex.ts";
import { looksLikeCassette, parseCassette } from "../ingest/sources/cassette.ts";
import { importSources, type SourceFile } from "../ingest/sources/import-sources.ts";
import { readJsonValues } from "../ingest/sources/json-values.ts";
import { splitRis } from "../ingest/sources/ris.ts";
import { isS2Exchange, s2Bundles } from "../ingest/sources/s2-exchanges.ts";
import type { Identifiers, PaperPage, PaperRef, SourceFormat } from "../vocabulary/paper-page.ts";
import { checkFacts, REAL_FIXTURE_FACTS, type FactResult, type KnownFact } from "./fixture-facts.ts";
import type { EvalContext, EvalReport } from "./types.ts";

/** `lineage import` reads exports of up to 1 GiB (scripts/cli/import-command.ts). */
const IMPORT_MAX_BYTES = 1024 * 1024 * 1024;
const PAGE_EXTENSIONS = [".html", ".htm"];
const STRUCTURED_EXTENSIONS = [".json", ".jsonl", ".yaml", ".yml"];

export interface RecordReport {
  source: string;
  title?: string;
  year?: number;
  ids: Identifiers;
  authors: number;
  buildsOn: number;
  builtBy: number;
  /** Entries of either list known by neither an identifier nor anything but a title. */
  stubs: number;
  abstract: boolean;
  referencesTotal?: number;
  citedByCount?: number;
  warnings: string[];
}

export interface FileReport {
  /** Relative to the folder evaluated. */
  path: string;
  kind: "page" | SourceFormat;
  /** The page format parsePage picked, or the container a source file was read as. */
  detected: string;
  /** BibTeX entries, RIS records or recorded exchanges found in the file. */
  entries?: number;
  /** S2 cassettes: entries of the reference and citation lists reassembled from their pages. */
  listEntries?: number;
  records: RecordReport[];
  problems: { reason: string; line?: number; key?: string }[];
  warnings: string[];
}

export interface FixturesReport {
  root: string;
  files: FileReport[];
  skipped: string[];
  totals: { files: number; records: number; problems: number; warnings: number; byKind: Record<string, { files: number; records: number; problems: number }> };
  facts: FactResult[];
}

function isStub(ref: PaperRef): boolean {
  return !Object.values(ref.ids).some(Boolean);
}

function recordReport(source: string, page: PaperPage): RecordReport {
  const { paper, facts } = page;
  const report: RecordReport = {
    source,
    ids: paper.ids,
    authors: paper.authors.length,
    buildsOn: page.buildsOn.length,
    builtBy: page.builtBy.length,
    stubs: page.buildsOn.filter(isStub).length + page.builtBy.filter(isStub).length,
    abstract: Boolean(paper.abstract),
    warnings: page.warnings,
  };
  if (paper.title) report.title = paper.title;
  if (paper.year !== undefined) report.year = paper.year;
  if (facts.referencesTotal !== undefined) report.referencesTotal = facts.referencesTotal;
  if (facts.citedByCount !== undefined) report.citedByCount = facts.citedByCount;
  return report;
}

/** How a file is read: a page, a structured source by its folder or extension, or not at all. */
function kindOf(path: string): FileReport["kind"] | undefined {
  const ext = extname(path).toLowerCase();
  if (PAGE_EXTENSIONS.includes(ext)) return "page";
  if (ext === ".bib" || ext === ".bibtex") return "bibtex";
  if (ext === ".ris") return "ris";
  const folders = dirname(path).split(sep);
  if (STRUCTURED_EXTENSIONS.includes(ext) && folders.includes("s2")) return "s2";
  if (STRUCTURED_EXTENSIONS.includes(ext) && folders.includes("openalex")) return "openalex";
  return undefined;
}

function readPage(path: string, rel: string): FileReport {
  const file: FileReport = { path: rel, kind: "page", detected: "unreadable", records: [], problems: [], warnings: [] };
  const read = readPageFile(path, IMPORT_MAX_BYTES);
  if (!read.ok) {
    file.problems.push({ reason: read.reason });
    return file;
  }
  const decoded = decodePage(read.bytes);
  file.detected = decoded.ok ? (detectFormat(decoded.text) ?? "no page format") : "undecodable";
  const parsed = parsePage(read.bytes, path);
  if (parsed.ok) file.records.push(recordReport(rel, parsed.page));
  else file.problems.push({ reason: parsed.reason });
  return file;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The container a source file was read as, and how many entries it holds. */
function container(kind: SourceFormat, text: string): { detected: string; entries?: number; listEntries?: number } {
  if (kind === "bibtex") {
    const entries = splitBibtex(text).filter((c) => !["string", "comment", "preamble"].includes(c.kind)).length;
    return { detected: `BibTeX, ${plural(entries, "entry", "entries")}`, entries };
  }
  if (kind === "ris") {
    const entries = splitRis(text).chunks.length;
    return { detected: `RIS, ${plural(entries, "record", "records")}`, entries };
  }
  if (looksLikeCassette(text)) {
    const parsed = parseCassette(text);
    if ("reason" in parsed) return { detected: "cassette (unreadable)" };
    const entries = parsed.exchanges.length;
    const out: { detected: string; entries: number; listEntries?: number } = { detected: `cassette, ${plural(entries, "recorded exchange", "recorded exchanges")}`, entries };
    if (kind === "s2") {
      const { bundles } = s2Bundles(parsed.exchanges.filter(isS2Exchange));
      out.listEntries = bundles.reduce((n, b) => n + (b.references?.length ?? 0) + (b.citations?.length ?? 0), 0);
      out.detected += `, ${plural(out.listEntries, "list entry", "list entries")} reassembled`;
    }
    return out;
  }
  const { values } = readJsonValues(text);
  if (values.length === 0) return { detected: "not JSON" };
  if (values.some((v) => v.line !== undefined)) return { detected: `JSON Lines, ${plural(values.length, "document", "documents")}`, entries: values.length };
  return { detected: Array.isArray(values[0]?.value) ? "JSON array" : "JSON object" };
}

/** The files of one folder and format, read together as `lineage import` reads a folder. */
function readSources(kind: SourceFormat, paths: string[], root: string): FileReport[] {
  const reports = new Map<string, FileReport>();
  const files: SourceFile[] = [];
  for (const path of paths) {
    const report: FileReport = { path: relative(root, path), kind, detected: "unreadable", records: [], problems: [], warnings: [] };
    reports.set(path, report);
    const read = readPageFile(path, IMPORT_MAX_BYTES);
    if (!read.ok) {
      report.problems.push({ reason: read.reason });
      continue;
    }
    Object.assign(report, container(kind, new TextDecoder("utf-8").decode(read.bytes)));
    files.push({ path, bytes: read.bytes });
  }
  const result = importSources(kind, files);
  for (const [path, report] of reports) {
    const prefix = `${kind}:${basename(path)}#`;
    for (const r of result.records) if (r.source.startsWith(prefix)) report.records.push(recordReport(r.source, r.page));
    for (const p of result.problems) {
      if (p.path !== path) continue;
      const problem: FileReport["problems"][number] = { reason: p.reason };
      if (p.line !== undefined) problem.line = p.line;
      if (p.key !== undefined) problem.key = p.key;
      report.problems.push(problem);
    }
    for (const w of result.warnings) if (w.path === path) report.warnings.push(w.warning);
  }
  return [...reports.values()];
}

/** The evaluation's core: every file under `root` read as Lineage would, and the facts checked. */
export function readFixtures(root: string, facts: readonly KnownFact[] = REAL_FIXTURE_FACTS): FixturesReport {
  const { files: all } = expandPaths([root]);
  const files: FileReport[] = [];
  const skipped: string[] = [];
  const groups = new Map<string, { kind: SourceFormat; paths: string[] }>();
  for (const path of all) {
    const kind = kindOf(relative(root, path));
    if (kind === undefined) skipped.push(relative(root, path));
    else if (kind === "page") files.push(readPage(path, relative(root, path)));
    else {
      const key = `${kind}|${dirname(path)}`;
      const group = groups.get(key) ?? { kind, paths: [] };
      group.paths.push(path);
      groups.set(key, group);
    }
  }
  for (const group of groups.values()) files.push(...readSources(group.kind, group.paths, root));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const byKind: FixturesReport["totals"]["byKind"] = {};
  for (const f of files) {
    const k = (byKind[f.kind] ??= { files: 0, records: 0, problems: 0 });
    k.files++;
    k.records += f.records.length;
    k.problems += f.problems.length;
  }
  const sum = (pick: (f: FileReport) => number) => files.reduce((n, f) => n + pick(f), 0);
  const texts = (path: string) => readFileSync(join(root, path), "utf8");
  return {
    root,
    files,
    skipped,
    totals: { files: files.length, records: sum((f) => f.records.length), problems: sum((f) => f.problems.length), warnings: sum((f) => f.warnings.length), byKind },
    facts: checkFacts(facts, files, texts),
  };
}

function idsText(ids: Identifiers): string {
  const parts = Object.entries(ids)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}:${v}`);
  return parts.length > 0 ? parts.join(" ") : "no identifier";
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** The report as lines for a reader. */
export function fixturesText(report: FixturesReport): string[] {
  const lines = [`Fixtures read as Lineage reads them: ${report.root}`, ""];
  for (const f of report.files) {
    lines.push(`${f.path}: ${f.kind}, ${f.detected}; ${plural(f.records.length, "record", "records")}, ${plural(f.problems.length, "problem", "problems")}`);
    for (const r of f.records) {
      const lists = `${plural(r.buildsOn, "reference", "references")}, ${plural(r.builtBy, "citation", "citations")}${r.stubs > 0 ? ` (${r.stubs} title-only)` : ""}`;
      lines.push(`  ${clip(r.title ?? "(no title)", 70)} (${r.year ?? "no year"}) ${idsText(r.ids)}; ${plural(r.authors, "author", "authors")}, ${lists}`);
    }
    for (const p of f.problems) lines.push(`  problem: ${p.reason}`);
    for (const w of f.warnings) lines.push(`  warning: ${w}`);
  }
  const t = report.totals;
  lines.push("", `Totals: ${t.files} files, ${t.records} records, ${t.problems} problems, ${t.warnings} file warnings; ${report.skipped.length} files not read`);
  for (const [kind, k] of Object.entries(t.byKind)) lines.push(`  ${kind}: ${k.files} files, ${k.records} records, ${k.problems} problems`);
  const met = report.facts.filter((f) => f.met).length;
  lines.push("", `Known facts (from the data's README): ${met} met, ${report.facts.length - met} missed`);
  for (const f of report.facts) lines.push(`  ${f.met ? "met   " : "MISSED"} ${f.path}: ${f.fact} (found: ${f.found})`);
  return lines;
}

function dirArg(args: readonly string[], fallback: string): string {
  const at = args.indexOf("--dir");
  const value = at >= 0 ? args[at + 1] : undefined;
  return value ? resolve(process.env.INIT_CWD ?? process.cwd(), value) : fallback;
}

export default function fixturesEvaluation(ctx: EvalContext): EvalReport {
  const root = dirArg(ctx.args, join(ctx.sharedData, "fixtures"));
  ctx.log(`reading ${root}`);
  const report = readFixtures(root);
  return { name: "fixtures", date: new Date().toISOString().slice(0, 10), text: fixturesText(report).join("\n"), figures: report };
}
