/**
 * Writing what a page asserts: the page row (with its provenance and reported figures) and one
 * mention per paper it names. A page is all-or-nothing; a newer capture of the same source
 * replaces the older one; the same bytes again change nothing.
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

export class PageWriter {
  private readonly findPage;
  private readonly deletePage;
  private readonly deleteMentions;
  private readonly insertPage;
  private readonly insertMention;

  constructor(private readonly db: Db) {
    this.findPage = db.prepare<[string], { id: number; content_hash: string }>("SELECT id, content_hash FROM pages WHERE source = ?");
    this.deletePage = db.prepare<[number]>("DELETE FROM pages WHERE id = ?");
    this.deleteMentions = db.prepare<[number]>("DELETE FROM mentions WHERE page_id = ?");
    this.insertPage = db.prepare(
      `INSERT INTO pages (source, content_hash, format, encoding, byte_size, data_through, ingested_at, facts_json, related_json, warnings_json)
       VALUES (@source, @contentHash, @format, @encoding, @byteSize, @dataThrough, @ingestedAt, @facts, @related, @warnings)`,
    );
    this.insertMention = db.prepare(
      `INSERT INTO mentions (page_id, role, position, title, norm_title, year, arxiv, doi, acl, openreview, s2, url,
         cited_by_count, abstract, title_inferred, authors_json, venue, date, categories_json, attributes_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Forgets the page of `source` and its mentions; false when there was none. */
  remove(source: string): boolean {
    const existing = this.findPage.get(source);
    if (!existing) return false;
    this.deleteMentions.run(existing.id);
    this.deletePage.run(existing.id);
    return true;
  }

  /** Writes one page in its own savepoint; call inside a transaction for a batch. */
  write(record: PageRecord, now: string): WriteStatus {
    return this.db.transaction((): WriteStatus => {
      const existing = this.findPage.get(record.source);
      if (existing?.content_hash === record.contentHash) return "unchanged";
      if (existing) {
        // Explicit, not left to ON DELETE CASCADE: batches run with foreign keys unenforced
        // (LineageDb.writePages), and the derived rows that named these mentions are rebuilt.
        this.deleteMentions.run(existing.id);
        this.deletePage.run(existing.id);
      }
      const { page } = record;
      const info = this.insertPage.run({
        source: record.source,
        contentHash: record.contentHash,
        format: page.format,
        encoding: record.encoding,
        byteSize: record.byteSize,
        dataThrough: page.facts.dataThrough ?? null,
        ingestedAt: now,
        facts: JSON.stringify(page.facts),
        related: JSON.stringify(page.related),
        warnings: JSON.stringify(page.warnings),
      });
      const pageId = Number(info.lastInsertRowid);
      this.mention(pageId, "self", 0, page.paper);
      page.buildsOn.forEach((ref, i) => this.mention(pageId, "builds_on", i, ref));
      page.builtBy.forEach((ref, i) => this.mention(pageId, "built_by", i, ref));
      return existing ? "updated" : "ingested";
    })();
  }

  private mention(pageId: number, role: MentionRole, position: number, ref: PaperRef | PagePaper): void {
    const self = "titleInferred" in ref ? ref : undefined;
    // Positional parameters: binding 21 named ones per row cost more than the insert itself.
    this.insertMention.run(
      pageId,
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
    );
  }
}
