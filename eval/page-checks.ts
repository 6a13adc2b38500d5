/**
 * What one real page should give and whether it did (eval/pages.ts): its hand-written
 * `<slug>.expected.json` read leniently (the fields of real-pages/README.md), and the checks of
 * what `lineage ingest` read from the page against it: the title exactly as shown, the year where
 * shown (or one the expectation accepts), every author shown (a truncated list counts for what it
 * shows), every identifier shown, no site chrome taken for a paper or a citation, and whether a
 * refusal's reason says something true of the file. Each fact comes out right, wrong or missing
 * (issue 26: a wrong fact is worse than a missing one, and is counted apart): a year, author or
 * identifier read where the page shows none is checked against what the work's other pages
 * show (`WorkFacts`). Pure.
 */
import type { Identifiers, PaperPage } from "../vocabulary/paper-page.ts";
import { normalizeTitle } from "../vocabulary/titles.ts";

export const CHECKED_SCHEMES = ["arxiv", "doi", "acl", "openreview"] as const;
type CheckedScheme = (typeof CHECKED_SCHEMES)[number];

export interface PageExpectation {
  slug: string;
  site: string;
  work: string;
  pageKind?: string;
  title: string | null;
  year: number | null;
  yearAcceptable: number[];
  ids: Partial<Record<CheckedScheme, string>>;
  authors: string[];
  mustNotBecomePapers: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** An expectation from its JSON, or why it cannot be read. */
export function readExpectation(slug: string, json: unknown): PageExpectation | { reason: string } {
  if (!isRecord(json) || !isRecord(json.expected)) return { reason: "no `expected` object" };
  const e = json.expected;
  const ids: PageExpectation["ids"] = {};
  if (isRecord(e.ids)) for (const s of CHECKED_SCHEMES) if (typeof e.ids[s] === "string" && e.ids[s]) ids[s] = e.ids[s];
  const out: PageExpectation = {
    slug,
    site: typeof json.site === "string" ? json.site : "(no site)",
    work: typeof json.work === "string" ? json.work : slug,
    title: typeof e.title === "string" && e.title.trim() ? e.title : null,
    year: typeof e.year === "number" ? e.year : null,
    yearAcceptable: Array.isArray(e.year_acceptable) ? e.year_acceptable.filter((y): y is number => typeof y === "number") : [],
    ids,
    authors: texts(e.authors),
    mustNotBecomePapers: texts(e.must_not_become_papers),
  };
  if (typeof json.page_kind === "string") out.pageKind = json.page_kind;
  return out;
}

/** Titles compare exactly, but for Unicode form and runs of white space. */
export const sameText = (a: string, b: string) => a.normalize("NFC").replace(/\s+/g, " ").trim() === b.normalize("NFC").replace(/\s+/g, " ").trim();

/** A name's surname and first initial, as "Surname, Given" or "Given Surname" writes it. */
function nameParts(name: string): { surname: string; initial: string; words: string } {
  const plain = name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const words = (s: string) =>
    s
      .split(/[\s.]+/)
      .map((w) => w.replace(/[^\p{L}\p{N}-]/gu, ""))
      .filter(Boolean);
  const comma = plain.indexOf(",");
  const [given, family] = comma >= 0 ? [words(plain.slice(comma + 1)), words(plain.slice(0, comma))] : [words(plain).slice(0, -1), words(plain).slice(-1)];
  return { surname: family.at(-1) ?? "", initial: given[0]?.[0] ?? "", words: [...given, ...family].join(" ") };
}

/** One shown author is found when a read name has the surname and a compatible first initial. */
export function authorMatches(shown: string, read: string): boolean {
  const [a, b] = [nameParts(shown), nameParts(read)];
  if (!a.surname || a.surname !== b.surname) return a.words !== "" && a.words === b.words;
  return !a.initial || !b.initial || a.initial === b.initial;
}

export type Refusal = "true" | "false" | "unchecked";

/** Whether a refusal's reason says something true of the file (its text, and what it shows). */
export function refusalTruth(reason: string, text: string | undefined, expected: PageExpectation): Refusal {
  const showsWork = expected.title !== null || Object.keys(expected.ids).length > 0;
  if (/no title, identifier or abstract-like prose|no identifier link and no title|no-identity/.test(reason)) return showsWork ? "false" : "true";
  if (/^a listing of /.test(reason)) return expected.pageKind === "listing" ? "true" : showsWork ? "false" : "unchecked";
  if (text === undefined) return "unchecked";
  const parses = (() => {
    try {
      JSON.parse(text.replace(/^\uFEFF/, ""));
      return true;
    } catch {
      return false;
    }
  })();
  if (/^a JSON (document|list|value)|^a JSON-LD document/.test(reason)) return parses ? "true" : "false";
  if (/^a CSV table/.test(reason)) return (text.split("\n")[0]?.split(",").length ?? 0) >= 3 ? "true" : "false";
  if (/^empty file/.test(reason)) return text.trim() === "" ? "true" : "false";
  return "unchecked";
}

/** What all the pages of one work show, to check a fact a page read but does not show itself. */
export interface WorkFacts {
  titles: string[];
  years: Set<number>;
  authors: string[];
  ids: Partial<Record<CheckedScheme, Set<string>>>;
}

/** The facts every expectation of each work shows. */
export function workFacts(expectations: readonly PageExpectation[]): Map<string, WorkFacts> {
  const out = new Map<string, WorkFacts>();
  for (const e of expectations) {
    const w = out.get(e.work) ?? { titles: [], years: new Set<number>(), authors: [], ids: {} };
    if (e.title) w.titles.push(e.title);
    for (const y of [...e.yearAcceptable, ...(e.year !== null ? [e.year] : [])]) w.years.add(y);
    w.authors.push(...e.authors);
    for (const scheme of CHECKED_SCHEMES) {
      const id = e.ids[scheme];
      if (id) (w.ids[scheme] ??= new Set()).add(canonId(scheme, id));
    }
    out.set(e.work, w);
  }
  return out;
}

/** `inexact`: a title read that differs from the page's in case or marks only (neither right nor wrong). */
export type Outcome = "right" | "wrong" | "missing" | "inexact" | "none";

export interface PageCheck {
  title?: { read: string | null; exact: boolean; normalised: boolean };
  /** A title read from a page that shows none, and is not the work's. */
  unexpectedTitle?: string;
  year: { shown: boolean; read: number | null; found: boolean; wrong: boolean };
  /** `wrong`: names read that are no author of the page or the work. */
  authors: { shown: number; found: number; read: number; wrong: string[] };
  ids: { shown: number; found: number; missing: string[]; wrong: string[]; extra: string[] };
  /** `must_not_become_papers` entries this page made a paper or a citation of. */
  becamePapers: string[];
}

/** The record of a file that is the page's paper: the one whose title or identifiers match, else the first. */
export function pickRecord(pages: readonly PaperPage[], e: PageExpectation): PaperPage | undefined {
  const norm = e.title ? normalizeTitle(e.title) : undefined;
  return (
    pages.find((p) => norm !== undefined && p.paper.title !== undefined && normalizeTitle(p.paper.title) === norm) ??
    pages.find((p) => CHECKED_SCHEMES.some((s) => e.ids[s] !== undefined && sameId(s, e.ids[s] as string, p.paper.ids[s]))) ??
    pages[0]
  );
}

function canonId(scheme: CheckedScheme, v: string): string {
  return scheme === "arxiv" ? v.replace(/^arxiv:/i, "").replace(/v\d+$/, "") : scheme === "doi" ? v.toLowerCase() : v;
}

function sameId(scheme: CheckedScheme, expected: string, read: string | undefined): boolean {
  return read !== undefined && canonId(scheme, expected) === canonId(scheme, read);
}

/** An arXiv DOI ("10.48550/arXiv.2306.05685") names the arXiv identifier, which is how the reader keeps it. */
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;

/** Whether a page's read identifiers hold the one shown for `scheme`. */
function idFound(scheme: CheckedScheme, expected: string, ids: Identifiers): boolean {
  const viaArxiv = scheme === "doi" ? ARXIV_DOI.exec(expected)?.[1] : undefined;
  return sameId(scheme, expected, ids[scheme]) || (viaArxiv !== undefined && sameId("arxiv", viaArxiv, ids.arxiv));
}

const NO_WORK: WorkFacts = { titles: [], years: new Set(), authors: [], ids: {} };

/** What one accepted page gave, against what it should (and what its work's other pages show). */
export function checkPage(records: readonly PaperPage[], e: PageExpectation, work: WorkFacts = NO_WORK): PageCheck {
  const page = pickRecord(records, e);
  const paper = page?.paper;
  const readYear = paper?.year ?? null;
  const own = new Set([...e.yearAcceptable, ...(e.year !== null ? [e.year] : [])]);
  const acceptable = own.size > 0 ? own : work.years;
  const ids = paper?.ids ?? ({} as Identifiers);
  const shownIds = CHECKED_SCHEMES.filter((s) => e.ids[s] !== undefined);
  const knownAuthors = [...e.authors, ...work.authors];
  // An identifier the page does not show is wrong when the work's pages show another of its scheme.
  const wrongExtra = CHECKED_SCHEMES.filter((s) => e.ids[s] === undefined && ids[s] !== undefined && work.ids[s] !== undefined && !work.ids[s]?.has(canonId(s, ids[s] as string)));
  const check: PageCheck = {
    year: { shown: e.year !== null, read: readYear, found: readYear !== null && acceptable.has(readYear), wrong: readYear !== null && acceptable.size > 0 && !acceptable.has(readYear) },
    authors: {
      shown: e.authors.length,
      found: e.authors.filter((a) => (paper?.authors ?? []).some((r) => authorMatches(a, r))).length,
      read: paper?.authors.length ?? 0,
      wrong: (paper?.authors ?? []).filter((r) => !knownAuthors.some((a) => authorMatches(a, r))),
    },
    ids: {
      shown: shownIds.length,
      found: shownIds.filter((s) => idFound(s, e.ids[s] as string, ids)).length,
      missing: shownIds.filter((s) => !idFound(s, e.ids[s] as string, ids) && ids[s] === undefined).map((s) => `${s}:${e.ids[s]}`),
      wrong: [
        ...shownIds.filter((s) => ids[s] !== undefined && !sameId(s, e.ids[s] as string, ids[s])).map((s) => `${s}:${ids[s]} (shown: ${e.ids[s]})`),
        ...wrongExtra.map((s) => `${s}:${ids[s]} (not the work's)`),
      ],
      extra: CHECKED_SCHEMES.filter((s) => e.ids[s] === undefined && ids[s] !== undefined).map((s) => `${s}:${ids[s]}`),
    },
    becamePapers: [],
  };
  if (e.title !== null) {
    const read = paper?.title ?? null;
    check.title = { read, exact: read !== null && sameText(read, e.title), normalised: read !== null && normalizeTitle(read) === normalizeTitle(e.title) };
  } else if (paper?.title && !paper.titleInferred && !work.titles.some((t) => normalizeTitle(t) === normalizeTitle(paper.title ?? ""))) {
    check.unexpectedTitle = paper.title;
  }
  const named = new Set(records.flatMap((r) => [r.paper, ...r.buildsOn, ...r.builtBy]).map((p) => (p.title ? normalizeTitle(p.title) : "")));
  check.becamePapers = e.mustNotBecomePapers.filter((m) => named.has(normalizeTitle(m)));
  return check;
}

/** Each fact of a page as right, wrong, missing, or none (nothing shown, nothing wrong read). */
export interface PageOutcomes {
  title: Outcome;
  year: Outcome;
  authors: Outcome;
  ids: Outcome;
}

/** The outcomes of a page read (`check`), or of a page refused (no check) that shows `e`. */
export function outcomesOf(check: PageCheck | undefined, e: PageExpectation): PageOutcomes {
  if (!check) {
    const shown = (yes: boolean): Outcome => (yes ? "missing" : "none");
    return { title: shown(e.title !== null), year: shown(e.year !== null), authors: shown(e.authors.length > 0), ids: shown(Object.keys(e.ids).length > 0) };
  }
  const title: Outcome = check.title ? (check.title.exact ? "right" : check.title.read === null ? "missing" : check.title.normalised ? "inexact" : "wrong") : check.unexpectedTitle ? "wrong" : "none";
  const year: Outcome = check.year.wrong ? "wrong" : check.year.shown ? (check.year.found ? "right" : "missing") : "none";
  const authors: Outcome = check.authors.wrong.length > 0 ? "wrong" : check.authors.shown > 0 ? (check.authors.found === check.authors.shown ? "right" : "missing") : "none";
  const ids: Outcome = check.ids.wrong.length > 0 ? "wrong" : check.ids.shown > 0 ? (check.ids.found === check.ids.shown ? "right" : "missing") : "none";
  return { title, year, authors, ids };
}
