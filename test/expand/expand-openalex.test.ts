/**
 * `lineage expand` and `add` against the OpenAlex replay: a work, the works it references
 * (looked up by `ids.openalex`) and the works citing it (cursor paging, every page); the source
 * implied by an OpenAlex W…; the key (LINEAGE_OPENALEX_API_KEY or --api-key) sent as `api_key`
 * with every request, and an address as `mailto` when one is given, both kept out of the cache and
 * the report; a Semantic Scholar key sent as its header, and kept out the same way.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import Database from "better-sqlite3";
import { runCli, tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import { World, worldDoi } from "../sources/api-world.ts";
import { worldRecordings } from "../sources/api-replay.ts";
import { FAST, runReport, useReplay } from "./replay-env.ts";

const world = new World({ papers: 12, outsideCiters: (k) => (k === 6 ? 250 : 0) });
const replay = useReplay(() => worldRecordings(world), { openAlexKeys: ["invented-openalex-key"] });
const tmp = tempDir();
afterAll(() => tmp.cleanup());
afterEach(() => {
  delete process.env.LINEAGE_MAILTO;
  delete process.env.LINEAGE_OPENALEX_API_KEY;
  delete process.env.LINEAGE_S2_API_KEY;
});

const expand = (db: string, ...args: string[]) => runReport<ExpandReport>(db, ["expand", ...args]);
const since = (n: number) => replay().requests.slice(n);

function cachedUrls(db: string): string[] {
  const conn = new Database(db, { readonly: true });
  try {
    return (conn.prepare("SELECT url FROM fetches ORDER BY url").all() as { url: string }[]).map((r) => r.url);
  } finally {
    conn.close();
  }
}

describe("lineage expand from OpenAlex", () => {
  it("takes a W… as OpenAlex's, and stores the work with what it references and what cites it", async () => {
    const p = world.paper(9);
    const db = join(tmp.dir, "oa.db");
    const from = replay().requests.length;
    const { code, report } = await expand(db, p.workId);
    expect(code).toBe(0);
    expect(report.expansion.source).toBe("openalex");
    expect(report.papers[0]).toMatchObject({ apiId: p.workId, state: "fetched", page: `${replay().openAlexBase}/works/${p.workId}` });
    expect(report.graph.edges).toBe(p.refs.length + world.citersOf(9).length);
    expect(since(from).map((r) => [r.path, r.query.filter ?? null, r.query.cursor ?? null])).toEqual([
      [`/openalex/works/${p.workId}`, null, null],
      ["/openalex/works", `ids.openalex:${p.refs.map((r) => world.paper(r).workId).join("|")}`, null],
      ["/openalex/works", `cites:${p.workId}`, "*"],
    ]);
    const cites = JSON.parse((await runCli(["built-by", worldDoi(9), "--db", db, "--json"])).stdout) as { doi: string | null }[];
    expect(cites.map((c) => c.doi).sort()).toEqual(world.citersOf(9).map(worldDoi).sort());
  });

  it("follows next_cursor through every page of citing works, past what one page holds", async () => {
    const p = world.paper(6);
    const from = replay().requests.length;
    const { code, report } = await expand(join(tmp.dir, "cursor.db"), p.workId);
    expect(code).toBe(0);
    const pages = since(from).filter((r) => r.query.filter === `cites:${p.workId}`);
    expect(pages.map((r) => r.query.cursor === "*")).toEqual([true, false, false]);
    expect(report.cuts).toEqual([]);
    expect(report.graph.edges).toBe(p.refs.length + world.citersOf(6).length + 250);
  });

  it("asks for a paper known by its arXiv ID through its arXiv DOI", async () => {
    const p = world.paper(8);
    const { code, report } = await runReport<ExpandReport>(join(tmp.dir, "arxiv.db"), ["add", `arXiv:${p.arxiv}`, "--source", "openalex"]);
    expect(code).toBe(0);
    expect(report.papers[0]).toMatchObject({ apiId: `https://doi.org/10.48550/arXiv.${p.arxiv}`, state: "fetched", page: `${replay().openAlexBase}/works/${p.workId}#record` });
    expect(report.graph).toMatchObject({ papers: 1, edges: 0 });
    expect(report.network.requests).toBe(1);
  });

  it("sends the key as api_key with every request (and an address as mailto), and keeps both out of the cache and the report", async () => {
    process.env.LINEAGE_MAILTO = "reader@example.org";
    process.env.LINEAGE_OPENALEX_API_KEY = "invented-openalex-key";
    const db = join(tmp.dir, "polite.db");
    const from = replay().requests.length;
    const r = await runCli(["expand", world.paper(4).workId, ...FAST, "--db", db, "--json"]);
    expect(r.code).toBe(0);
    const sent = since(from);
    expect(sent.length).toBeGreaterThan(0);
    for (const q of sent) expect(q.query).toMatchObject({ mailto: "reader@example.org", api_key: "invented-openalex-key" });
    expect(r.stdout).not.toMatch(/reader@example\.org|invented-openalex-key/);
    const urls = cachedUrls(db);
    expect(urls.length).toBe(sent.length);
    for (const u of urls) expect(u).not.toMatch(/mailto|api_key/);

    const flag = replay().requests.length;
    expect((await runCli(["add", world.paper(5).workId, ...FAST, "--mailto", "other@example.org", "--db", db])).code).toBe(0);
    expect(since(flag)[0]?.query.mailto).toBe("other@example.org");
    expect((await runCli(["add", world.paper(5).workId, "--mailto", "not an address", "--db", db])).code).toBe(2);

    delete process.env.LINEAGE_OPENALEX_API_KEY;
    const given = replay().requests.length;
    const byFlag = await runCli(["add", world.paper(7).workId, ...FAST, "--api-key", "invented-openalex-key", "--db", db, "--json"]);
    expect(byFlag.code).toBe(0);
    expect(since(given).map((q) => q.query.api_key)).toEqual(["invented-openalex-key"]);
    expect(byFlag.stdout + byFlag.stderr).not.toContain("invented-openalex-key");
    expect((await runCli(["add", world.paper(7).workId, "--api-key", "two words", "--db", db])).code).toBe(2);
  });
});

describe("a Semantic Scholar key", () => {
  it("is sent as x-api-key, and kept out of the cache and the report", async () => {
    process.env.LINEAGE_S2_API_KEY = "invented-s2-key";
    const db = join(tmp.dir, "s2key.db");
    const from = replay().requests.length;
    const r = await runCli(["add", worldDoi(3), ...FAST, "--db", db, "--json"]);
    expect(r.code).toBe(0);
    expect(since(from).map((q) => q.headers["x-api-key"])).toEqual(["invented-s2-key"]);
    expect(r.stdout).not.toContain("invented-s2-key");
    for (const u of cachedUrls(db)) expect(u).not.toContain("invented-s2-key");
  });
});
