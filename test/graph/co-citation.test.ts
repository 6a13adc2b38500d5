/**
 * Co-citation, bibliographic coupling and direct citations from a seed set, on a graph worked by
 * hand: seeds A and B; p1 builds on A, B and X; p2 on A and X; p3 on B and Y; A builds on R1; B on
 * R1 and R2; c1 on R1 and R2.
 */
import { describe, expect, it } from "vitest";
import { bibliographicCoupling, coCitation, coCitationCount, sharedReferenceCount } from "../../graph/co-citation.ts";
import { citesDirectly, directCitations } from "../../graph/direct-citations.ts";
import { indexOf } from "../analytics/aan-graph.ts";

const graph = indexOf([
  ["p1", "A"],
  ["p1", "B"],
  ["p1", "X"],
  ["p2", "A"],
  ["p2", "X"],
  ["p3", "B"],
  ["p3", "Y"],
  ["A", "R1"],
  ["B", "R1"],
  ["B", "R2"],
  ["c1", "R1"],
  ["c1", "R2"],
]);
const at = (id: string) => graph.index(id) ?? -1;
const seeds = [at("A"), at("B")];
const byId = (m: Map<number, number>) => Object.fromEntries([...m].map(([i, v]) => [graph.id(i), v]));

describe("co-citation from seeds (Small 1973)", () => {
  const co = coCitation(graph, seeds);

  it("counts the papers citing both a seed and the candidate, summed over seeds, seeds left out", () => {
    // X: with A by p1 and p2, with B by p1. Y: with B by p3.
    expect(byId(co.count)).toEqual({ X: 3, Y: 1 });
    expect(byId(co.seedsLinked)).toEqual({ X: 2, Y: 1 });
    expect(co.logCount.get(at("X"))).toBeCloseTo(Math.log(3) + Math.log(2), 12);
  });

  it("normalises by Salton's cosine and by the seed's citations (conditional share)", () => {
    // A, B and X are each cited twice, Y once: cos(A,X) = 2/2, cos(B,X) = 1/2, cos(B,Y) = 1/sqrt(2).
    expect(co.cosine.get(at("X"))).toBeCloseTo(1.5, 12);
    expect(co.cosine.get(at("Y"))).toBeCloseTo(1 / Math.sqrt(2), 12);
    // P(X | A) = 2/2, P(X | B) = 1/2; P(Y | B) = 1/2.
    expect(co.conditional.get(at("X"))).toBeCloseTo(1.5, 12);
    expect(co.conditional.get(at("Y"))).toBeCloseTo(0.5, 12);
  });

  it("credits what papers citing several seeds cite, by the share of seed pairs they cite", () => {
    // Only p1 cites both seeds (the one pair): everything else it cites, X, gets 1.
    expect(byId(co.closeCiters)).toEqual({ X: 1 });
    expect(co.sampled).toBe(false);
  });

  it("reads a hub seed through an even sample of its citing papers", () => {
    const sampled = coCitation(graph, seeds, { maxCitersPerSeed: 1 });
    expect(sampled.sampled).toBe(true);
    // A's sample is p1 alone (X once), B's is p1 alone (X once): Y is not reached.
    expect(byId(sampled.count)).toEqual({ X: 2 });
  });

  it("counts exactly for one pair from the sorted rows", () => {
    expect(coCitationCount(graph, at("A"), at("X"))).toBe(2);
    expect(coCitationCount(graph, at("B"), at("Y"))).toBe(1);
    expect(coCitationCount(graph, at("A"), at("Y"))).toBe(0);
  });
});

describe("bibliographic coupling from seeds (Kessler 1963)", () => {
  it("counts shared references, summed over seeds, with Salton's cosine", () => {
    const coupled = bibliographicCoupling(graph, seeds);
    // c1 shares R1 with A, and R1 and R2 with B.
    expect(byId(coupled.count)).toEqual({ c1: 3 });
    expect(coupled.cosine.get(at("c1"))).toBeCloseTo(1 / Math.sqrt(2) + 2 / 2, 12);
    // P(c1 | A) over A's 1 reference = 1, over B's 2 = 2/2.
    expect(coupled.conditional.get(at("c1"))).toBeCloseTo(2, 12);
    expect(sharedReferenceCount(graph, at("B"), at("c1"))).toBe(2);
    expect(sharedReferenceCount(graph, at("A"), at("p1"))).toBe(0);
  });
});

describe("direct citations (Garfield 1955)", () => {
  it("counts the seeds building on a paper and the seeds it builds on", () => {
    const links = directCitations(graph, seeds);
    expect(byId(links.builtOnBySeeds)).toEqual({ R1: 2, R2: 1 });
    expect(byId(links.buildsOnSeeds)).toEqual({ p1: 2, p2: 1, p3: 1 });
    expect(citesDirectly(graph, at("p1"), at("X"))).toBe(true);
    expect(citesDirectly(graph, at("X"), at("p1"))).toBe(false);
  });
});
