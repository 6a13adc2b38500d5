/**
 * Personalized PageRank by push (Andersen, Chung & Lang 2006) against the exact walk with restart
 * solved here by power iteration on the same graph, citations followed both ways; and its bounds.
 */
import { describe, expect, it } from "vitest";
import { personalizedPageRank } from "../../graph/personalized-pagerank.ts";
import type { CitationIndex } from "../../graph/citation-index.ts";
import { indexOf } from "../analytics/aan-graph.ts";

/** The exact stationary walk: restart at the seeds with `restart`, else step to a uniform neighbour. */
function exact(graph: CitationIndex, seeds: number[], restart: number): number[] {
  const n = graph.size;
  const neighbours = (i: number) => [...graph.neighbours(i, "buildsOn"), ...graph.neighbours(i, "builtBy")];
  let p = Array.from({ length: n }, (_, i) => (seeds.includes(i) ? 1 / seeds.length : 0));
  for (let it = 0; it < 2000; it++) {
    const next = Array.from({ length: n }, (_, i) => (seeds.includes(i) ? restart / seeds.length : 0));
    p.forEach((mass, i) => {
      const nb = neighbours(i);
      for (const j of nb) next[j] = (next[j] ?? 0) + ((1 - restart) * mass) / nb.length;
    });
    p = next;
  }
  return p;
}

// Two clusters joined by one citation: a1..a4 cite each other densely, b1..b3 likewise, a4 -> b1.
const graph = indexOf([
  ["a2", "a1"],
  ["a3", "a1"],
  ["a3", "a2"],
  ["a4", "a2"],
  ["a4", "a3"],
  ["a4", "b1"],
  ["b2", "b1"],
  ["b3", "b1"],
  ["b3", "b2"],
]);
const at = (id: string) => graph.index(id) ?? -1;
const degree = (i: number) => graph.degree(i, "buildsOn") + graph.degree(i, "builtBy");

describe("personalized PageRank by push", () => {
  for (const restart of [0.15, 0.5]) {
    it(`stays within epsilon · degree below the exact walk (restart ${restart})`, () => {
      const seeds = [at("a1"), at("a2")];
      const truth = exact(graph, seeds, restart);
      const epsilon = 1e-4;
      const push = personalizedPageRank(graph, seeds, { restart, epsilon });
      expect(push.converged).toBe(true);
      for (let i = 0; i < graph.size; i++) {
        const estimate = seeds.includes(i) ? (push.seedScores.get(i) ?? 0) : (push.scores.get(i) ?? 0);
        expect(estimate).toBeLessThanOrEqual((truth[i] ?? 0) + 1e-12);
        expect((truth[i] ?? 0) - estimate).toBeLessThanOrEqual(epsilon * degree(i) + 1e-12);
      }
      // Seeds are reported apart; the walk favours the seeds' own cluster.
      expect(push.scores.has(at("a1"))).toBe(false);
      expect(push.scores.get(at("a3")) ?? 0).toBeGreaterThan(push.scores.get(at("b3")) ?? 0);
    });
  }

  it("stops at maxPushes and says it did not converge", () => {
    const capped = personalizedPageRank(graph, [at("a1")], { maxPushes: 1, epsilon: 1e-9 });
    expect(capped.pushes).toBe(1);
    expect(capped.converged).toBe(false);
    // One push settles the restart share at the seed and nothing elsewhere.
    expect(capped.seedScores.get(at("a1"))).toBeCloseTo(0.15, 12);
    expect(capped.scores.size).toBe(0);
  });

  it("keeps no state between calls (its scratch arrays are cleared)", () => {
    const first = personalizedPageRank(graph, [at("b1")], { epsilon: 1e-6 });
    personalizedPageRank(graph, [at("a1")], { epsilon: 1e-6 });
    const again = personalizedPageRank(graph, [at("b1")], { epsilon: 1e-6 });
    expect([...again.scores]).toEqual([...first.scores]);
  });

  it("rejects a restart outside (0, 1)", () => {
    expect(() => personalizedPageRank(graph, [0], { restart: 1 })).toThrow(/restart must be in/);
  });
});
