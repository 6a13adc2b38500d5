/**
 * A Zotero library as its two readers give it (the `zotero.sqlite` file, db/zotero-file.ts, and
 * the local API, crawl/zotero-local-api.ts), and what `lineage import zotero` makes of it: one
 * page per regular item, named `zotero:ITEMKEY`, and the library's membership (each item's
 * collections and tags, each collection's place in the tree). Pure.
 *
 * Field names are Zotero's own, type-specific ones (`proceedingsTitle`, not its base field
 * `publicationTitle`), as the API and the file's `fields` table spell them. An item is identified
 * by its DOI (an arXiv DOI 10.48550/arXiv.… is read as the arXiv ID, an Anthology DOI
 * 10.18653/v1/… also as the Anthology ID), its `archiveID` (`arXiv:2306.03100`, Zotero 7's
 * preprints), its URL (arXiv, ACL Anthology, OpenReview, Semantic Scholar, doi.org) and its
 * `Extra` field, where Zotero and its importers keep what a type has no field for (`arXiv:
 * 2306.03100`, `DOI: 10.…`); the map's identity rules do the rest (vocabulary/identity.ts).
 */
import { emptyFacts, emptyPaper, type Identifiers, type PaperPage } from "../../vocabulary/paper-page.ts";
import { canonicalArxiv, hasIdentifier, identifiersFromText, identifiersFromUrl, merge } from "../../vocabulary/identifiers.ts";
import { cleanTitle } from "../../vocabulary/titles.ts";
import { parseAnyDate, parseMonthYear } from "../dates.ts";
import { emptyResult, makeRecord, type SourceResult } from "./source-record.ts";

export interface ZoteroCreator {
  creatorType: string;
  firstName?: string;
  lastName?: string;
  /** A creator stored in one field (an organisation, a mononym). */
  name?: string;
}

/** One item of a Zotero library, as either reader gives it. */
export interface ZoteroItem {
  /** The item's key in its library (8 characters, `ABCD2345`). */
  key: string;
  itemType: string;
  /** Field name → value; `date` as the user typed it ("June 2019"). */
  fields: Record<string, string>;
  /** The date as Zotero parsed it (YYYY, YYYY-MM or YYYY-MM-DD), when it could. */
  parsedDate?: string;
  /** In Zotero's order. */
  creators: ZoteroCreator[];
  /** Keys of the collections it is filed in. */
  collections: string[];
  tags: string[];
  dateAdded?: string;
}

export interface ZoteroCollection {
  key: string;
  name: string;
  parentKey: string | null;
}

/** What a reader passed over, counted for the report. */
export interface ZoteroSkipped {
  /** In the trash (deletedItems; the API's `deleted`). */
  deleted: number;
  notes: number;
  attachments: number;
  annotations: number;
  /** Items of group libraries and feeds: only the personal library ("My Library") is read. */
  otherLibraries: number;
}

export interface ZoteroLibrary {
  /** The file read, or the API's URL. */
  origin: string;
  items: ZoteroItem[];
  collections: ZoteroCollection[];
  skipped: ZoteroSkipped;
}

export function noneSkipped(): ZoteroSkipped {
  return { deleted: 0, notes: 0, attachments: 0, annotations: 0, otherLibraries: 0 };
}

/** Item types that are not works: a reader skips them, and so does the mapping. */
export const NON_WORK_TYPES: Readonly<Record<string, keyof ZoteroSkipped>> = { note: "notes", attachment: "attachments", annotation: "annotations" };

/** A collection with the names of its ancestors: `["Evaluation", "Benchmarks"]`. */
export interface LibraryCollection {
  key: string;
  name: string;
  parentKey: string | null;
  path: string[];
}

/** One library item stored as a page, with where the researcher filed it. */
export interface LibraryMember {
  key: string;
  /** The page it is stored as: `zotero:ITEMKEY`. */
  source: string;
  collections: string[];
  tags: string[];
  dateAdded: string | null;
}

export interface ZoteroImport {
  result: SourceResult;
  members: LibraryMember[];
  collections: LibraryCollection[];
}

/** The page name of a Zotero item. */
export function zoteroSource(key: string): string {
  return `zotero:${key}`;
}

/** Collections nested deeper than this are cut there (Zotero's own tree is never this deep). */
export const MAX_COLLECTION_DEPTH = 32;

/**
 * Each collection's path from the root, by its parents. A parent that is missing (trashed, or in
 * another library) makes a collection a root; a cycle, which Zotero never writes, is cut.
 */
export function collectionPaths(collections: readonly ZoteroCollection[]): LibraryCollection[] {
  const byKey = new Map(collections.map((c) => [c.key, c]));
  return collections.map((c) => {
    const path = [c.name];
    const seen = new Set([c.key]);
    let parent = c.parentKey ? byKey.get(c.parentKey) : undefined;
    while (parent && !seen.has(parent.key) && path.length < MAX_COLLECTION_DEPTH) {
      path.unshift(parent.name);
      seen.add(parent.key);
      parent = parent.parentKey ? byKey.get(parent.parentKey) : undefined;
    }
    return { key: c.key, name: c.name, parentKey: c.parentKey && byKey.has(c.parentKey) ? c.parentKey : null, path };
  });
}

/** Every item that is a work, as a page and a member; an item with neither title nor identifier is a problem. */
export function zoteroRecords(library: ZoteroLibrary): ZoteroImport {
  const result = emptyResult();
  const members: LibraryMember[] = [];
  const collections = collectionPaths(library.collections);
  const known = new Set(collections.map((c) => c.key));
  const seen = new Set<string>();
  for (const item of library.items) {
    if (NON_WORK_TYPES[item.itemType]) continue;
    if (seen.has(item.key)) {
      result.problems.push({ path: library.origin, key: item.key, reason: `item ${item.key}: given twice; the first is kept` });
      continue;
    }
    seen.add(item.key);
    const page = pageOfItem(item);
    if (!page) {
      result.problems.push({ path: library.origin, key: item.key, reason: `item ${item.key} (${item.itemType}): has neither a title nor an identifier` });
      continue;
    }
    const source = zoteroSource(item.key);
    result.records.push(makeRecord(source, page));
    members.push({
      key: item.key,
      source,
      collections: [...new Set(item.collections.filter((k) => known.has(k)))].sort(),
      tags: [...new Set(item.tags.map((t) => t.trim()).filter(Boolean))].sort(),
      dateAdded: item.dateAdded ?? null,
    });
  }
  return { result, members, collections };
}

/** Where each item type keeps its venue, most telling first (Zotero's type-specific names). */
const VENUE_FIELDS = [
  "publicationTitle",
  "proceedingsTitle",
  "conferenceName",
  "bookTitle",
  "encyclopediaTitle",
  "dictionaryTitle",
  "websiteTitle",
  "blogTitle",
  "forumTitle",
  "programTitle",
  "meetingName",
  "university",
  "institution",
  "repository",
];

/** The title field of each type (a case's `caseName`, an email's `subject`, a statute's `nameOfAct`). */
const TITLE_FIELDS = ["title", "caseName", "subject", "nameOfAct"];

/** Creator types that are a work's makers (the primary creator type of some item type in Zotero's schema). */
const MAKER_TYPES = new Set(["author", "programmer", "presenter", "inventor", "artist", "director", "performer", "podcaster", "cartographer", "interviewee", "sponsor", "creator"]);

/** The page an item makes, or undefined when it names no work (no title, no identifier). */
export function pageOfItem(item: ZoteroItem): PaperPage | undefined {
  const f = item.fields;
  const paper = emptyPaper();
  paper.ids = identifiersOf(item);
  const rawTitle = TITLE_FIELDS.map((k) => f[k]).find((t) => t?.trim());
  const title = rawTitle ? cleanTitle(rawTitle) : "";
  if (title) paper.title = title;
  if (!title && !hasIdentifier(paper.ids)) return undefined;
  const date = dateOf(item);
  if (date) {
    paper.date = date;
    paper.year = Number(date.slice(0, 4));
  }
  paper.authors = authorsOf(item.creators);
  const venue = VENUE_FIELDS.map((k) => f[k]).find((v) => v?.trim());
  if (venue) paper.venue = venue;
  if (f.abstractNote?.trim()) paper.abstract = f.abstractNote;
  if (f.url?.trim()) paper.url = f.url.trim();
  return { format: "zotero", paper, facts: emptyFacts(), buildsOn: [], builtBy: [], related: [], warnings: [] };
}

function identifiersOf(item: ZoteroItem): Identifiers {
  const f = item.fields;
  const ids: Identifiers = {};
  const doi = f.DOI?.trim();
  if (doi) merge(ids, identifiersFromUrl(`https://doi.org/${doi.replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "").replace(/^doi:\s*/i, "")}`));
  const archiveId = f.archiveID?.trim();
  if (archiveId) {
    const arxiv = /^arxiv:/i.test(archiveId) ? canonicalArxiv(archiveId) : undefined;
    merge(ids, arxiv ? { arxiv } : identifiersFromText(archiveId));
  }
  if (f.url) merge(ids, identifiersFromUrl(f.url.trim()));
  if (f.extra) merge(ids, extraIdentifiers(f.extra));
  return ids;
}

/**
 * `Extra` holds one `Label: value` per line (Zotero's convention for what a type has no field
 * for), and free notes beside them: labelled lines are read first, then the whole text.
 */
export function extraIdentifiers(extra: string): Identifiers {
  const ids: Identifiers = {};
  for (const line of extra.split(/\r?\n/).slice(0, 200)) {
    const m = /^\s*([A-Za-z][\w .-]{0,30}?)\s*:\s*(.+?)\s*$/.exec(line);
    if (!m?.[1] || !m[2]) continue;
    const label = m[1].toLowerCase();
    const value = m[2];
    if (label === "doi") merge(ids, identifiersFromUrl(`https://doi.org/${value}`));
    else if (label === "arxiv" || label === "arxiv id") {
      const arxiv = canonicalArxiv(value.split(/\s/)[0] ?? "");
      if (arxiv) ids.arxiv ??= arxiv;
    } else if (/^(?:acl(?: anthology)?(?: id)?|anthology id)$/.test(label)) merge(ids, identifiersFromText(`Anthology ID: ${value}`));
  }
  return merge(ids, identifiersFromText(extra.slice(0, 10_000)));
}

/** Zotero's parsed date, else the typed date read as a date, else a year in it. */
function dateOf(item: ZoteroItem): string | undefined {
  const candidates = [item.parsedDate, item.fields.date?.trim() ? (parseAnyDate(item.fields.date) ?? parseMonthYear(item.fields.date)) : undefined];
  for (const c of candidates) {
    const m = c ? /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(c) : null;
    if (m?.[1] && Number(m[1]) >= 1000 && Number(m[1]) <= 2999) return [m[1], m[2], m[3]].filter((p) => p && p !== "00").join("-");
  }
  const year = /\b(1[5-9]\d\d|2\d\d\d)\b/.exec(item.fields.date ?? "")?.[1];
  return year;
}

/** The makers in Zotero's order; a work with none (an edited book) lists its other creators. */
function authorsOf(creators: readonly ZoteroCreator[]): string[] {
  const name = (c: ZoteroCreator) => (c.name ?? [c.firstName, c.lastName].filter((p) => p?.trim()).join(" ")).trim();
  const makers = creators.filter((c) => MAKER_TYPES.has(c.creatorType));
  const chosen = makers.length > 0 ? makers : creators.filter((c) => c.creatorType === "contributor" || c.creatorType === "editor");
  return chosen.map(name).filter(Boolean);
}
