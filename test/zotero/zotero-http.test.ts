/**
 * The researcher's library through the HTTP API of a real server: `/api/papers/{REF}` carries
 * `library`, `/api/library` lists the collections and the papers held, `/api/library/missing`
 * what cites the library that it lacks, `/api/library/reading-list` a collection as seeds; an
 * unknown collection is 404 naming it; and an import that removes an item, run while the server
 * serves, is seen at the next request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import Database from "better-sqlite3";
import { runCli, tempDir } from "../helpers/cli.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { buildZoteroDb, sampleLibrary } from "../helpers/zotero-db.ts";
import { writeMapPages } from "../helpers/zotero-map.ts";
import type { RunningServer } from "../../web/server/http-server.ts";
import type { CollectionReadingListResponse, LibraryMissingResponse, LibraryResponse, PaperDetail } from "../../api/types.ts";

const tmp = tempDir();
const db = join(tmp.dir, "map.db");
const zotero = join(tmp.dir, "zotero.sqlite");
let server: RunningServer;

beforeAll(async () => {
  expect((await runCli(["ingest", writeMapPages(join(tmp.dir, "pages")), "--db", db])).code).toBe(0);
  buildZoteroDb(zotero, sampleLibrary());
  expect((await runCli(["import", "zotero", zotero, "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(server.url + path);
  return { status: res.status, body: (await res.json()) as T };
}

describe("the library over HTTP", () => {
  it("marks a paper the library holds, with its collections", async () => {
    const { status, body } = await get<PaperDetail>("/api/papers/arXiv%3A2401.04321");
    expect(status).toBe(200);
    expect(body.library).toMatchObject({ source: "zotero", key: "ARXIVID1", collections: [{ key: "COLLBENC", path: ["Evaluation", "Benchmarks"] }, { key: "COLLREAS" }] });
    expect((await get<PaperDetail>("/api/papers/arXiv%3A2402.00001")).body.library).toBeNull();
  });

  it("lists the library: its import, its collection tree, the papers it holds", async () => {
    const { body } = await get<LibraryResponse>("/api/library");
    expect(body).toMatchObject({ source: "zotero", imported: true, readAs: "copy", origin: zotero, items: 7 });
    expect(body.collections.map((c) => [c.key, c.parentKey, c.items, c.papers])).toEqual([
      ["COLLEVAL", null, 1, 1],
      ["COLLBENC", "COLLEVAL", 2, 2],
      ["COLLREAS", "COLLBENC", 1, 1],
      ["COLLMETR", "COLLEVAL", 1, 1],
    ]);
    expect(body.papers.find((p) => p.key === "ARXIVID1")).toEqual({ id: "arxiv:2401.04321", key: "ARXIVID1", collections: ["COLLBENC", "COLLREAS"] });
  });

  it("answers what cites the library that it lacks, and a collection's reading list", async () => {
    const missing = await get<LibraryMissingResponse>("/api/library/missing?min=2&limit=10");
    expect(missing.status).toBe(200);
    expect(missing.body.items.map((i) => i.arxivId).sort()).toEqual(["2001.00009", "2402.00001", "2402.00003"]);
    const list = await get<CollectionReadingListResponse>("/api/library/reading-list?libraryCollection=COLLREAS&limit=5");
    expect(list.status).toBe(200);
    expect(list.body.collection).toEqual({ key: "COLLREAS", name: "Reasoning", path: ["Evaluation", "Benchmarks", "Reasoning"] });
    expect(list.body.seeds.map((s) => s.arxivId)).toEqual(["2401.04321"]);
    expect(list.body.items.length).toBeGreaterThan(0);
    const unknown = await get<{ error: string }>("/api/library/reading-list?libraryCollection=Nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/no collection "Nope"/);
    expect((await get<{ error: string }>("/api/library/missing?min=0")).status).toBe(400);
  });

  it("sees an import that ran while it served", async () => {
    const z = new Database(zotero);
    z.prepare("INSERT INTO deletedItems (itemID) SELECT itemID FROM items WHERE key = 'ARXIVID1'").run();
    z.close();
    expect((await runCli(["import", "zotero", zotero, "--db", db])).code).toBe(0);
    await expect.poll(async () => (await get<PaperDetail>("/api/papers/arXiv%3A2401.04321")).body.library).toBeNull();
    expect((await get<LibraryResponse>("/api/library")).body.papers.map((p) => p.key)).not.toContain("ARXIVID1");
  });
});
