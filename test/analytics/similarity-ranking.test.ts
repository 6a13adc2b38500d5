/** Co-citation and coupling, PageRank and Louvain communities on graphs worked by hand. */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { similarPapers } from "../../graph/similarity.ts";
import { pageRank } from "../../graph/pagerank.ts";
import { communitiesFrom, detectCommunities, modularityOf, titleWords } from "../../graph/communities.ts";
import { computeLayout } from "../../graph/layout.ts";
import { indexOf, aanGraph } from "./aan-graph.ts";
import { parseAanMetadata } from "../../ingest/sources/aan.ts";
import { ROOT } from "../helpers/cli.ts";

describe("similar papers", () => {
  it("count co-citations and shared references, normalised by Salton's cosine", () => {
    // c1 and c2 both build on x and y; c1 also on z. p and c1 both build on x? No: p builds on y and z.
    const graph = indexOf([
      ["c1", "x"],
      ["c1", "y"],
      ["c1", "z"],
      ["c2", "x"],
      ["c2", "y"],
      ["p", "y"],
      ["p", "z"],
    ]);
    const id = (i: number) => graph.id(i);
    const x = graph.index("x") ?? -1;
    // x is cited by c1, c2; y by c1, c2, p; z by c1, p. Co-citations of x: y twice (c1, c2), z once (c1).
    const similar = similarPapers(graph, x).map((s) => ({ id: id(s.index), co: s.coCitations, shared: s.sharedReferences, score: s.score }));
    expect(similar.map((s) => [s.id, s.co, s.shared])).toEqual([
      ["y", 2, 0],
      ["z", 1, 0],
    ]);
    // cosine(y) = 2 / sqrt(2 · 3); cosine(z) = 1 / sqrt(2 · 2).
    expect(similar[0]?.score).toBeCloseTo(2 / Math.sqrt(6), 10);
    expect(similar[1]?.score).toBeCloseTo(0.5, 10);
    // c1 builds on x, y, z; c2 on x, y; p on y, z. Coupling of c1: c2 shares 2, p shares 2.
    const coupled = similarPapers(graph, graph.index("c1") ?? -1).map((s) => [id(s.index), s.sharedReferences, s.score]);
    expect(coupled).toEqual([
      ["c2", 2, 2 / Math.sqrt(3 * 2)],
      ["p", 2, 2 / Math.sqrt(3 * 2)],
    ]);
  });
});

describe("PageRank (Page et al. 1999)", () => {
  it("matches the stationary ranks solved by hand", () => {
    // a and b build on c; c builds on nothing (dangling, spreads its rank evenly). With d = 0.85:
    // r_a = r_b = 0.05 + 0.85·r_c/3 and r_c = 0.05 + 0.85·r_c/3 + 0.85·(r_a + r_b), so
    // r_c = 2.7·r_a and r_a + r_b + r_c = 1 give r_a = r_b = 1/4.7 and r_c = 2.7/4.7.
    const graph = indexOf([
      ["a", "c"],
      ["b", "c"],
    ]);
    const rank = pageRank(graph);
    expect(rank[graph.index("a") ?? -1]).toBeCloseTo(1 / 4.7, 9);
    expect(rank[graph.index("b") ?? -1]).toBeCloseTo(1 / 4.7, 9);
    expect(rank[graph.index("c") ?? -1]).toBeCloseTo(2.7 / 4.7, 9);
  });

  it("sums to 1 on the AAN graph and ranks a classic first among its cited", () => {
    const { index } = aanGraph();
    const rank = pageRank(index);
    expect(rank.reduce((s, r) => s + r, 0)).toBeCloseTo(1, 9);
    const top = [...rank.keys()].sort((a, b) => (rank[b] ?? 0) - (rank[a] ?? 0))[0] ?? -1;
    // The top paper is heavily cited: among the 20 most cited in the release.
    const byCites = [...rank.keys()].sort((a, b) => index.degree(b, "builtBy") - index.degree(a, "builtBy")).slice(0, 20);
    expect(byCites).toContain(top);
  });
});

describe("communities (Louvain) labelled by distinctive title words", () => {
  it("labels two topics by their own words", () => {
    // Two citation clusters joined by one link; titles differ by topic.
    const pairs: [string, string][] = [];
    for (const [group, n] of [
      ["p", 6],
      ["g", 6],
    ] as const) {
      for (let i = 1; i < n; i++) for (let j = 0; j < i; j++) pairs.push([`${group}${i}`, `${group}${j}`]);
    }
    pairs.push(["g0", "p0"]);
    const graph = indexOf(pairs);
    const title = (i: number) => (graph.id(i).startsWith("p") ? `Protein folding with deep networks ${i}` : `Galaxy survey photometry ${i}`);
    const result = detectCommunities(graph, { title, directions: () => [] });
    expect(result.communities).toHaveLength(2);
    // Every word of a topic is in every title of its cluster and in no other: the phrases they
    // are spelt in label it ("with" breaks one).
    const protein = (c: (typeof result.communities)[number]) => graph.id(c.members[0] ?? 0).startsWith("p");
    for (const c of result.communities) {
      expect([...c.words].sort()).toEqual(protein(c) ? ["deep networks", "protein folding"] : ["galaxy survey photometry"]);
      expect(c.label).toBe(c.words.join(", "));
    }
    expect(result.modularity).toBeGreaterThan(0.3);
  });

  it("numbers communities as the stored layout does (same graph, same seeded random source)", () => {
    const { index, edges } = aanGraph();
    // A slice of AAN keeps ForceAtlas2 quick: the papers of 1990 to 1995 and their citations.
    const meta = parseAanMetadata(readFileSync(join(ROOT, "data/aan/acl-metadata.txt")));
    const keep = new Set(meta.papers.filter((p) => p.year !== undefined && p.year >= 1990 && p.year <= 1995 && index.index(p.id) !== undefined).map((p) => p.id));
    const sliceEdges = edges.filter((e) => keep.has(e.citing) && keep.has(e.cited)).sort((a, b) => (a.citing + a.cited < b.citing + b.cited ? -1 : 1));
    const ids = [...keep].sort();
    const slice = indexOf(
      sliceEdges.map((e) => [e.citing, e.cited] as const),
      ids,
    );
    const titles = new Map(meta.papers.map((p) => [p.id, p.title]));
    const mine = detectCommunities(slice, { title: (i) => titles.get(slice.id(i)) ?? null, directions: () => [] });
    const layout = computeLayout(ids, sliceEdges);
    for (const p of layout) expect(mine.communityOf.get(slice.index(p.id) ?? -1)).toBe(p.community);
    expect(mine.communities.length).toBeGreaterThan(5);
    expect(mine.communities[0]?.label).not.toBe("");
  });

  it("reads a stored layout's communities as Louvain's own: same members, labels and modularity", () => {
    const { index, edges } = aanGraph();
    const meta = parseAanMetadata(readFileSync(join(ROOT, "data/aan/acl-metadata.txt")));
    const keep = new Set(meta.papers.filter((p) => p.year !== undefined && p.year >= 1996 && p.year <= 1999 && index.index(p.id) !== undefined).map((p) => p.id));
    const slice = indexOf(
      edges.filter((e) => keep.has(e.citing) && keep.has(e.cited)).map((e) => [e.citing, e.cited] as const),
      [...keep].sort(),
    );
    const titles = new Map(meta.papers.map((p) => [p.id, p.title]));
    const text = { title: (i: number) => titles.get(slice.id(i)) ?? null, directions: () => [] };
    const louvain = detectCommunities(slice, text);
    const stored = communitiesFrom(slice, (i) => louvain.communityOf.get(i) ?? -1, text);
    expect(stored.communities).toEqual(louvain.communities);
    expect(stored.modularity).toBeCloseTo(louvain.modularity, 9);
    expect(louvain.modularity).toBeGreaterThan(0.3);
  });

  it("measures modularity as Newman defines it, one edge per cited pair", () => {
    // Two triangles joined by one citation, and a citation each way inside the first (one edge).
    const graph = indexOf([
      ["a", "b"],
      ["b", "a"],
      ["b", "c"],
      ["c", "a"],
      ["d", "e"],
      ["e", "f"],
      ["f", "d"],
      ["c", "d"],
    ]);
    const side = (i: number) => (["a", "b", "c"].includes(graph.id(i)) ? 0 : 1);
    // m = 7 edges, 6 inside; each side's degrees sum to 7: Q = 6/7 - 2 × (7/14)².
    expect(modularityOf(graph, side)).toBeCloseTo(6 / 7 - 0.5, 12);
    expect(modularityOf(graph, () => 0)).toBeCloseTo(0, 12);
  });

  it("names what sets a community apart, not what the whole map shares (c-TF-IDF)", () => {
    // Three clusters; every title says "language models", each cluster its own topic, and one
    // title in each strays into another's topic.
    const topics = ["Machine Translation", "Dependency Parsing", "Sentiment Analysis"];
    const pairs: [string, string][] = [];
    topics.forEach((_t, g) => {
      for (let i = 1; i < 8; i++) for (let j = 0; j < i; j++) pairs.push([`${g}-${i}`, `${g}-${j}`]);
    });
    pairs.push(["1-0", "0-0"], ["2-0", "1-0"]);
    const graph = indexOf(pairs);
    const title = (i: number) => {
      const [g, k] = graph.id(i).split("-").map(Number) as [number, number];
      const topic = topics[k === 7 ? (g + 1) % 3 : g] ?? "";
      return `${topic} with Large Language Models: study ${k}`;
    };
    const result = detectCommunities(graph, { title, directions: () => [] });
    expect(result.communities).toHaveLength(3);
    for (const c of result.communities) {
      const g = Number(graph.id(c.members[0] ?? 0).split("-")[0]);
      expect(c.words[0]).toBe((topics[g] ?? "").toLowerCase());
      expect(c.label).not.toMatch(/language|models|large/);
    }
  });

  it("keeps an acronym's capitals in a label, unless its titles are all in capitals", () => {
    // Two clusters: one about the ATIS corpus (its titles spell it in capitals), one shouted.
    const pairs: [string, string][] = [];
    for (const group of ["a", "s"]) for (let i = 1; i < 6; i++) for (let j = 0; j < i; j++) pairs.push([`${group}${i}`, `${group}${j}`]);
    pairs.push(["s0", "a0"]);
    const graph = indexOf(pairs);
    const title = (i: number) => (graph.id(i).startsWith("a") ? `Spoken queries of the ATIS corpus ${i}` : `GALAXY SURVEY PHOTOMETRY ${i}`);
    const result = detectCommunities(graph, { title, directions: () => [] });
    const labels = result.communities.map((c) => c.label).sort();
    expect(labels).toEqual(["ATIS corpus, spoken queries", "galaxy survey photometry"]);
  });

  it("splits titles into content words", () => {
    expect(titleWords("Towards a Théorie of LLM-as-a-Judge: 2023 and beyond")).toEqual(["theorie", "llm", "judge", "beyond"]);
  });
});
