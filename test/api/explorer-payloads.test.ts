/**
 * What the explorer's map and lists get from the API (issue 18): the graph's largest communities
 * with distinct colours and labels of what sets each apart (issue 25: c-TF-IDF terms, words and
 * phrases of its titles over-represented in it against the whole map), the colours the papers carry, and each listed
 * paper's ties to the paper whose list it is (co-citation and coupling). The seed pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { RunningServer } from "../../web/server/http-server.ts";
import type { ClosureResponse, GraphPayload, SimilarResponse } from "../../api/types.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";
import { serveWithTestPage } from "../helpers/server.ts";

/** A title as lower-case words joined by spaces, accents folded, as a label spells its terms. */
function titleWords(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(" ");
}

const tmp = tempDir();
let server: RunningServer;

beforeAll(async () => {
  const db = join(tmp.dir, "payloads.db");
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

async function get<T>(path: string): Promise<T> {
  const res = await fetch(server.url + path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe("the explorer's payloads", () => {
  it("labels the largest communities and gives each its own colour, which its papers carry", async () => {
    const graph = await get<GraphPayload>("/api/graph");
    const { communities, otherCommunityColor } = graph.attributes;
    expect(communities.length).toBeGreaterThan(1);
    expect(new Set(communities.map((c) => c.color)).size).toBe(communities.length);
    expect(communities.map((c) => c.color)).not.toContain(otherCommunityColor);
    // Each label is one to three terms (a word or a phrase of up to three words), sharing no word,
    // each spelt as the community's titles spell it, the first over-represented in the community
    // against the whole map; no two communities carry the same label.
    expect(new Set(communities.map((c) => c.label)).size).toBe(communities.length);
    const titlesOf = (id: number | null) => graph.nodes.filter((n) => n.attributes.title && (id === null || n.attributes.community === id)).map((n) => ` ${titleWords(n.attributes.title ?? "")} `);
    const everyTitle = titlesOf(null);
    for (const c of communities) {
      // Compared with the titles in lower case: an acronym keeps its capitals in a label ("ATIS").
      const terms = c.label.toLowerCase().split(", ");
      expect(terms.length).toBeGreaterThanOrEqual(1);
      expect(terms.length).toBeLessThanOrEqual(3);
      for (const term of terms) expect(term).toMatch(/^[a-z0-9]+( [a-z0-9]+){0,2}$/);
      const words = terms.flatMap((t) => t.split(" "));
      expect(new Set(words).size).toBe(words.length);
      const own = titlesOf(c.id);
      for (const term of terms) expect(own.some((t) => t.includes(` ${term} `))).toBe(true);
      const holding = (titles: string[]) => titles.filter((t) => t.includes(` ${terms[0]} `)).length / titles.length;
      expect(holding(own)).toBeGreaterThan(holding(everyTitle));
    }
    expect([...communities].sort((a, b) => b.size - a.size)).toEqual(communities);
    const sizes = new Map<number, number>();
    for (const n of graph.nodes) sizes.set(n.attributes.community, (sizes.get(n.attributes.community) ?? 0) + 1);
    for (const c of communities) {
      expect(c.size).toBe(sizes.get(c.id));
      const coloured = graph.nodes.filter((n) => n.attributes.community === c.id && !n.attributes.stub && n.attributes.direction === null);
      for (const n of coloured) expect(n.attributes.color).toBe(c.color);
    }
  });

  it("gives each paper of a builds-on list its ties to the paper: a similarity wherever co-citation or coupling links them", async () => {
    const list = await get<ClosureResponse>("/api/papers/2407.16711/builds-on");
    const similar = await get<SimilarResponse>("/api/papers/2407.16711/similar?limit=100");
    const tied = new Set(similar.similar.filter((s) => s.coCitations > 0 || s.sharedReferences > 0).map((s) => s.id));
    expect(list.papers.length).toBeGreaterThan(10);
    const listedTied = list.papers.filter((p) => tied.has(p.id));
    expect(listedTied.length).toBeGreaterThan(0);
    for (const p of listedTied) expect(p.relevance).toBeGreaterThan(0);
    for (const p of list.papers) expect(p.relevance).toBeGreaterThanOrEqual(0);
  });
});
