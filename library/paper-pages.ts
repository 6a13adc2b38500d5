/**
 * The pages listed in a paper view and `lineage show`: each page that names the paper once per
 * role, its own pages first, then newest data first, then by source, its own pages with the
 * figures and editorial fields they reported. Read two ways, listed the same way:
 * - `pagesOfPaper`: one paper's pages on their own (the CLI; a connection that writes);
 * - `PageListing`: every paper's pages read in one pass and held until the next commit, for a
 *   read-only server (library/graph-session.ts drops it when another process commits). A page
 *   is listed in the view of every paper it names (AAN's 18,000 pages name 19,000 papers 113,000
 *   times), so held, a view is a lookup instead of a three-table join and a sort per request.
 *   Past `MAX_LISTED_MENTIONS` the database is read paper by paper instead.
 */
import type { LineageDb } from "../db/lineage-db.ts";
import { keyOf, pageOfKey, roleOfKey, type OwnFactsText, type PageRow, type Role } from "../db/page-sources.ts";
import type { PageSource, SelfSource } from "../db/paper-queries.ts";
import type { PageFacts, RelatedLink } from "../vocabulary/paper-page.ts";

export type ListedPage = PageSource | SelfSource;

export interface PaperPages {
  sources: ListedPage[];
  /** A page's source (file path or URL) by page id, for any page of the database. */
  sourceOf: (pageId: number) => string | null;
}

/** Mentions of papers held at most by a listing; past it, paper by paper (reading more would stall the server). */
export const MAX_LISTED_MENTIONS = 500_000;

/** One paper's pages, read on their own. Call inside one snapshot (`LineageDb.read`) with what goes with it. */
export function pagesOfPaper(db: LineageDb, paperId: string): PaperPages {
  const pages = db.queries.pages;
  const rows = new Map<number, PageRow | undefined>();
  const pageOf = (id: number) => {
    if (!rows.has(id)) rows.set(id, pages.page(id));
    return rows.get(id);
  };
  const keys = inListOrder(pages.keysOfPaper(paperId), pageOf);
  return {
    sources: keys.map((key) => listedAs(pageOf(pageOfKey(key)) as PageRow, key, (id) => pages.ownFacts(id))),
    sourceOf: (id) => pageOf(id)?.source ?? null,
  };
}

/** Every paper's pages at one commit, read in one pass. */
export class PageListing {
  private readonly keysByPaper = new Map<string, number[]>();
  private readonly pageById = new Map<number, PageRow>();
  /** Each page as listed in a role, made at its first view (frozen: views share it). */
  private readonly listed = new Map<number, ListedPage>();

  private constructor(private readonly db: LineageDb) {}

  /**
   * The listing of the snapshot being read, or null when the database has more mentions than a
   * listing holds. `mentions`: the snapshot's mentions of papers, when the caller has counted them.
   */
  static read(db: LineageDb, maxMentions = MAX_LISTED_MENTIONS, mentions = db.queries.pages.mentionCount()): PageListing | null {
    const pages = db.queries.pages;
    if (mentions > maxMentions) return null;
    const listing = new PageListing(db);
    // Every page's place in list order, once, so that each paper's entries sort as numbers:
    // place = (own page ? 0 : pages) + the page's rank, times 3, plus the role's place.
    const ordered = pages.everyPage().sort(comparePages);
    const rankOfPage = new Map<number, number>();
    ordered.forEach((row, rank) => {
      listing.pageById.set(row.id, row);
      rankOfPage.set(row.id, rank);
    });
    for (const [paper, paperKeys] of pages.everyPapersKeys()) {
      const places: number[] = [];
      for (const key of paperKeys) {
        const rank = rankOfPage.get(pageOfKey(key));
        if (rank === undefined) continue;
        const role = roleOfKey(key);
        places.push(((role === "self" ? 0 : ordered.length) + rank) * 3 + ROLE_PLACE[role]);
      }
      const keys: number[] = [];
      let last = -1;
      for (const place of places.sort((a, b) => a - b)) {
        if (place === last) continue;
        last = place;
        const row = ordered[Math.floor(place / 3) % ordered.length] as PageRow;
        keys.push(keyOf(row.id, ROLE_AT_PLACE[place % 3] as Role));
      }
      listing.keysByPaper.set(paper, keys);
    }
    return listing;
  }

  pagesOf(paperId: string): PaperPages {
    const keys = this.keysByPaper.get(paperId) ?? [];
    return { sources: keys.map((key) => this.listedPage(key)), sourceOf: (id) => this.pageById.get(id)?.source ?? null };
  }

  private listedPage(key: number): ListedPage {
    let page = this.listed.get(key);
    if (!page) {
      // A page's own figures are read at its first view as a paper's own page; a commit since the
      // listing was read may have removed the page (the session drops the listing at its next look).
      page = Object.freeze(listedAs(this.pageById.get(pageOfKey(key)) as PageRow, key, (id) => this.db.queries.pages.ownFacts(id)));
      this.listed.set(key, page);
    }
    return page;
  }
}

/** Roles in list order among one page's entries: by name. */
const ROLE_AT_PLACE: readonly Role[] = ["built_by", "builds_on", "self"];
const ROLE_PLACE = Object.fromEntries(ROLE_AT_PLACE.map((role, i) => [role, i])) as Record<Role, number>;

/** Pages in list order among themselves: newest data first (undated last), then by source. */
function comparePages(a: PageRow, b: PageRow): number {
  return newestFirst(a.dataThrough, b.dataThrough) || compareText(a.source, b.source);
}

/** The keys once each, in list order: own pages first, then pages in list order, then by role. */
function inListOrder(keys: readonly number[], pageOf: (id: number) => PageRow | undefined): number[] {
  const entries = [...new Set(keys)].flatMap((key) => {
    const page = pageOf(pageOfKey(key));
    return page ? [{ key, page, role: roleOfKey(key) }] : [];
  });
  entries.sort((x, y) => Number(y.role === "self") - Number(x.role === "self") || comparePages(x.page, y.page) || ROLE_PLACE[x.role] - ROLE_PLACE[y.role]);
  return entries.map((e) => e.key);
}

function newestFirst(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function listedAs(row: PageRow, key: number, ownFacts: (id: number) => OwnFactsText | undefined): ListedPage {
  const role = roleOfKey(key);
  const base: PageSource = { source: row.source, format: row.format, contentHash: row.contentHash, dataThrough: row.dataThrough, ingestedAt: row.ingestedAt, role };
  if (role !== "self") return base;
  const text = ownFacts(row.id);
  const facts = JSON.parse(text?.facts ?? "{}") as PageFacts;
  const self: SelfSource = Object.assign(base, {
    role: "self" as const,
    reported: definedOnly({
      citedByCount: facts.citedByCount,
      referencesInMap: facts.referencesInMap,
      referencesTotal: facts.referencesTotal,
      citationsPerYear: facts.citationsPerYear,
      onMap: facts.onMap,
    }),
    directions: facts.directions,
    related: JSON.parse(text?.related ?? "[]") as RelatedLink[],
    warnings: JSON.parse(text?.warnings ?? "[]") as string[],
  });
  const editorial = definedOnly({
    source: facts.source,
    field: facts.field,
    depth: facts.depth,
    summary: facts.summary,
    takeaway: facts.takeaway,
    insights: facts.insights,
    topics: facts.topics,
    audience: facts.audience,
  });
  if (Object.keys(editorial).length > 0) self.editorial = editorial;
  if (facts.note) self.note = facts.note;
  return self;
}

function definedOnly<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
