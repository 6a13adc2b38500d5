/**
 * Citation contexts where the source gives them (issue 19): S2's intents, isInfluential and
 * citing sentences, kept on the edges an expansion stores, are what `lineage contexts` and the
 * library call behind `GET /api/papers/{REF}/citations` give for a paper's direct citations,
 * either way, merged when two pages say so of one citation, influential ones first; the
 * sentences are bounded and cleaned before they are stored. Also the URLs the two new read
 * endpoints are declared with, read back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli, runJson, tempDir } from "../helpers/cli.ts";
import type { CitationContextsResponse } from "../../api/types.ts";
import { endpointUrl, EndpointError, readEndpoint } from "../../api/endpoints.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { citationContexts } from "../../library/citation-contexts.ts";
import { s2Page, CITATION_CONTEXTS } from "../../ingest/sources/s2.ts";
import { World, worldDoi } from "../sources/api-world.ts";
import { worldRecordings } from "../sources/api-replay.ts";
import { FAST, useReplay } from "./replay-env.ts";

const world = new World({ papers: 16, outsideCiters: (k) => (k === 8 ? 2 : 0) });
useReplay(() => worldRecordings(world));
const tmp = tempDir();
const db = join(tmp.dir, "contexts.db");

beforeAll(async () => {
  // Paper 8 and the three neighbours depth 2 chooses, each with its lists.
  expect((await runCli(["expand", worldDoi(8), "--depth", "2", "--max-papers", "4", ...FAST, "--db", db])).code).toBe(0);
});
afterAll(() => tmp.cleanup());

const contexts = (...args: string[]) => runJson<CitationContextsResponse>(["contexts", ...args, "--db", db]);

describe("lineage contexts", () => {
  it("gives, for the papers a paper builds on, how it cites each, influential ones first", async () => {
    const answer = await contexts(worldDoi(8), "--builds-on");
    const refs = world.paper(8).refs;
    expect(answer).toMatchObject({ direction: "buildsOn", direct: refs.length, described: refs.length, truncated: false });
    expect(answer.paper.doi).toBe(worldDoi(8));
    const influential = answer.citations.filter((c) => c.isInfluential);
    expect(answer.citations.slice(0, influential.length)).toEqual(influential);
    for (const c of answer.citations) {
      const k = refs.find((r) => worldDoi(r) === c.doi);
      if (k === undefined) throw new Error(`not a reference of paper 8: ${c.doi}`);
      const said = world.citation(8, k);
      expect({ intents: c.intents, isInfluential: c.isInfluential, contexts: c.contexts }).toEqual(said);
    }
  });

  it("gives, for the papers building on it, how they cite it, one entry per paper whichever pages say so", async () => {
    const answer = await contexts(worldDoi(7));
    const citers = world.citersOf(7);
    expect(answer.direction).toBe("builtBy");
    expect(answer.described).toBe(citers.length);
    const eight = answer.citations.find((c) => c.doi === worldDoi(8));
    // Paper 8's page lists 7 among its references, and paper 7's page lists 8 among its citations.
    expect(eight?.sources).toHaveLength(2);
    expect(eight).toMatchObject(world.citation(8, 7));
    expect((await runCli(["contexts", worldDoi(7), "--db", db])).stdout).toContain(`“${world.citation(8, 7).contexts[0]}”`);
  });

  it("is the answer the library gives the server", async () => {
    const conn = LineageDb.open(db, { readonly: true });
    try {
      const graph = new LineageGraph(conn);
      const found = graph.resolveRef(worldDoi(7));
      if (found.kind !== "found") throw new Error("paper 7 is not in the map");
      expect(citationContexts(conn, graph, found.paper, "builtBy")).toEqual(await contexts(worldDoi(7)));
      const one = citationContexts(conn, graph, found.paper, "builtBy", 1);
      expect(one.citations).toHaveLength(1);
      expect(one.truncated).toBe(world.citersOf(7).length > 1);
    } finally {
      conn.close();
    }
  });
});

describe("citing sentences as stored", () => {
  it("keeps at most five per citation, each one line, without control characters, cut at a word boundary", () => {
    const long = `${"a measured word ".repeat(60)}end`;
    const contextsGiven = [long, "Bell\u0007 and\u001b[31m escape\ttab", "three", "three", "four", "five", "six", "seven"];
    const made = s2Page({
      paper: { paperId: "0".repeat(40), externalIds: {}, authors: [], fieldsOfStudy: [], leftOut: [], title: "An Invented Citing Paper" },
      citations: [{ paper: { paperId: "1".repeat(40), externalIds: {}, authors: [], fieldsOfStudy: [], leftOut: [], title: "Another" }, contexts: contextsGiven, intents: ["background"] }],
      warnings: [],
    });
    if ("reason" in made) throw new Error(made.reason);
    const kept = made.page.builtBy[0]?.attributes?.contexts as string[];
    expect(kept).toHaveLength(CITATION_CONTEXTS.maxPerEdge);
    expect(kept[0]?.length).toBeLessThanOrEqual(CITATION_CONTEXTS.maxChars);
    const head = (kept[0] ?? "").replace(/…$/, "");
    expect(kept[0]?.endsWith("…")).toBe(true);
    // A prefix of the sentence that ends where a word does.
    expect(long.startsWith(head) && long[head.length] === " ").toBe(true);
    expect(kept.slice(1)).toEqual(["Bell and[31m escape tab", "three", "four", "five"]);
  });
});

describe("the endpoints' URLs", () => {
  it("are written as the server reads them back", () => {
    const params = { ref: "doi:10.5555/a b", direction: "buildsOn" as const, limit: 7 };
    const read = (url: URL) => readEndpoint(url.pathname, url.searchParams);
    const url = new URL(endpointUrl("citationContexts", params), "http://x");
    expect(read(url)).toEqual({ endpoint: "citationContexts", params });
    expect(read(new URL("http://x/api/papers/x/similar")).endpoint).not.toBe("citationContexts");
    expect(() => readEndpoint("/api/papers/x/citations", new URLSearchParams("direction=sideways"))).toThrow(EndpointError);
    expect(read(new URL(endpointUrl("listWatch", { name: "My list/1" }), "http://x"))).toEqual({ endpoint: "listWatch", params: { name: "My list/1" } });
    expect(read(new URL("http://x/api/lists/x")).endpoint).not.toBe("listWatch");
  });
});
