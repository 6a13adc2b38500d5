/**
 * A loaded citation graph: the papers of a database with their traversal index, and the answers
 * the CLI and HTTP API give about papers (references resolved, closures, paths). Searching is
 * library/paper-search.ts's, over the database's search index. Papers are read from the database
 * when first asked for, and all at once when a question needs every paper (analytics).
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { Paper } from "../db/paper-queries.ts";
import type { ChainStep, CitationDirection, PaperBrief, ReachedPaper } from "../api/types.ts";
import { parseIdentifier } from "../vocabulary/identifiers.ts";
import { normalizeTitle } from "../vocabulary/titles.ts";
import type { CitationIndex } from "../graph/citation-index.ts";
import { closure, type ClosureLimits } from "../graph/closure.ts";
import { allShortestPaths } from "../graph/shortest-paths.ts";
import { longestPath } from "../graph/longest-path.ts";
import type { QueryBudget } from "../graph/query-budget.ts";
import { loadCitationIndex } from "./citation-index-store.ts";
import { briefOf, countedBriefOf, reachedBriefOf } from "./briefs.ts";
import type { PageListing } from "./paper-pages.ts";
import { searchByTitle } from "./paper-search.ts";

export type RefResult = { kind: "found"; paper: Paper } | { kind: "ambiguous"; candidates: PaperBrief[] } | { kind: "unknown" };

/** Where a caller gets the graph to answer from: a fixed graph, or a live one (library/graph-session.ts). */
export interface GraphSource {
  current(): LineageGraph;
  /** Every paper's listed pages held for the current commit, where the source holds them (paper-pages.ts). */
  pageListing?(): PageListing | null;
}

/** Another paper a reference may also mean, and why (issue 16): a paper the graph kept apart. */
export interface RefLookalike extends PaperBrief {
  why: string;
}

/** A title too short to say on its own that another title holding it is the same work. */
const tooShort = (normTitle: string) => normTitle.split(" ").length < 3 && normTitle.length < 15;

export class LineageGraph implements GraphSource {
  readonly index: CitationIndex;
  private readonly papers: (Paper | undefined)[] = [];
  private allRead = false;

  constructor(private readonly db: LineageDb) {
    this.index = loadCitationIndex(db);
  }

  /** A loaded graph is its own source: it never changes. */
  current(): LineageGraph {
    return this;
  }

  /** The paper at `index`. A concurrent ingest may have renamed it since the index was loaded: then its id alone. */
  paper(index: number): Paper {
    const known = this.papers[index];
    if (known) return known;
    const id = this.index.id(index);
    const paper = this.db.queries.paper(id) ?? missingPaper(id);
    this.papers[index] = paper;
    return paper;
  }

  brief(index: number): PaperBrief {
    return countedBriefOf(this.paper(index), this.index.degree(index, "builtBy"));
  }

  /** Each paper's community as the layout written with the graph numbers it (undefined without one). */
  storedCommunities(): Map<string, number> | undefined {
    return this.db.storedCommunities();
  }

  /** Every paper, in index order, read in one query: for whole-graph work. */
  allPapers(): readonly Paper[] {
    if (!this.allRead) {
      for (const p of this.db.queries.allPapers()) {
        const i = this.index.index(p.id);
        if (i !== undefined) this.papers[i] ??= p;
      }
      this.allRead = true;
    }
    return this.index.ids.map((_, i) => this.paper(i));
  }

  /**
   * A paper reference as users type it: an arXiv ID in any form, a DOI, an ACL ID, an internal
   * id, or a title (exact after normalisation, then fuzzy).
   */
  resolveRef(ref: string): RefResult {
    const text = ref.trim();
    if (!text) return { kind: "unknown" };
    const known = this.index.index(text);
    if (known !== undefined) return { kind: "found", paper: this.paper(known) };
    const internal = this.db.queries.paper(text);
    if (internal) return { kind: "found", paper: internal };
    const parsed = parseIdentifier(text);
    if (parsed) return oneOf(this.db.queries.byIdentifier(parsed.scheme, parsed.value));
    const exact = this.db.queries.byTitle(normalizeTitle(text));
    if (exact.length > 0) return oneOf(exact);
    // Fuzzy: the search's top hit, when its title holds every word and no other title does as well.
    const fuzzy = searchByTitle(this.db, this, text);
    if (fuzzy.paper) return { kind: "found", paper: fuzzy.paper };
    if (fuzzy.candidates.length === 0) return { kind: "unknown" };
    return {
      kind: "ambiguous",
      candidates: fuzzy.candidates.map((p) => {
        const i = this.index.index(p.id);
        return i === undefined ? briefOf(p) : this.brief(i);
      }),
    };
  }

  /**
   * The other papers `ref` may mean, once it resolved to `paper`: so that `show 2211.…` and `show
   * "Its Title"` never answer with two papers silently. Papers with the same normalised title
   * (kept apart by identity resolution, vocabulary/identity.ts); papers whose title begins with the
   * title typed, or, for an identifier, with the found paper's title when theirs was inferred (a
   * heading with an author line glued on); and, when the found paper's own title was inferred,
   * papers whose whole title is a run of its words. Only indexed title lookups: no search index.
   */
  lookalikes(ref: string, paper: Paper, limit = 10): RefLookalike[] {
    const text = ref.trim();
    const out = new Map<string, RefLookalike>();
    const add = (p: Paper, why: string) => {
      if (p.id !== paper.id && !out.has(p.id) && out.size < limit) out.set(p.id, Object.assign(briefOf(p), { why }));
    };
    const own = paper.normTitle ?? (paper.title ? normalizeTitle(paper.title) : "");
    if (own)
      for (const p of this.db.queries.byTitle(own))
        add(p, `the same title, kept apart${p.year !== paper.year ? ` (years ${paper.year ?? "unknown"} and ${p.year ?? "unknown"})` : ""}; see \`lineage explain\``);
    const byId = this.index.index(text) !== undefined || this.db.queries.paper(text) !== undefined || parseIdentifier(text) !== undefined;
    const typed = byId ? "" : normalizeTitle(text);
    if (typed) for (const p of this.db.queries.byTitleBeginning(typed, limit)) add(p, `its title begins with "${text}"`);
    if (byId && own && !tooShort(own)) {
      for (const p of this.db.queries.byTitleBeginning(own, limit)) if (p.titleInferred) add(p, "its title, inferred from a first sentence, begins with this paper's title");
    }
    if (byId && paper.titleInferred && own) {
      // Every run of words of an inferred title that is another paper's whole title.
      const words = own.split(" ").slice(0, 24);
      for (let from = 0; from < words.length; from++) {
        for (let to = from + 1; to <= words.length; to++) {
          const run = words.slice(from, to).join(" ");
          if (run !== own && !tooShort(run)) for (const p of this.db.queries.byTitle(run)) add(p, "its title is part of this paper's title, which was inferred from a first sentence");
        }
      }
    }
    return [...out.values()];
  }

  /** With `limits.maxPapers`, one paper more than the limit is listed when there are more. */
  closure(id: string, direction: CitationDirection, depth: number, limits: ClosureLimits = {}): ReachedPaper[] {
    const seed = this.index.index(id);
    if (seed === undefined) return [];
    return closure(this.index, seed, direction, depth, limits).map((r) => reachedBriefOf(this.paper(r.index), r.depth, this.index.degree(r.index, "builtBy")));
  }

  /** All shortest chains FROM → … → TO in which each paper builds on the next. */
  paths(fromId: string, toId: string, maxPaths?: number, budget?: QueryBudget): { paths: PaperBrief[][]; truncated: boolean } {
    const from = this.index.index(fromId);
    const to = this.index.index(toId);
    if (from === undefined || to === undefined) return { paths: [], truncated: false };
    const result = allShortestPaths(this.index, from, to, maxPaths, budget);
    return { paths: result.paths.map((p) => p.map((i) => this.brief(i))), truncated: result.truncated };
  }

  /** The longest chain FROM → … → TO; citation cycles on it are collapsed into one step. */
  longestPath(fromId: string, toId: string, budget?: QueryBudget): Required<ChainStep>[] {
    const from = this.index.index(fromId);
    const to = this.index.index(toId);
    if (from === undefined || to === undefined) return [];
    return longestPath(this.index, from, to, (i) => this.paper(i).citedByCount ?? 0, budget).map((step) => ({
      ...this.brief(step.index),
      members: step.members.map((m) => this.brief(m)),
    }));
  }
}

function oneOf(papers: Paper[]): RefResult {
  const [only] = papers;
  if (papers.length === 1 && only) return { kind: "found", paper: only };
  if (papers.length > 1) return { kind: "ambiguous", candidates: papers.map(briefOf) };
  return { kind: "unknown" };
}

/** A paper the index knows but the database no longer holds under that id (a concurrent rebuild). */
export function missingPaper(id: string): Paper {
  return {
    id,
    title: null,
    normTitle: null,
    year: null,
    arxivId: null,
    doi: null,
    aclId: null,
    openreviewId: null,
    s2Id: null,
    abstract: null,
    titleInferred: false,
    stub: true,
    venue: null,
    date: null,
    authors: [],
    directions: [],
    citedByCount: null,
    citedByReport: null,
    fieldSources: {},
  };
}
