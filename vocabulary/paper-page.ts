/**
 * The data model every ingest adapter produces: one `PaperPage` per page a user collected.
 * Adapters are pure functions of the page text; nothing here touches files or SQLite.
 */

/** The page formats Lineage reads, one adapter each (see ingest/adapters/). */
export type PageFormat = PageAdapterFormat | SourceFormat | FileRecordFormat | LibraryFormat;

/** Formats detected from a page's bytes by `lineage ingest`. */
export type PageAdapterFormat =
  | "markdown-page"
  | "text-page"
  | "html-page"
  | "editorial"
  | "scholarly-html"
  | "bare-abstract"
  | "page-capture"
  | "arxiv-abs"
  | "arxiv-html"
  | "acl-anthology"
  | "openreview"
  | "semantic-scholar"
  | "paper-hub"
  | "poster-page"
  | "markdown-note"
  | "endnote-record";

/** Structured sources read by `lineage import FORMAT`: one record of the source is one "page". */
export type SourceFormat = "s2" | "openalex" | "bibtex" | "ris" | "aan";

/**
 * Structured files `lineage ingest` recognises by their content (ingest/file-kind.ts) besides the
 * `lineage import` formats: CSL-JSON, schema.org JSON-LD and EndNote (refer) records.
 */
export type FileRecordFormat = "csl-json" | "jsonld" | "endnote";

/** A researcher's own reference library, read by `lineage import zotero`: one item is one page. */
export type LibraryFormat = "zotero";

/** Identifiers a paper can carry. Values are canonical (see vocabulary/identifiers.ts). */
export interface Identifiers {
  arxiv?: string;
  doi?: string;
  acl?: string;
  openreview?: string;
  s2?: string;
}

export type IdScheme = keyof Identifiers;
export const ID_SCHEMES: readonly IdScheme[] = ["arxiv", "acl", "doi", "openreview", "s2"];

/** A paper as one page mentions it: its own header, or an entry in a "Builds on" list. */
export interface PaperRef {
  ids: Identifiers;
  title?: string;
  year?: number;
  /** The link the page gave for it, if any. */
  url?: string;
  /** "cited by N" as printed next to the entry. */
  citedByCount?: number;
  /**
   * What a structured source says about this citation, stored with the mention (as a list
   * entry only): Semantic Scholar's `isInfluential` and `intents`.
   */
  attributes?: EdgeAttributes;
}

export type EdgeAttributes = Record<string, string | number | boolean | string[]>;

/** A research direction a page places the paper in ("Reasoning benchmarks and evaluation"). */
export interface Direction {
  name: string;
  /** The area the direction belongs to ("LLM reasoning"). */
  area?: string;
  url?: string;
  /** "one of 17 directions in LLM reasoning". */
  directionsInArea?: number;
}

/** A recommendation from an editorial page: never a citation, never a node of the graph. */
export interface RelatedLink {
  title: string;
  note?: string;
  url?: string;
}

/** The paper a page is about, with what the page says of it. */
export interface PagePaper extends PaperRef {
  /** True when the title was guessed from the first sentence of a bare abstract. */
  titleInferred: boolean;
  abstract?: string;
  authors: string[];
  venue?: string;
  /** ISO date (YYYY-MM-DD, or YYYY-MM, or YYYY) of first posting or publication. */
  date?: string;
  categories: string[];
  /**
   * What a record calls the paper besides its title (issue 24): its BibTeX key, its `shorttitle`,
   * the comment a citation file puts before it (`% source: lm_eval/tasks/mmlu/README.md`).
   * Search learns aliases from them (vocabulary/paper-aliases.ts).
   */
  recordNames?: RecordName[];
}

export interface RecordName {
  kind: "citation-key" | "short-title" | "source-comment";
  text: string;
}

/** Figures and editorial facts the page reports; stored per source with provenance. */
export interface PageFacts {
  /** ISO date the page's data runs through ("data through 14 Oct 2026"). */
  dataThrough?: string;
  citedByCount?: number;
  /** "Builds on 24 of its 57 references that are in the map": 24 and 57. */
  referencesInMap?: number;
  referencesTotal?: number;
  /** "Citing papers per year: 2024: 4; 2025: 17" */
  citationsPerYear?: Record<string, number>;
  directions: Direction[];
  /** False when the page says "Not on the map". */
  onMap?: boolean;
  /**
   * The address the page is a copy of, when it says (an HTML page's canonical link or og:url, a
   * note's link to the site it was made from), or the site's name as its header shows it: who
   * reported its figures (db/paper-facts.ts).
   */
  origin?: string;
  /** Editorial pages. */
  source?: string;
  field?: string;
  depth?: string;
  summary?: string;
  takeaway?: string;
  insights?: string;
  topics?: string[];
  audience?: string[];
  /** A user's own note about the paper (a Markdown note's free text), kept and shown as text. */
  note?: string;
}

export interface PaperPage {
  format: PageFormat;
  paper: PagePaper;
  facts: PageFacts;
  /** Papers this page's paper builds on (it cites them). */
  buildsOn: PaperRef[];
  /** Papers that build on this page's paper (they cite it). */
  builtBy: PaperRef[];
  related: RelatedLink[];
  /** Things the adapter noticed but could live with (a truncated list, a skipped entry). */
  warnings: string[];
}

/**
 * Why an input is not a page, in a form a caller or a test can check; the one-line `reason` beside
 * it says the same to a person, naming what was wrong.
 * - `too-large`, `empty`, `binary`: the bytes, before any format is tried (ingest/decode.ts);
 * - `not-a-page`: the text has the marks of no format Lineage reads (parse-page.ts);
 * - `no-title`: the detected format's adapter found no title where that format puts one;
 * - `not-this-format`: the adapter found none of the structure its format must have;
 * - `no-identity`: a page was read, but it has neither an identifier nor a title.
 * An exception is never a refusal: an adapter that throws has a bug (ingest/adapter-crash.ts).
 */
export const REFUSALS = ["too-large", "empty", "binary", "not-a-page", "no-title", "not-this-format", "no-identity"] as const;
export type Refusal = (typeof REFUSALS)[number];

/** The refusals an adapter itself makes; the others are made before or after it runs. */
export type AdapterRefusal = Extract<Refusal, "no-title" | "not-this-format">;
export const ADAPTER_REFUSALS: readonly AdapterRefusal[] = ["no-title", "not-this-format"];

/** What an adapter returns: a page, or a refusal with one line saying why the input is not one. */
export type AdapterResult = { ok: true; page: PaperPage } | { ok: false; refusal: AdapterRefusal; reason: string };

/** An adapter: a pure function of the decoded page text and where it came from. */
export type PageAdapter = (text: string, origin: string) => AdapterResult;

export function emptyFacts(): PageFacts {
  return { directions: [] };
}

export function emptyPaper(): PagePaper {
  return { ids: {}, titleInferred: false, authors: [], categories: [] };
}

/** A page of the given format with nothing read into it yet. */
export function emptyPage(format: PageFormat): PaperPage {
  return { format, paper: emptyPaper(), facts: emptyFacts(), buildsOn: [], builtBy: [], related: [], warnings: [] };
}
