/**
 * The analytics of a loaded graph as the CLI and the HTTP API serve them: main paths, similar
 * papers, communities (inferred directions), reading lists and citations, in JSON-ready shapes.
 * The pure algorithms live in their own modules; this one maps papers to indices and back,
 * resolves direction names, and computes PageRank and communities once per loaded graph.
 */
import type { CommunitiesResponse, MainPathResponse, MainPathStep as MainPathStepJson, ReadingListResponse, SimilarResponse } from "../api/types.ts";
import { MAX_KEY_ROUTES } from "../api/limits.ts";
import type { LineageGraph } from "./lineage-graph.ts";
import { mainPath, type MainPathStep } from "../graph/main-path.ts";
import { lineageOf } from "../graph/lineage-scope.ts";
import { pageRank } from "../graph/pagerank.ts";
import { similarPapers } from "../graph/similarity.ts";
import { detectCommunities, type Communities, type Community } from "../graph/communities.ts";
import { readingList, type ListPaper } from "../graph/reading-list.ts";
import type { QueryBudget } from "../graph/query-budget.ts";

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
}

export class LineageAnalytics {
  private ranks?: Float64Array;
  private communityCache?: Communities;
  private stated?: string[][];
  private directions: ({ name: string; inferred: boolean } | undefined)[] = [];

  constructor(private readonly graph: LineageGraph) {}

  private get index() {
    return this.graph.index;
  }

  pageRank(): Float64Array {
    this.ranks ??= pageRank(this.index);
    return this.ranks;
  }

  communities(): Communities {
    this.communityCache ??= detectCommunities(this.index, {
      title: (i) => this.graph.paper(i).title,
      directions: (i) => this.statedDirections(i),
    });
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

  similar(id: string, limit = 20): SimilarResponse {
    const [i] = this.indicesOf([id]);
    const paper = i ?? 0;
    return {
      paper: this.graph.brief(paper),
      similar: similarPapers(this.index, paper, limit).map((s) =>
        ({
          ...this.graph.brief(s.index),
          coCitations: s.coCitations,
          sharedReferences: s.sharedReferences,
          score: Math.round(s.score * 10000) / 10000,
        }),
      ),
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
    const paper = (i: number): ListPaper => ({
      title: this.graph.paper(i).title,
      year: this.graph.paper(i).year,
      citedBy: this.citedBy(i),
      citedByReported: (this.graph.paper(i).citedByCount ?? -1) >= this.index.degree(i, "builtBy"),
      direction: this.direction(i).name,
    });
    const list = readingList(this.index, paper, {
      seeds,
      limit: request.limit,
      includeSeeds: request.includeSeeds,
      include: direction ? this.inDirection(direction) : undefined,
      importance: this.pageRank(),
    });
    const id = (i: number) => this.graph.paper(i).id;
    return {
      seeds: seeds.map((s) => this.graph.brief(s)),
      direction,
      limit: request.limit ?? null,
      includeSeeds: request.includeSeeds === true,
      mainPath: list.mainPath.map(id),
      items: list.items.map((item, k) => ({
        position: k + 1,
        ...this.graph.brief(item.index),
        reason: item.reason,
        score: item.score,
        seed: item.seed,
        direction: item.direction,
        directionInferred: this.direction(item.index).inferred,
        builtOnBySeeds: item.builtOnBySeeds.map(id),
        buildsOnSeeds: item.buildsOnSeeds.map(id),
        depth: item.depth,
        onMainPath: item.onMainPath,
      })),
    };
  }
}

function communityName(c: Community): string {
  return c.direction ?? (c.label || `community ${c.id}`);
}
