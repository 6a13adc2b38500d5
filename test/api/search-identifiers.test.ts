/**
 * The search endpoint answers an identifier in any form the CLI takes with that paper first, and
 * every result carries what the explorer lists: identifier, first author, author count, year and
 * the paper's citations in this graph (issue 18). The seed pages plus two invented pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { RunningServer } from "../../web/server/http-server.ts";
import type { SearchResponse } from "../../api/types.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { HARBOUR, TIDE, writeInventedPages } from "../fixtures/explorer/invented-pages.ts";

const tmp = tempDir();
let server: RunningServer;

beforeAll(async () => {
  const db = join(tmp.dir, "search.db");
  expect((await runCli(["ingest", SEEDS, writeInventedPages(tmp.dir), "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

async function search(q: string): Promise<SearchResponse> {
  const res = await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}&limit=5`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

describe("search by identifier", () => {
  it.each([
    ["an arXiv abstract URL with a version", "https://arxiv.org/abs/2306.03100v2", "arxiv:2306.03100"],
    ["arXiv:ID", "arXiv:2407.16711", "arxiv:2407.16711"],
    ["a bare arXiv ID", "2402.99871", `arxiv:${TIDE.arxivId}`],
    ["a DOI URL", `https://doi.org/${HARBOUR.doi}`, `acl:${HARBOUR.aclId}`],
    ["a bare DOI", HARBOUR.doi, `acl:${HARBOUR.aclId}`],
    ["an ACL ID", HARBOUR.aclId, `acl:${HARBOUR.aclId}`],
    ["an internal id", "arxiv:2306.03100", "arxiv:2306.03100"],
  ])("puts the paper %s names first", async (_what, q, id) => {
    const { results } = await search(q);
    expect(results[0]?.id).toBe(id);
    // Named once, however the text search ranks it too.
    expect(results.filter((r) => r.id === id)).toHaveLength(1);
  });

  it("answers an identifier it does not know with the text search's results, not an error", async () => {
    const { results } = await search("arXiv:2999.00001");
    expect(results.every((r) => r.arxivId !== "2999.00001")).toBe(true);
  });

  it("gives each result its first author, author count and citations in this graph", async () => {
    const { results } = await search(HARBOUR.title);
    const harbour = results[0];
    expect(harbour).toMatchObject({ title: HARBOUR.title, year: 2021, aclId: HARBOUR.aclId, firstAuthor: "Ronan Le Gwenn", authorCount: 3, builtByCount: 1 });
    const seed = (await search("2407.16711")).results[0];
    expect(seed).toMatchObject({ arxivId: "2407.16711", firstAuthor: null, authorCount: 0 });
    // Benchmarks as Microscopes is built on by the seed pages' citing papers and by the invented page.
    expect(seed?.builtByCount).toBeGreaterThan(30);
  });
});
