/**
 * What a page asserts, as the rows it is stored as: the page row (with its provenance and
 * reported figures) and one mention per paper it names, made by pure functions (`pageValues`,
 * `mentionValues`), so that a batch can be planned from them before it is written
 * (db/page-batch.ts) and the graph builder reads the same values back (db/graph-builder.ts); and
 * the statements that insert and delete them. A page is all-or-nothing; a newer capture of the
 * same source replaces the older one; the same bytes again change nothing.
 */
import type { Db } from "./connection.ts";
import type { PaperPage, PaperRef, PagePaper } from "../vocabulary/paper-page.ts";
import type { MentionRole } from "../vocabulary/identity.ts";
import { normalizeTitle } from "../vocabulary/titles.ts";

export interface PageRecord {
  source: string;
  contentHash: string;
  encoding: string;
  byteSize: number;
  page: PaperPage;
}

export type WriteStatus = "ingested" | "updated" | "unchanged";

/** A page row's values, in the order of the insert's columns. */
export type PageValues = [
  source: string,
  contentHash: string,
  format: string,
  encoding: string,
  byteSize: number,
  dataThrough: string | null,
  ingestedAt: string,
  factsJson: string,
  relatedJson: string,
  warningsJson: string,
];

/** A paper's title, year and identifiers, in the order mentions and papers both hold them (and the builder reads them). */
export type PaperColumns = [
  title: string | null,
  normTitle: string | null,
  year: number | null,
  arxiv: string | null,
  doi: string | null,
  acl: string | null,
  openreview: string | null,
  s2: string | null,
];

/** What a mention holds besides its paper's columns that the graph builder reads back (db/graph-builder.ts `MentionRaw`), in the order mentions hold them. */
export type MentionDetails = [citedByCount: number | null, abstract: string | null, titleInferred: number, authorsJson: string | null, venue: string | null, date: string | null];

/** A mention row's values after its id and page id, in the order of the insert's columns. */
export type MentionValues = [
  role: MentionRole,
  position: number,
  ...paper: PaperColumns,
  url: string | null,
  ...details: MentionDetails,
  categoriesJson: string | null,
  attributesJson: string | null,
  /** The names its record gives it (a BibTeX key, a shorttitle: vocabulary/paper-page.ts `recordNames`), which search learns aliases from. */
  namesJson: string | null,
];

export function pageValues(record: PageRecord, now: string): PageValues {
  const { page } = record;
  return [
    record.source,
    record.contentHash,
    page.format,
    record.encoding,
    record.byteSize,
    page.facts.dataThrough ?? null,
    now,
    JSON.stringify(page.facts),
    JSON.stringify(page.related),
    JSON.stringify(page.warnings),
  ];
}

/** The page's mentions: its own paper first, then what it builds on, then what builds on it. */
export function mentionValues(page: PaperPage): MentionValues[] {
  return [mention("self", 0, page.paper), ...page.buildsOn.map((ref, i) => mention("builds_on", i, ref)), ...page.builtBy.map((ref, i) => mention("built_by", i, ref))];
}

function mention(role: MentionRole, position: number, ref: PaperRef | PagePaper): MentionValues {
  const self = "titleInferred" in ref ? ref : undefined;
  return [
    role,
    position,
    ref.title ?? null,
    ref.title ? normalizeTitle(ref.title) || null : null,
    ref.year ?? null,
    ref.ids.arxiv ?? null,
    ref.ids.doi ?? null,
    ref.ids.acl ?? null,
    ref.ids.openreview ?? null,
    ref.ids.s2 ?? null,
    ref.url ?? null,
    ref.citedByCount ?? null,
    self?.abstract ?? null,
    self?.titleInferred ? 1 : 0,
    self ? JSON.stringify(self.authors) : null,
    self?.venue ?? null,
    self?.date ?? null,
    self ? JSON.stringify(self.categories) : null,
    !self && ref.attributes && Object.keys(ref.attributes).length > 0 ? JSON.stringify(ref.attributes) : null,
    self?.recordNames && self.recordNames.length > 0 ? JSON.stringify(self.recordNames) : null,
  ];
}

/** The statements that store and forget pages, each page with its mentions, under ids given by the caller. */
export class PageWriter {
  private readonly deletePage;
  private readonly deleteMentions;
  private readonly insertPage;
  private readonly insertMention;

  constructor(db: Db) {
    this.deletePage = db.prepare<[number]>("DELETE FROM pages WHERE id = ?");
    this.deleteMentions = db.prepare<[number]>("DELETE FROM mentions WHERE page_id = ?");
    this.insertPage = db.prepare(
      `INSERT INTO pages (id, source, content_hash, format, encoding, byte_size, data_through, ingested_at, facts_json, related_json, warnings_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Positional parameters: binding 22 named ones per row cost more than the insert itself.
    this.insertMention = db.prepare(
      `INSERT INTO mentions (id, page_id, role, position, title, norm_title, year, arxiv, doi, acl, openreview, s2, url,
         cited_by_count, abstract, title_inferred, authors_json, venue, date, categories_json, attributes_json, names_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Stores a page as `pageId`, its mentions as `firstMention` on. */
  insert(pageId: number, page: PageValues, mentions: readonly MentionValues[], firstMention: number): void {
    this.insertPage.run(pageId, ...page);
    mentions.forEach((m, k) => this.insertMention.run(firstMention + k, pageId, ...m));
  }

  /**
   * Forgets a page and its mentions. Explicit, not left to ON DELETE CASCADE: batches run with
   * foreign keys unenforced (db/page-batch.ts), and the derived rows that named these mentions are
   * written again from the batch's plan.
   */
  delete(pageId: number): void {
    this.deleteMentions.run(pageId);
    this.deletePage.run(pageId);
  }
}
