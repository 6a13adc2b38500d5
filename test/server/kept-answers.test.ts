/**
 * Answers the server keeps (web/server/answer-cache.ts): a kept paper view is of the graph it was
 * computed on, so a write that commits a new graph shows in the next view; list suggestions are
 * never kept, since a list changes without the graph changing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningServer } from "../../web/server/http-server.ts";
import type { ListSuggestionsResponse, PaperDetail } from "../../api/types.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const db = join(tmp.dir, "kept.db");
let server: RunningServer;

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

const get = async <T>(path: string): Promise<T> => {
  const r = await fetch(server.url + path);
  expect(r.status).toBe(200);
  return (await r.json()) as T;
};

/** An invented paper page citing the metrology paper of the seeds. */
const FOLLOW_UP = `<!doctype html><html><head>
<meta name="citation_title" content="Calibrated Microscopes: An Invented Follow-up on Model Metrology">
<meta name="citation_author" content="Quill, Ada">
<meta name="citation_publication_date" content="2025/03/02">
<meta name="citation_arxiv_id" content="2503.01234">
<meta name="citation_reference" content="citation_title=Benchmarks as Microscopes: A Call for Model Metrology; citation_publication_date=2024; citation_arxiv_id=2407.16711">
</head><body><h1>Calibrated Microscopes</h1><p>We measure what metrology asks for, with invented results.</p></body></html>`;

describe("kept answers", () => {
  it("show a paper view of the new graph once a write commits", async () => {
    const before = await get<PaperDetail>("/api/papers/2407.16711");
    expect(await get<PaperDetail>("/api/papers/2407.16711")).toEqual(before);
    const pages = join(tmp.dir, "more");
    mkdirSync(pages);
    writeFileSync(join(pages, "follow-up.html"), FOLLOW_UP);
    expect((await runCli(["ingest", pages, "--db", db])).code).toBe(0);
    // Safety net against hanging, not a time bound: the server looks for new graphs every 250 ms.
    let after = await get<PaperDetail>("/api/papers/2407.16711");
    for (let k = 0; k < 600 && after.coverage.builtBy.inGraph === before.coverage.builtBy.inGraph; k++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await get<PaperDetail>("/api/papers/2407.16711");
    }
    expect(after.coverage.builtBy.inGraph).toBe(before.coverage.builtBy.inGraph + 1);
  }, 120_000);

  it("never keep a list's suggestions past an edit of the list", async () => {
    const put = (refs: string[]) =>
      fetch(server.url + "/api/lists/Kept", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ items: refs.map((ref) => ({ ref })) }),
      });
    expect((await put(["2407.16711"])).ok).toBe(true);
    const first = await get<ListSuggestionsResponse>("/api/lists/Kept/suggestions?limit=10");
    expect((await put(["2407.16711", ...first.items.slice(0, 2).map((p) => p.id)])).ok).toBe(true);
    const second = await get<ListSuggestionsResponse>("/api/lists/Kept/suggestions?limit=10");
    const listed = new Set(first.items.slice(0, 2).map((p) => p.id));
    expect(listed.size).toBe(2);
    expect(second.items.some((p) => listed.has(p.id))).toBe(false);
  }, 120_000);
});
