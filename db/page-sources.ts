/**
 * The pages that name a paper, as the paper view and `lineage show` list them: each page once per
 * role, its own pages first, then newest data first, then by source, with the figures and
 * editorial fields of the paper's own pages.
 *
 * A page is listed in the view of every paper it names (a page with fifty references, in fifty
 * views), so on a read-only connection (the server's) each page's row is read once and kept, with
 * its listed forms. Which pages name each paper is read for the whole graph in one pass, at the
 * first view (graphs of up to 500,000 mentions of papers; larger ones are read paper by paper), so
 * a paper's first view costs what its later ones do. Both are emptied whenever
 * `PRAGMA data_version` says another connection has committed since: they always hold rows of the
 * snapshot being read. A connection that writes keeps nothing, since data_version does not count
 * its own commits.
 */
import type { Db } from "./connection.ts";
import type { PageFacts, RelatedLink } from "../ingest/types.ts";
import type { PageSource, SelfSource } from "./paper-queries.ts";

type Role = PageSource["role"];
const ROLES: readonly Role[] = ["self", "builds_on", "built_by"];
/** A mention as one number, page id × 3 + the role's place in ROLES (m: mentions). */
const MENTION_KEY = "m.page_id * 3 + CASE m.role WHEN 'self' THEN 0 WHEN 'builds_on' THEN 1 ELSE 2 END";

/** pages' columns as the page statement selects them. */
type PageColumns = [string, string, string, string | null, string];
/** A page's own figures, read only when it is listed as the paper's own page. */
type FactColumns = [string, string, string];

interface KeptPage {
  id: number;
  source: string;
  dataThrough: string | null;
  columns: PageColumns;
  /** The page as listed in each role, made when first asked for (frozen: answers share them). */
  listed: Partial<Record<Role, PageSource | SelfSource>>;
}

interface PaperPages {
  sources: (PageSource | SelfSource)[];
  sourceOfPage: Map<number, string>;
}

/** Pages kept at most (about 50 MB); past it the keep starts again. AAN has 18,000 pages. */
const MAX_KEPT_PAGES = 50_000;
/**
 * Up to this many mentions of papers, a read-only connection reads which pages name every paper in
 * one pass and answers from that; past it, per paper. AAN has 113,000.
 */
const MAX_ALL_MENTIONS = 500_000;

export class PageSources {
  private readonly rolesOfPaper;
  private readonly pageById;
  private readonly factsById;
  private readonly dataVersion;
  private readonly keep?: Map<number, KeptPage>;
  private keptVersion = -1;
  private readonly allRoles;
  private readonly mentionCount;
  /** Every paper's keys (as rolesOfPaper gives them, comma-separated), read in one pass; dropped at a commit elsewhere. */
  private rolesByPaper?: Map<string, string>;
  /** The graph had more mentions than MAX_ALL_MENTIONS at this data version. */
  private tooManyAt = -1;

  /** `maxAllMentions`: past this many mentions of papers, no one-pass read (tests lower it). */
  constructor(
    db: Db,
    private readonly maxAllMentions = MAX_ALL_MENTIONS,
  ) {
    // One number per row (MENTION_KEY): better-sqlite3 hands back a plucked number in a third less
    // time than a row of a number and a string (in process, 3.5 against 5.0 µs for six pages).
    this.rolesOfPaper = db
      .prepare<[string], number>(
        `SELECT ${MENTION_KEY} FROM paper_mentions pm JOIN mentions m ON m.id = pm.mention_id WHERE pm.paper_id = ?`,
      )
      .pluck();
    // The same keys for every paper, one row a paper, in the same order (by mention id) as the
    // per-paper statement gives them.
    this.allRoles = db
      .prepare<[], [string, string]>(
        `SELECT pm.paper_id, group_concat(${MENTION_KEY}, ',' ORDER BY pm.mention_id)
         FROM paper_mentions pm JOIN mentions m ON m.id = pm.mention_id GROUP BY pm.paper_id`,
      )
      .raw(true);
    this.pageById = db.prepare<[number], PageColumns>("SELECT source, format, content_hash, data_through, ingested_at FROM pages WHERE id = ?").raw(true);
    // A page's facts only where it is the paper's own: a paper named by 800 pages would otherwise
    // copy 800 pages' facts out of SQLite to drop them.
    this.factsById = db.prepare<[number], FactColumns>("SELECT facts_json, related_json, warnings_json FROM pages WHERE id = ?").raw(true);
    this.dataVersion = db.prepare<[], number>("PRAGMA data_version").pluck();
    this.mentionCount = db.prepare<[], number>("SELECT count(*) FROM paper_mentions").pluck();
    if (db.readonly) this.keep = new Map();
  }

  /**
   * The paper's pages, with each listed page's source by page id. Two statements make the list:
   * callers read it inside one snapshot (`LineageDb.read`), as the paper view does.
   */
  ofPaper(id: string): PaperPages {
    this.checkVersion();
    const seen = new Set<number>();
    const listed: { page: KeptPage; role: Role }[] = [];
    const sourceOfPage = new Map<number, string>();
    for (const key of this.rolesOf(id)) {
      // A page that names the paper twice in one list is listed once.
      if (seen.has(key)) continue;
      seen.add(key);
      const pageId = Math.floor(key / 3);
      const role = ROLES[key % 3] as Role;
      const page = this.page(pageId);
      if (!page) continue;
      listed.push({ page, role });
      sourceOfPage.set(pageId, page.source);
    }
    listed.sort(
      (a, b) =>
        Number(b.role === "self") - Number(a.role === "self") ||
        newestFirst(a.page.dataThrough, b.page.dataThrough) ||
        (a.page.source < b.page.source ? -1 : a.page.source > b.page.source ? 1 : 0),
    );
    return { sources: listed.map(({ page, role }) => (page.listed[role] ??= Object.freeze(this.listedAs(page, role)))), sourceOfPage };
  }

  /**
   * Which pages name the paper, as keys: from the one-pass read on a read-only connection (made at
   * the first call after each commit elsewhere), else by the per-paper statement.
   */
  private rolesOf(id: string): readonly number[] {
    if (!this.keep || this.tooManyAt === this.keptVersion) return this.rolesOfPaper.all(id);
    if (!this.rolesByPaper) {
      if ((this.mentionCount.get() ?? 0) > this.maxAllMentions) {
        this.tooManyAt = this.keptVersion;
        return this.rolesOfPaper.all(id);
      }
      this.rolesByPaper = new Map(this.allRoles.all());
    }
    const keys = this.rolesByPaper.get(id);
    return keys ? keys.split(",").map(Number) : [];
  }

  /** A page's source (file path or URL), from the keep where it holds the page. */
  sourceOf(pageId: number): string | null {
    this.checkVersion();
    return this.page(pageId)?.source ?? null;
  }

  private checkVersion(): void {
    if (!this.keep) return;
    const version = this.dataVersion.get() ?? -1;
    if (version !== this.keptVersion) {
      this.keep.clear();
      this.rolesByPaper = undefined;
      this.keptVersion = version;
    } else if (this.keep.size > MAX_KEPT_PAGES) this.keep.clear();
  }

  private page(pageId: number): KeptPage | undefined {
    const kept = this.keep?.get(pageId);
    if (kept) return kept;
    const columns = this.pageById.get(pageId);
    if (!columns) return undefined;
    const page: KeptPage = { id: pageId, source: columns[0], dataThrough: columns[3], columns, listed: {} };
    this.keep?.set(pageId, page);
    return page;
  }

  private listedAs(page: KeptPage, role: Role): PageSource | SelfSource {
    const c = page.columns;
    const base: PageSource = { source: c[0], format: c[1], contentHash: c[2], dataThrough: c[3], ingestedAt: c[4], role };
    if (role !== "self") return base;
    const [factsJson, relatedJson, warningsJson] = this.factsById.get(page.id) ?? ["{}", "[]", "[]"];
    const facts = JSON.parse(factsJson) as PageFacts;
    const self: SelfSource = Object.assign({}, base, {
      role: "self" as const,
      reported: pickDefined({
        citedByCount: facts.citedByCount,
        referencesInMap: facts.referencesInMap,
        referencesTotal: facts.referencesTotal,
        citationsPerYear: facts.citationsPerYear,
        onMap: facts.onMap,
      }),
      directions: facts.directions,
      related: JSON.parse(relatedJson) as RelatedLink[],
      warnings: JSON.parse(warningsJson) as string[],
    });
    const editorial = pickDefined({
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
    return self;
  }
}

/** Data-through dates descending, pages without one last (as SQLite orders NULL in DESC). */
function newestFirst(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

function pickDefined<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
