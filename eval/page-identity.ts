/**
 * Which node of the graph each page's paper ends in, worked out in the evaluation itself for pages
 * read with settings other than `lineage ingest`'s (eval/pages-loso.ts): the mentions of every
 * record made as db/graph-builder.ts makes them from the stored rows (pages ranked by content hash,
 * then list and position; titles normalised; the self mention's aliases from its title and
 * abstract, and its abstract's passage), and vocabulary/identity.ts run over them. The evaluation reports whether this gives
 * the nodes the ingest gave when the settings are the ingest's. Pure.
 */
import { createHash } from "node:crypto";
import { resolveIdentities, type Mention, type MentionRole } from "../vocabulary/identity.ts";
import type { PaperPage, PaperRef } from "../vocabulary/paper-page.ts";
import { normalizeTitle, titleParts } from "../vocabulary/titles.ts";
import { workAliases } from "../vocabulary/aliases.ts";
import { passageOf } from "../vocabulary/identity-passages.ts";

export interface ReadRecord {
  source: string;
  /** The record's bytes' hash (the page's content hash; a record's own source for file records). */
  contentHash: string;
  page: PaperPage;
}

const ROLE_RANK: Record<MentionRole, number> = { self: 0, builds_on: 1, built_by: 2 };

function mention(id: number, rank: number, role: MentionRole, position: number, ref: PaperRef, self?: PaperPage["paper"]): Mention {
  const m: Mention = { id, sortKey: rank * 4_194_304 + ROLE_RANK[role] * 1_048_576 + Math.min(position, 1_048_575), role, ids: { ...ref.ids } };
  const norm = ref.title ? normalizeTitle(ref.title) : "";
  if (norm) m.normTitle = norm;
  const parts = ref.title ? titleParts(ref.title) : undefined;
  if (parts) m.titleParts = parts;
  if (ref.year !== undefined) m.year = ref.year;
  const passage = self ? passageOf(self.abstract) : undefined;
  if (passage) m.passage = passage;
  if (self?.titleInferred) m.titleInferred = true;
  else if (self && ref.title) {
    const aliases = workAliases(ref.title, self.abstract);
    if (aliases.length > 0) m.aliases = aliases;
  }
  return m;
}

/** Source of each record → the node (paper id) its own paper is in. */
export function nodesOf(records: readonly ReadRecord[]): Map<string, string> {
  const ranked = [...records].sort((a, b) => (a.contentHash < b.contentHash ? -1 : a.contentHash > b.contentHash ? 1 : a.source < b.source ? -1 : 1));
  const mentions: Mention[] = [];
  const selfOf = new Map<string, number>();
  ranked.forEach((r, rank) => {
    selfOf.set(r.source, mentions.length);
    mentions.push(mention(mentions.length, rank, "self", 0, r.page.paper, r.page.paper));
    r.page.buildsOn.forEach((ref, i) => mentions.push(mention(mentions.length, rank, "builds_on", i, ref)));
    r.page.builtBy.forEach((ref, i) => mentions.push(mention(mentions.length, rank, "built_by", i, ref)));
  });
  const sorted = [...mentions].sort((x, y) => x.sortKey - y.sortKey || x.id - y.id);
  const { paperOf } = resolveIdentities(sorted, { identifierMerges: false });
  const out = new Map<string, string>();
  for (const [source, id] of selfOf) {
    const paper = paperOf.get(id);
    if (paper) out.set(source, paper);
  }
  return out;
}

export function hashOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
