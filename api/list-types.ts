/**
 * The shapes of reading lists and saved lists as the API answers them (api/types.ts re-exports
 * them): a list made from seeds, a list as saved with its items, the formats it is exported in,
 * what a watch of it found, and the answers of the list writes. Types and the constant list of
 * formats; no behaviour.
 */
import type { PaperBrief, RelevanceEvidence } from "./types.ts";

/** Where a paper sits in a reading list: what the seeds build on, the seeds' own company, or what came of them. */
export type ReadingGroup = "foundations" | "core" | "follow-ups";

/** One item of a reading list: chosen for relevance to the seeds, ordered foundations first, each with a one-line reason. */
export interface ReadingListItem extends PaperBrief {
  position: number;
  reason: string;
  score: number;
  seed: boolean;
  group: ReadingGroup;
  direction: string | null;
  directionInferred: boolean;
  /** The facts behind the reason (null for a seed). */
  evidence: RelevanceEvidence | null;
  /** Seeds that build on it, directly or through others in the graph. */
  builtOnBySeeds: string[];
  /** Seeds it builds on, directly or through others. */
  buildsOnSeeds: string[];
  /** Citation steps to the nearest seed it builds on or is built on by (0 for a seed, null when it neither builds on one nor is built on by one). */
  depth: number | null;
}

/** `GET /api/reading-list?seed=&direction=&limit=&includeSeeds=` and `lineage reading-list --json`. */
export interface ReadingListResponse {
  seeds: PaperBrief[];
  direction: string | null;
  limit: number | null;
  includeSeeds: boolean;
  items: ReadingListItem[];
}

/** `GET /api/lists/{name}/suggestions`: more papers like a saved list (its own papers left out). */
export interface ListSuggestionsResponse {
  list: string;
  /** The list's papers still in the graph, which the suggestions are like. */
  basedOn: number;
  items: ReadingListItem[];
}

/** `GET /api/lists`. */
export interface SavedListSummary {
  name: string;
  description: string;
  items: number;
  createdAt: string;
  updatedAt: string;
}

/** An item of a saved list: `ref` is what the list stores; the rest is the paper as the graph knows it now. */
export interface SavedListItem {
  position: number;
  /** The reference the list stores: what the server resolves the paper by. */
  ref: string;
  /** The paper's id in the graph, or null when it has left the graph since the list was saved. */
  id: string | null;
  title: string | null;
  year: number | null;
  arxivId: string | null;
  doi: string | null;
  aclId: string | null;
  reason: string;
  note: string;
  inGraph: boolean;
}

/** `GET /api/lists/{name}`, and the answer to the writes of `/api/lists/{name}`. */
export interface SavedList extends Omit<SavedListSummary, "items"> {
  spec: unknown;
  items: SavedListItem[];
}

export const LIST_FORMATS = ["md", "bibtex", "csl", "ris", "json", "zotero"] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

/** What a list is saved from: each paper by a reference the server resolves, with its reason. */
export interface ListItemInput {
  ref: string;
  title?: string | null;
  reason?: string;
  note?: string;
}

/** A paper a watch check found citing a list's papers that the map did not hold as doing so. */
export interface WatchFindingJson {
  /** The citing paper at the source: a Semantic Scholar paperId or an OpenAlex W…. */
  id: string;
  source: string;
  title: string | null;
  year: number | null;
  /** When it appeared: its publication date, as precise as the source gives it. */
  date: string | null;
  doi: string | null;
  arxivId: string | null;
  aclId: string | null;
  /** The list's papers it cites, with how it cites them where the source says. */
  cites: { ref: string; title: string | null; intents: string[]; isInfluential: boolean | null; contexts: string[] }[];
  state: "new" | "added" | "dismissed";
  firstSeenAt: string;
  lastSeenAt: string;
  /** First seen by the last check. */
  newInLastCheck: boolean;
}

/** `GET /api/lists/{name}/watch` (api/endpoints.ts listWatch) and `lineage watch NAME --status --json`. */
export interface ListWatchState {
  list: string;
  /** False until the list is first checked. */
  watched: boolean;
  source: string | null;
  lastCheckedAt: string | null;
  previousCheckedAt: string | null;
  papersChecked: number;
  /** The list's papers the last check could not ask about, and why. */
  problems: { ref: string; reason: string }[];
  counts: { new: number; added: number; dismissed: number };
  /** Newest first seen first; at most MAX_WATCH_FINDINGS. */
  findings: WatchFindingJson[];
  truncated: boolean;
}

/** `POST /api/collections/{name}/watch`: check a saved list for new papers citing it. */
export interface WatchCheckRequest {
  list: string;
}

/** `POST /api/collections/{name}/watch/add` (a job: the findings are fetched) and `/watch/dismiss` (local). */
export interface WatchFindingsRequest {
  list: string;
  /** The findings' IDs at the source (WatchFindingJson.id). */
  findings: string[];
}

/** `POST /api/lists/{name}/items`: which papers were added, which were on the list already, and the list after. */
export interface ListItemsAdded {
  added: string[];
  already: string[];
  list: SavedList;
}

/** `DELETE /api/lists/{name}`. */
export interface ListDeleted {
  deleted: string;
}

/** `POST /api/lists/{name}/export`: a file, not JSON: its text, its content type and the name to save it under. */
export interface ExportedList {
  text: string;
  type: string;
  filename: string;
}
