/**
 * `lineage fetch s2|openalex ID` against a local server replaying the recorded API exchanges in
 * test/fixtures/sources (never the network): paging followed through `next`, unrecorded endpoints
 * reported as warnings, the fetch cache reused, one page stored per paper.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli, tempDir } from "../helpers/cli.ts";
import { USER_AGENT } from "../../crawl/fetcher.ts";
import { loadCassette, startReplay, type ReplayServer } from "./replay-server.ts";

interface FetchReport {
  source: string;
  records: { imported: number; new: number; unchanged: number; failed: number };
  papers: number;
  edges: number;
  warnings: { path: string; warning: string }[];
  errors: { path: string; reason: string }[];
  requests: { url: string; status?: number; via?: string; reason?: string }[];
}

const FIX = join(ROOT, "test/fixtures/sources");
const tmp = tempDir();
let s2: ReplayServer;
let openalex: ReplayServer;
const saved = { s2: process.env.LINEAGE_S2_API, oa: process.env.LINEAGE_OPENALEX_API };

beforeAll(async () => {
  const paper = readFileSync(join(FIX, "s2/paper-with-references-and-citations.json"), "utf8");
  s2 = await startReplay(
    [...loadCassette(join(FIX, "s2/cassette-references-in-two-pages.yaml")), ...loadCassette(join(FIX, "s2/cassette-citations-by-corpus-id.yaml"))],
    // A saved full paper record served as the answer to GET /paper/{id}, as S2 clients' tests do.
    { "/graph/v1/paper/5e1f0c3a9d7b2e8f4a6c1d0b9e8f7a6b5c4d3e2f": paper },
  );
  openalex = await startReplay(loadCassette(join(FIX, "openalex/cassette-work-by-doi.yaml")));
  process.env.LINEAGE_S2_API = `${s2.origin}/graph/v1`;
  process.env.LINEAGE_OPENALEX_API = openalex.origin;
});
afterAll(async () => {
  process.env.LINEAGE_S2_API = saved.s2;
  process.env.LINEAGE_OPENALEX_API = saved.oa;
  if (saved.s2 === undefined) delete process.env.LINEAGE_S2_API;
  if (saved.oa === undefined) delete process.env.LINEAGE_OPENALEX_API;
  await s2.close();
  await openalex.close();
  tmp.cleanup();
});

async function fetchJson(db: string, ...args: string[]): Promise<{ code: number; report: FetchReport }> {
  const r = await runCli(["fetch", ...args, "--rate", "200", "--retries", "0", "--db", db, "--json"]);
  return { code: r.code, report: JSON.parse(r.stdout) as FetchReport };
}

describe("lineage fetch s2", () => {
  const db = join(tmp.dir, "s2.db");

  it("follows a reference list's paging through `next` and stores one page", async () => {
    const { code, report } = await fetchJson(db, "s2", "10.5555/wp.2013.0417");
    expect(code).toBe(0);
    expect(report.source).toBe(`${s2.origin}/graph/v1/paper/10.5555/wp.2013.0417`);
    expect(report.records.imported).toBe(1);
    expect(report.edges).toBe(67);
    const lists = s2.requests.filter((r) => r.path.endsWith("/references"));
    expect(lists.map((r) => r.offset)).toEqual(["0", "50"]);
    // The paper record and the citations were not recorded: said, not fatal.
    expect(report.warnings.map((w) => w.warning)).toEqual(
      expect.arrayContaining([expect.stringMatching(/paper\/10\.5555\/wp\.2013\.0417\?fields=.*: HTTP 404/), expect.stringMatching(/citations\?.*: HTTP 404/)]),
    );
  });

  it("uses the fetch cache the second time: no request reaches the server", async () => {
    const before = s2.requests.length;
    const { report } = await fetchJson(db, "s2", "10.5555/wp.2013.0417");
    expect(s2.requests.length - before).toBe(2); // the two 404s are not cached
    expect(report.requests.filter((r) => r.via === "cache")).toHaveLength(2);
    expect(report.records).toMatchObject({ imported: 1, unchanged: 1 });
  });

  it("reads a full paper record with its embedded lists when the list endpoints have nothing", async () => {
    const { code, report } = await fetchJson(db, "s2", "5e1f0c3a9d7b2e8f4a6c1d0b9e8f7a6b5c4d3e2f");
    expect(code).toBe(0);
    expect(report.edges).toBe(67 + 14 + 300);
  });

  it("pages through 6 recorded pages of citations, then says why it cannot store them", async () => {
    const { code, report } = await fetchJson(join(tmp.dir, "corpus.db"), "s2", "CorpusID:90417117");
    expect(code).toBe(1);
    expect(s2.requests.filter((r) => r.path.endsWith("CorpusID:90417117/citations"))).toHaveLength(6);
    expect(report.errors[0]?.reason).toMatch(/^CorpusID:90417117: known here only by its Semantic Scholar corpus ID/);
  });

  it("fails with a clear reason for a paper the API does not know", async () => {
    const { code, report } = await fetchJson(join(tmp.dir, "none.db"), "s2", "DOI:10.9999/none");
    expect(code).toBe(1);
    expect(report.errors[0]?.reason).toMatch(/^no such paper on Semantic Scholar, or it could not be fetched \(HTTP 404 Not Found\)/);
  });

  it("rejects an unknown API with a usage error", async () => {
    expect((await runCli(["fetch", "crossref", "10.1/x", "--db", join(tmp.dir, "x.db")])).code).toBe(2);
  });
});

describe("lineage fetch openalex", () => {
  it("fetches a work by DOI URL and reports the references it could not look up", async () => {
    const { code, report } = await fetchJson(join(tmp.dir, "oa.db"), "openalex", "https://doi.org/10.5555/sigdata.2021.1386");
    expect(code).toBe(0);
    expect(report.records.imported).toBe(1);
    expect(report.papers).toBe(1);
    expect(report.warnings.map((w) => w.warning)).toEqual(
      expect.arrayContaining(["49 referenced works could not be looked up", expect.stringMatching(/^49 of 49 referenced works are known only by their OpenAlex ID/)]),
    );
    // One request for the work, one per 50 referenced works.
    expect(openalex.requests.map((r) => r.path)).toEqual(["/works/https://doi.org/10.5555/sigdata.2021.1386", "/works"]);
  });
});

describe("API requests", () => {
  it("identify Lineage and ask for JSON", async () => {
    const seen: Record<string, string | undefined>[] = [];
    const { createServer } = await import("node:http");
    const server = createServer((req, res) => {
      seen.push({ ua: req.headers["user-agent"], accept: req.headers.accept });
      res.writeHead(404, { "content-type": "application/json" });
      res.end("{}");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const port = (server.address() as { port: number }).port;
    process.env.LINEAGE_S2_API = `http://127.0.0.1:${port}/graph/v1`;
    try {
      await fetchJson(join(tmp.dir, "ua.db"), "s2", "ARXIV:2306.03100");
    } finally {
      process.env.LINEAGE_S2_API = `${s2.origin}/graph/v1`;
      await new Promise<void>((done) => server.close(() => done()));
    }
    expect(seen.length).toBe(3);
    for (const h of seen) expect(h).toEqual({ ua: USER_AGENT, accept: "application/json" });
  });
});
