/**
 * Zotero's local API as a source (crawl/zotero-local-api.ts), against a loopback server speaking
 * its paging (`Link` with rel="next", `Total-Results`): every page read, the same records as the
 * file gives (so importing the library one way after the other changes nothing), and the ways
 * it can fail said in one line: the API switched off, nothing listening, a next link leaving the
 * server, a count that does not add up, a version it does not speak, a base that is not loopback.
 */
import { afterAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { createServer } from "node:net";
import { localApiBase, nextLink, readLocalApi } from "../../crawl/zotero-local-api.ts";
import { itemsFromApi } from "../../ingest/sources/zotero-api-json.ts";
import { noneSkipped, zoteroRecords } from "../../ingest/sources/zotero-items.ts";
import { readZoteroFile } from "../../db/zotero-file.ts";
import { buildZoteroDb, sampleLibrary } from "../helpers/zotero-db.ts";
import { apiItem, startFakeZoteroApi } from "../helpers/zotero-api-server.ts";
import { runCli, runJson, tempDir } from "../helpers/cli.ts";
import type { ZoteroImportReport } from "../../library/zotero-import.ts";
import type { PaperDetail } from "../../api/types.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe("reading the local API page by page", () => {
  it("follows the next links to the end, reading what the file reader reads", async () => {
    const api = await startFakeZoteroApi(sampleLibrary());
    try {
      const pages: number[] = [];
      const read = await readLocalApi(api.base, { pageSize: 2, onPage: (what, done) => what === "items" && pages.push(done) });
      // Eight top-level items of the personal library (one a standalone note), two a page.
      expect(api.requests.filter((r) => r.startsWith("/api/users/0/items/top"))).toHaveLength(4);
      expect(pages).toEqual([2, 4, 6, 8]);
      expect(api.requests[1]).toBe("/api/users/0/items/top?format=json&limit=2&start=2");
      expect(read.warnings).toEqual([]);
      expect(read.schemaVersion).toBe(41);
      expect(read.library.skipped).toMatchObject({ notes: 1, deleted: 0 });
      const file = join(tmp.dir, "same.sqlite");
      buildZoteroDb(file, sampleLibrary());
      const fromFile = zoteroRecords(readZoteroFile(file).library);
      const fromApi = zoteroRecords(read.library);
      const pagesOf = (r: typeof fromFile) => Object.fromEntries(r.result.records.map((x) => [x.source, x.contentHash]));
      expect(pagesOf(fromApi)).toEqual(pagesOf(fromFile));
      const byKey = <T extends { key: string }>(xs: T[]) => [...xs].sort((a, b) => a.key.localeCompare(b.key));
      expect(byKey(fromApi.members)).toEqual(byKey(fromFile.members));
      expect(byKey(fromApi.collections)).toEqual(byKey(fromFile.collections));
    } finally {
      await api.close();
    }
  });

  it("imports through the CLI, and the file after it changes nothing", async () => {
    const api = await startFakeZoteroApi(sampleLibrary());
    const db = join(tmp.dir, "api.db");
    try {
      const r = await runCli(["import", "zotero", "--api", api.base, "--db", db, "--json"]);
      expect(r.code).toBe(0);
      const report = JSON.parse(r.stdout) as ZoteroImportReport;
      expect(report).toMatchObject({ readAs: "local-api", origin: `${api.base}/api/users/0/items/top`, modifiedAt: null, items: { read: 7, new: 7 } });
      expect((await runJson<PaperDetail>(["show", "2401.04321", "--db", db])).library?.key).toBe("ARXIVID1");
      const file = join(tmp.dir, "then.sqlite");
      buildZoteroDb(file, sampleLibrary());
      const again = JSON.parse((await runCli(["import", "zotero", file, "--db", db, "--json"])).stdout) as ZoteroImportReport;
      expect(again.items).toMatchObject({ read: 7, new: 0, updated: 0, unchanged: 7, removed: 0 });
      expect(again.membershipChanged).toBe(false);
    } finally {
      await api.close();
    }
  });

  it("says when the API is off, nothing listens, or it speaks another version", async () => {
    const off = await startFakeZoteroApi(sampleLibrary(), { disabled: true });
    await expect(readLocalApi(off.base)).rejects.toThrow(/403 Local API is not enabled: turn on "Allow other applications on this computer to communicate with Zotero"/);
    await off.close();
    const v4 = await startFakeZoteroApi(sampleLibrary(), { apiVersion: "4" });
    await expect(readLocalApi(v4.base)).rejects.toThrow(/speaks version 4; Lineage reads version 3/);
    await v4.close();
    // A port nobody listens on: take one, then free it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const cli = await runCli(["import", "zotero", "--api", `http://127.0.0.1:${port}`, "--db", join(tmp.dir, "none.db")]);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/connection refused; is Zotero running/);
  });

  it("never leaves the loopback server, and says when the count does not add up", async () => {
    const away = await startFakeZoteroApi(sampleLibrary(), { nextLinkOverride: "http://example.org/api/users/0/items/top?start=2" });
    await expect(readLocalApi(away.base, { pageSize: 2 })).rejects.toThrow(/next link leaves http:\/\/127\.0\.0\.1:\d+; not followed/);
    expect(away.requests).toHaveLength(1);
    await away.close();
    const loop = await startFakeZoteroApi(sampleLibrary(), { nextLinkOverride: "/api/users/0/items/top?format=json&limit=2" });
    const looped = await readLocalApi(loop.base, { pageSize: 2 });
    expect(looped.warnings[0]).toMatch(/points back to a page already read/);
    await loop.close();
    const short = await startFakeZoteroApi(sampleLibrary(), { totalResults: 12 });
    expect((await readLocalApi(short.base)).warnings).toContain("the local API reported 12 items (Total-Results) and gave 8");
    await short.close();
    expect(() => localApiBase("http://192.168.1.20:23119")).toThrow(/read on this computer only/);
    expect(() => localApiBase("https://localhost:23119")).toThrow(/read on this computer only/);
    expect(localApiBase("localhost:23119/api/").toString()).toBe("http://localhost:23119/");
  });
});

describe("the API's JSON", () => {
  it("reads the Link header's next URL", () => {
    expect(nextLink('<http://localhost:23119/api/users/0/items?start=2>; rel="next", <http://localhost:23119/api/users/0/items?start=8>; rel="last"')).toBe(
      "http://localhost:23119/api/users/0/items?start=2",
    );
    expect(nextLink('<http://x/a?b=1,2>; rel="last"')).toBeUndefined();
    expect(nextLink(undefined)).toBeUndefined();
  });

  it("passes over trashed items, notes and attachments, and drops a bad object alone", () => {
    const skipped = noneSkipped();
    const page = itemsFromApi(
      [
        apiItem({ key: "GOODITEM", itemType: "journalArticle", fields: { title: "A Good Item" } }),
        apiItem({ key: "TRASHED2", itemType: "journalArticle", fields: { title: "Trashed" }, deleted: true }),
        apiItem({ key: "ATTACH02", itemType: "attachment" }),
        { key: "NODATA01" },
        "not an object",
        { data: { key: "BAD KEY!", itemType: "book" } },
        { data: { key: "NOTYPE01", title: 7 } },
      ],
      skipped,
    );
    expect(page.values.map((i) => i.key)).toEqual(["GOODITEM"]);
    expect(skipped).toMatchObject({ deleted: 1, attachments: 1 });
    expect(page.problems).toEqual(["[3]: no `data` object", "[4]: not an object", "[5]: no item key", "[6]: item NOTYPE01: no itemType"]);
    expect(itemsFromApi({ error: "nope" }, skipped).problems).toEqual(["expected a list of items, found object"]);
  });
});
