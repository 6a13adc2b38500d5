/**
 * Semantic Scholar paper objects and citation edges read from untrusted JSON, through the one
 * typed reader (json-reader.ts): every field Lineage uses is checked for its type, and a paper
 * whose own fields hold another type is rejected with the field's path. An entry of its
 * `references` or `citations` list (or of an API's list page) with a field of another type, or
 * nested too deep or too large on its own, is left out alone, and the paper says so. Pure.
 */
import { issuesReason, JsonFields } from "./json-reader.ts";
import { YEARS } from "./source-record.ts";
import type { S2Edge, S2Paper } from "./s2.ts";

/** Which side of an edge a list's entries name: the cited paper in a reference list. */
export type EdgeSide = "citedPaper" | "citingPaper";

/** The fields every paper mention carries (a list entry reads no more than these). */
function readRef(r: JsonFields): S2Paper {
  const ext = r.object("externalIds");
  const paper: S2Paper = { externalIds: {}, authors: [], fieldsOfStudy: [], leftOut: [] };
  const set = <K extends keyof S2Paper>(key: K, value: S2Paper[K] | undefined) => {
    if (value !== undefined) paper[key] = value;
  };
  set("paperId", r.text("paperId"));
  set("corpusId", r.textOrInteger("corpusId"));
  for (const key of ["DOI", "ArXiv", "ACL"] as const) {
    const v = ext?.text(key);
    if (v !== undefined) paper.externalIds[key] = v;
  }
  const corpus = ext?.textOrInteger("CorpusId");
  if (corpus !== undefined) paper.externalIds.CorpusId = corpus;
  set("url", r.text("url"));
  set("title", r.text("title"));
  set("year", r.integer("year", YEARS.min, YEARS.max));
  set("citationCount", r.integer("citationCount"));
  // When a citing paper appeared, for `lineage watch`.
  set("publicationDate", r.text("publicationDate"));
  return paper;
}

/** A paper's own fields and its lists; the issues of its own fields go to `r`. */
function readPaper(r: JsonFields): S2Paper {
  const paper = readRef(r);
  const set = <K extends keyof S2Paper>(key: K, value: S2Paper[K] | undefined) => {
    if (value !== undefined) paper[key] = value;
  };
  set("abstract", r.text("abstract"));
  // Each is read (and so checked); the first given is the venue.
  const venues = [r.text("venue"), r.object("publicationVenue")?.text("name"), r.object("journal")?.text("name")];
  set(
    "venue",
    venues.find((v) => v?.trim()),
  );
  set("referenceCount", r.integer("referenceCount"));
  paper.authors = (r.objects("authors") ?? []).map((a) => a.text("name") ?? "").filter(Boolean);
  paper.fieldsOfStudy = r.texts("fieldsOfStudy") ?? [];
  for (const [key, side] of [
    ["references", "citedPaper"],
    ["citations", "citingPaper"],
  ] as const) {
    const items = r.list(key);
    if (!items) continue;
    const { entries, leftOut } = readEntries(items, key, side);
    paper[key] = entries;
    paper.leftOut.push(...leftOut);
  }
  return paper;
}

/** A whole paper record, or why it cannot be one (its shape, or the first field of another type). */
export function s2PaperOf(value: unknown): { paper: S2Paper } | { reason: string } {
  const r = JsonFields.record(value);
  if ("reason" in r) return r;
  const paper = readPaper(r);
  return r.issues.length > 0 ? { reason: issuesReason(r.issues) } : { paper };
}

/** One list entry, its shape checked on its own: a paper, or an edge naming the paper on `side` with its attributes. */
export function s2EdgeOf(value: unknown, side: EdgeSide): { edge: S2Edge } | { reason: string } {
  const r = JsonFields.record(value);
  if ("reason" in r) return r;
  const edge: S2Edge = {};
  const isEdge = r.has("citedPaper") || r.has("citingPaper");
  const other = isEdge ? r.object(side) : r;
  if (other) edge.paper = readRef(other);
  if (isEdge) {
    const influential = r.flag("isInfluential");
    if (influential !== undefined) edge.isInfluential = influential;
    const intents = r.texts("intents");
    if (intents) edge.intents = intents;
    const contexts = r.texts("contexts");
    if (contexts) edge.contexts = contexts;
  }
  return r.issues.length > 0 ? { reason: issuesReason(r.issues) } : { edge };
}

/** A list's entries, each read alone (`base`: the first one's place in the whole list): a bad one is left out, and said. */
export function readEntries(items: readonly { value: unknown; path: string }[], name: string, side: EdgeSide, base = 0): { entries: S2Edge[]; leftOut: string[]; positions: number[] } {
  const entries: S2Edge[] = [];
  const leftOut: string[] = [];
  /** Each entry's place among the items, so that what is left out does not shift the rest. */
  const positions: number[] = [];
  items.forEach(({ value }, i) => {
    if (value === null) return;
    const read = s2EdgeOf(value, side);
    if ("edge" in read) {
      entries.push(read.edge);
      positions.push(i);
    } else leftOut.push(`${name}[${base + i}] was left out: ${read.reason}`);
  });
  return { entries, leftOut, positions };
}
