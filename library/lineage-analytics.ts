/**
 * The analytics of a loaded graph as the CLI and the HTTP API serve them (api/types.ts): main
 * paths, reading lists, similar papers and more papers like a saved list (all three from the
 * relevance engine, graph/relevance.ts), and communities (inferred directions). The algorithms
 * live in graph/; this module maps papers to indices and back, resolves direction names, names
 * seeds by their titles in reasons, and builds what an algorithm needs of the whole graph (the
 * title and abstract index, PageRank, communities) once per loaded graph.
 */
import type {
  CommunitiesResponse,
  ListSuggestionsResponse,
  MainPathResponse,
  MainPathStep as MainPathStepJson,
  ReadingListItem,
  ReadingListResponse,
  RelevanceEvidence as RelevanceEvidenceJson,
  SimilarResponse,
} from "../api/types.ts";
import { MAX_KEY_ROUTES } from "../api/limits.ts";
import type { LineageGraph } from "./lineage-graph.ts";
import { mainPath, type MainPathStep } from "../graph/main-path.ts";
import { lineageOf } from "../graph/lineage-scope.ts";
import { pageRank } from "../graph/pagerank.ts";
import { communitiesFrom, detectCommunities, type Communities, type Community } from "../graph/communities.ts";
import { readingList, type ListPaper, type ReadingListItem as ReadingListEntry } from "../graph/reading-list.ts";
import { relevantPapers, similarTo, type RelevanceCorpus, type RelevanceEvidence } from "../graph/relevance.ts";
import { reasonText, type ReasonContext } from "../graph/relevance-reasons.ts";
import { TextIndex } from "../graph/title-similarity.ts";
import { AuthorIndex } from "../graph/author-index.ts";
import type { QueryBudget } from "../graph/query-budget.ts";

/** Similar papers asked of the engine per paper wanted: direct links alone do not make a paper similar, and are dropped. */
const SIMILAR_OVERFETCH = 3;

/** A request the analytics cannot answer as asked (unknown direction, no seeds...). */
export class AnalyticsInputError extends Error {}

export interface MainPathRequest {
  seeds?: readonly string[];
  direction?: string;
  keyRoutes?: number;
  budget?: QueryBudget;
}

export interface ReadingListRequest {
  seeds: readonly string[];
  direction?: string;
  limit?: number;
  includeSeeds?: boolean;
  budget?: QueryBudget;
}

export class LineageAnalytics {
  private ranks?: Float64Array;
  private communityCache?: Communities;
  private stated?: string[][];
  private directions: ({ name: string; inferred: boolean } | undefined)[] = [];
  private relevance?: RelevanceCorpus;

  constructor(private readonly graph: LineageGraph) {}

  private get index() {
    return this.graph.index;
  }

  pageRank(): Float64Array {
    this.ranks ??= pageRank(this.index);
    return this.ranks;
  }

  /** The communities of the layout written with the graph, else (no current layout) Louvain's, run here. */
  communities(): Communities {
    if (!this.communityCache) {
      const text = { title: (i: number) => this.graph.paper(i).title, directions: (i: number) => this.statedDirections(i) };
      const stored = this.graph.storedCommunities();
      this.communityCache = stored ? communitiesFrom(this.index, (i) => stored.get(this.index.id(i)) ?? 0, text) : detectCommunities(this.index, text);
    }
    return this.communityCache;
  }

  /** Best known citation count: the page's figure, or the graph's if that is larger. */
  citedBy(i: number): number {
    return Math.max(this.graph.paper(i).citedByCount ?? 0, this.index.degree(i, "builtBy"));
  }

  statedDirections(i: number): readonly string[] {
    this.stated ??= this.graph.allPapers().map((p) => p.directions.map((d) => d.name));
    return this.stated[i] ?? [];
  }

  /** The paper's stated direction, else its community's direction, else its community's label. */
  direction(i: number): { name: string; inferred: boolean } {
    let known = this.directions[i];
    if (!known) {
      const stated = this.statedDirections(i)[0];
      if (stated) known = { name: stated, inferred: false };
      else {
        const c = this.communities();
        const id = c.communityOf.get(i);
        const community = c.communities.find((x) => x.id === id);
        const name = community ? communityName(community) : "unknown";
        // Every member of a community gets the same answer: fill them all at once.
        for (const m of community?.members ?? []) if (this.statedDirections(m).length === 0) this.directions[m] = { name, inferred: true };
        known = { name, inferred: true };
      }
      this.directions[i] = known;
    }
    return known;
  }

  /** Whether a paper is in the named direction (stated, or inferred when it states none). */
  inDirection(name: string): (i: number) => boolean {
    const wanted = this.resolveDirection(name);
    return (i) => {
      const stated = this.statedDirections(i);
      return stated.length > 0 ? stated.includes(wanted) : this.direction(i).name === wanted;
    };
  }

  resolveDirection(name: string): string {
    const known = new Set<string>();
    for (let i = 0; i < this.index.size; i++) {
      for (const d of this.statedDirections(i)) known.add(d);
    }
    for (const c of this.communities().communities) known.add(communityName(c));
    const wanted = name.trim().toLowerCase();
    const match = [...known].find((k) => k.toLowerCase() === wanted);
    if (match) return match;
    const stated = [...known].sort().slice(0, 10);
    throw new AnalyticsInputError(`no direction "${name}" in the graph; known directions include: ${stated.map((s) => `"${s}"`).join(", ")}`);
  }

  private indicesOf(ids: readonly string[]): number[] {
    return ids.map((id) => {
      const i = this.index.index(id);
      if (i === undefined) throw new AnalyticsInputError(`no paper ${id} in the graph`);
      return i;
    });
  }

  private step(s: MainPathStep): MainPathStepJson {
    return { ...this.graph.brief(s.index), members: s.members.map((m) => this.graph.brief(m)), spc: Number(s.spc), spcExact: s.spc.toString() };
  }

  mainPath(request: MainPathRequest = {}): MainPathResponse {
    const seeds = this.indicesOf(request.seeds ?? []);
    const keyRoutes = request.keyRoutes ?? 0;
    if (!Number.isInteger(keyRoutes) || keyRoutes < 0 || keyRoutes > MAX_KEY_ROUTES) {
      throw new AnalyticsInputError(`key routes must be a whole number from 0 to ${MAX_KEY_ROUTES}`);
    }
    let scope: Set<number> | undefined = seeds.length > 0 ? lineageOf(this.index, seeds, request.budget) : undefined;
    const direction = request.direction ? this.resolveDirection(request.direction) : null;
    if (direction) {
      const inside = this.inDirection(direction);
      const base = scope ?? Array.from({ length: this.index.size }, (_, i) => i);
      scope = new Set([...base].filter((i) => inside(i) || seeds.includes(i)));
    }
    const result = mainPath(this.index, { scope, keyRoutes, weight: (i) => this.citedBy(i), ...(request.budget ? { budget: request.budget } : {}) });
    return {
      path: result.path.map((s) => this.step(s)),
      weight: Number(result.weight),
      weightExact: result.weight.toString(),
      method: result.method,
      scope: { seeds: seeds.map((s) => this.graph.paper(s).id), direction, papers: scope ? scope.size : this.index.size },
      totalPaths: result.totalPaths.toString(),
      keyRoutes: result.keyRoutes.map((r) => ({
        from: this.graph.paper(r.from).id,
        to: this.graph.paper(r.to).id,
        spc: Number(r.spc),
        spcExact: r.spc.toString(),
        weight: Number(r.weight),
        weightExact: r.weight.toString(),
        path: r.path.map((s) => this.step(s)),
      })),
      keyRouteLinks: result.keyRouteLinks.map((l) => ({ from: this.graph.paper(l.from).id, to: this.graph.paper(l.to).id, spc: Number(l.spc) })),
    };
  }

  /**
   * Builds what the relevance engine and its reasons read, once per graph: the text index of
   * titles and abstracts, the authors and venues, and the communities that name a paper's
   * direction when none is stated.
   */
  prepareRelevance(): void {
    this.corpus();
    this.communities();
  }

  /** Titles and abstracts, authors and venues of every paper, for the relevance engine's text and author signals (once per graph). */
  private corpus(): RelevanceCorpus {
    this.relevance ??= {
      graph: this.index,
      text: new TextIndex(this.index.size, (i) => {
        const p = this.graph.paper(i);
        return { title: p.title, abstract: p.abstract };
      }),
      people: new AuthorIndex(this.index.size, (i) => {
        const p = this.graph.paper(i);
        return { authors: p.authors, venue: p.venue };
      }),
      year: (i) => this.graph.paper(i).year,
    };
    return this.relevance;
  }

  private evidenceJson(e: RelevanceEvidence): RelevanceEvidenceJson {
    const id = (i: number) => this.graph.paper(i).id;
    return {
      coCitedWith: e.coCitedWith.map((c) => ({ seed: id(c.seed), papers: c.papers })),
      sharedReferencesWith: e.sharedReferencesWith.map((c) => ({ seed: id(c.seed), papers: c.papers })),
      builtOnBySeeds: e.builtOnBySeeds.map(id),
      buildsOnSeeds: e.buildsOnSeeds.map(id),
      similarText: e.similarText ? { seed: id(e.similarText.seed), similarity: Math.round(e.similarText.similarity * 1000) / 1000 } : null,
      citedBy: e.citedBy,
    };
  }

  private reasonContext(seedCount: number, i: number, oneSeed?: string): ReasonContext {
    return {
      seedCount,
      oneSeed,
      title: (s) => this.graph.paper(s).title,
      citedBy: this.citedBy(i),
      citedByReported: (this.graph.paper(i).citedByCount ?? -1) >= this.index.degree(i, "builtBy"),
    };
  }

  /**
   * The papers like one paper, by the relevance engine with it as the one seed: those co-cited
   * with it, sharing its references or close to it in title and abstract (a citation between the
   * two adds to the score, but alone the Builds on and Built on by lists already show it), split
   * into prior and derivative works as Connected Papers does.
   */
  similar(id: string, limit = 20, budget?: QueryBudget): SimilarResponse {
    const [paper = 0] = this.indicesOf([id]);
    const found = similarTo(this.corpus(), paper, { limit: limit * SIMILAR_OVERFETCH, budget });
    const prior = new Set(found.prior);
    const derivative = new Set(found.derivative);
    const alike = found.papers.filter((p) => p.evidence.coCitedWith.length > 0 || p.evidence.sharedReferencesWith.length > 0 || p.evidence.similarText !== null);
    return {
      paper: this.graph.brief(paper),
      similar: alike.slice(0, limit).map((p) => ({
        ...this.graph.brief(p.index),
        coCitations: p.evidence.coCitedWith[0]?.papers ?? 0,
        sharedReferences: p.evidence.sharedReferencesWith[0]?.papers ?? 0,
        score: Math.round(p.score * 10000) / 10000,
        reason: reasonText(p.evidence, this.reasonContext(1, p.index, "it")),
        relation: prior.has(p.index) ? "prior" : derivative.has(p.index) ? "derivative" : "related",
        evidence: this.evidenceJson(p.evidence),
      })),
    };
  }

  communitiesPayload(limit = 50): CommunitiesResponse {
    const c = this.communities();
    const ranks = this.pageRank();
    return {
      count: c.communities.length,
      modularity: Math.round(c.modularity * 10000) / 10000,
      communities: c.communities.slice(0, limit).map((x) => ({
        id: x.id,
        size: x.size,
        label: x.label,
        words: x.words,
        direction: x.direction,
        top: [...x.members]
          .sort((a, b) => (ranks[b] ?? 0) - (ranks[a] ?? 0) || a - b)
          .slice(0, 5)
          .map((m) => this.graph.brief(m)),
        members: x.members.map((m) => this.graph.paper(m).id),
      })),
    };
  }

  readingList(request: ReadingListRequest): ReadingListResponse {
    if (request.seeds.length === 0) throw new AnalyticsInputError("a reading list needs at least one seed paper");
    const seeds = this.indicesOf(request.seeds);
    const direction = request.direction ? this.resolveDirection(request.direction) : null;
    const list = readingList(this.index, (i) => this.listPaper(i), {
      seeds,
      limit: request.limit,
      includeSeeds: request.includeSeeds,
      include: direction ? this.inDirection(direction) : undefined,
      text: this.corpus().text,
      people: this.corpus().people,
      budget: request.budget,
    });
    return {
      seeds: seeds.map((s) => this.graph.brief(s)),
      direction,
      limit: request.limit ?? null,
      includeSeeds: request.includeSeeds === true,
      items: list.items.map((item, k) => this.listItem(item, k)),
    };
  }

  /** More papers like a saved list's: the list's papers are the seeds, and never suggested. */
  moreLikeList(name: string, refs: readonly string[], limit = 20, budget?: QueryBudget): ListSuggestionsResponse {
    const papers = refs.map((r) => this.index.index(r)).filter((i): i is number => i !== undefined);
    if (papers.length === 0) return { list: name, basedOn: 0, items: [] };
    const onList = new Set(papers);
    const list = readingList(this.index, (i) => this.listPaper(i), { seeds: papers, limit, exclude: (i) => onList.has(i), text: this.corpus().text, people: this.corpus().people, budget });
    return { list: name, basedOn: papers.length, items: list.items.map((item, k) => this.listItem(item, k)) };
  }

  /**
   * The papers most relevant to seed papers (ids) among candidates passing `include`, by the
   * relevance engine alone (no seed's lineage swapped in, as a reading list does), each with its
   * reason and evidence: what cites the researcher's library that it does not hold
   * (library/library-analytics.ts). The reason leaves out the direct citations of seeds, which
   * that caller counts over the whole library and says itself.
   */
  relevantAmong(
    seedIds: readonly string[],
    options: { include: (i: number) => boolean; limit: number; budget?: QueryBudget },
  ): { index: number; score: number; reason: string; evidence: RelevanceEvidenceJson }[] {
    const seeds = this.indicesOf(seedIds);
    if (seeds.length === 0) return [];
    const found = relevantPapers(this.corpus(), seeds, { include: options.include, limit: options.limit, budget: options.budget });
    return found.map((p) => ({
      index: p.index,
      score: Math.round(p.score * 10000) / 10000,
      reason: reasonText({ ...p.evidence, builtOnBySeeds: [], buildsOnSeeds: [] }, this.reasonContext(seeds.length, p.index)),
      evidence: this.evidenceJson(p.evidence),
    }));
  }

  private listPaper(i: number): ListPaper {
    const p = this.graph.paper(i);
    return { title: p.title, year: p.year, citedBy: this.citedBy(i), citedByReported: (p.citedByCount ?? -1) >= this.index.degree(i, "builtBy"), direction: this.direction(i).name };
  }

  private listItem(item: ReadingListEntry, k: number): ReadingListItem {
    const id = (i: number) => this.graph.paper(i).id;
    return {
      position: k + 1,
      ...this.graph.brief(item.index),
      reason: item.reason,
      score: item.score,
      seed: item.seed,
      group: item.group,
      direction: item.direction,
      directionInferred: this.direction(item.index).inferred,
      evidence: item.evidence ? this.evidenceJson(item.evidence) : null,
      builtOnBySeeds: item.builtOnBySeeds.map(id),
      buildsOnSeeds: item.buildsOnSeeds.map(id),
      depth: item.depth,
    };
  }
}

function communityName(c: Community): string {
  return c.direction ?? (c.label || `community ${c.id}`);
}
