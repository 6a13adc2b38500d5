/** The HTTP API through a real server on 127.0.0.1 over a database built from the seeds. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { startServer, type RunningServer } from "../../web/server/http-server.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
let server: RunningServer;

beforeAll(async () => {
  const db = join(tmp.dir, "api.db");
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  const dist = join(tmp.dir, "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Lineage</title>");
  writeFileSync(join(dist, "assets", "app.js"), "console.log(1)");
  writeFileSync(join(tmp.dir, "secret.txt"), "do not serve");
  server = await startServer({ dbPath: db, distDir: dist, port: 0 });
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

async function get(path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(server.url + path);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, headers: res.headers };
}

describe("HTTP API", () => {
  it("binds 127.0.0.1 by default", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("serves a paper as `lineage show` gives it, in any reference form", async () => {
    const direct = await get("/api/papers/2306.03100");
    expect(direct.status).toBe(200);
    expect(direct.body).toMatchObject({ id: "arxiv:2306.03100", year: 2023, coverage: { buildsOn: { inGraph: 24, reportedTotal: 57 } } });
    const viaId = await get(`/api/papers/${encodeURIComponent("arxiv:2306.03100")}`);
    expect(viaId.body).toEqual(direct.body);
    const cli = await runCli(["show", "2306.03100", "--db", join(tmp.dir, "api.db"), "--json"]);
    expect(direct.body).toEqual(JSON.parse(cli.stdout));
  });

  it("answers builds-on and built-by with depth, bounded to 3", async () => {
    const r = await get("/api/papers/2407.16711/builds-on?depth=1");
    expect((r.body as { papers: unknown[] }).papers).toHaveLength(51);
    const deep = await get("/api/papers/2203.02155/built-by?depth=2");
    const papers = (deep.body as { papers: { depth: number; arxivId: string }[] }).papers;
    expect(papers.some((p) => p.depth === 2 && p.arxivId === "2407.16711")).toBe(true);
    expect((await get("/api/papers/2407.16711/builds-on?depth=4")).status).toBe(400);
    expect((await get("/api/papers/2407.16711/builds-on?depth=x")).status).toBe(400);
  });

  it("finds shortest and longest paths, and says when there is none", async () => {
    const r = await get("/api/path?from=2407.16711&to=2203.02155");
    const paths = (r.body as { paths: { arxivId: string }[][] }).paths;
    expect(paths.length).toBeGreaterThan(0);
    expect(paths[0]?.map((p) => p.arxivId)).toEqual(["2407.16711", "2306.03100", "2203.02155"]);
    const longest = await get("/api/path?from=2503.05336&to=2203.02155&mode=longest");
    const chain = (longest.body as { paths: { arxivId: string }[][] }).paths[0]?.map((p) => p.arxivId);
    // Two chains of three steps exist (through 2407.16711 or 2310.11986); the shortest is two steps.
    expect(chain).toHaveLength(4);
    expect(chain?.[0]).toBe("2503.05336");
    expect(chain?.slice(2)).toEqual(["2306.03100", "2203.02155"]);
    expect(["2407.16711", "2310.11986"]).toContain(chain?.[1]);
    const shortest = await get("/api/path?from=2503.05336&to=2203.02155");
    expect((shortest.body as { paths: unknown[][] }).paths.every((p) => p.length === 3)).toBe(true);
    expect((await get("/api/path?from=2203.02155&to=2407.16711")).body).toMatchObject({ paths: [] });
    expect((await get("/api/path?from=2203.02155&to=2407.16711&mode=widest")).status).toBe(400);
    expect((await get("/api/path?from=2203.02155")).status).toBe(400);
  });

  it("says which pages assert an edge", async () => {
    const r = await get("/api/edge?from=2310.11986&to=2306.03100");
    expect(r.body).toMatchObject({ citing: "arxiv:2310.11986", cited: "arxiv:2306.03100", exists: true });
    expect((r.body as { assertedBy: { listedUnder: string }[] }).assertedBy.map((a) => a.listedUnder)).toEqual(["builtBy"]);
    expect((await get("/api/edge?from=2310.11986")).status).toBe(400);
  });

  it("searches with typos and ranks the intended paper first", async () => {
    const r = await get("/api/search?q=benchmarks%20as%20microscopse");
    const results = (r.body as { results: { arxivId: string }[] }).results;
    expect(results[0]?.arxivId).toBe("2407.16711");
  });

  it("serves the graph with positions, sizes and colours, filtered on request", async () => {
    const all = (await get("/api/graph")).body as { nodes: { attributes: { x: number; y: number; size: number; color: string; stub: boolean; year: number } }[]; edges: unknown[] };
    expect(all.nodes).toHaveLength(189);
    expect(all.edges).toHaveLength(197);
    for (const n of all.nodes) {
      expect(Number.isFinite(n.attributes.x) && Number.isFinite(n.attributes.y)).toBe(true);
      expect(n.attributes.size).toBeGreaterThan(0);
      expect(n.attributes.color).toMatch(/^#[0-9a-f]{6}/);
    }
    const recent = (await get("/api/graph?minYear=2025&hideStubs=1")).body as typeof all;
    expect(recent.nodes.length).toBeGreaterThan(0);
    expect(recent.nodes.every((n) => n.attributes.year >= 2025 && !n.attributes.stub)).toBe(true);
    const direction = (await get("/api/graph?direction=" + encodeURIComponent("Reasoning benchmarks and evaluation"))).body as typeof all;
    expect(direction.nodes).toHaveLength(1);
    expect((await get("/api/graph?minYear=soon")).status).toBe(400);
  });

  it("answers 404 for unknown papers and 409 with candidates for ambiguous titles", async () => {
    expect((await get("/api/papers/9999.99999")).status).toBe(404);
    const ambiguous = await get("/api/papers/evaluation");
    expect(ambiguous.status).toBe(409);
    expect((ambiguous.body as { candidates: unknown[] }).candidates.length).toBeGreaterThan(1);
    expect((await get("/api/nothing")).status).toBe(404);
  });

  it("treats injection attempts as plain text", async () => {
    const r = await get("/api/search?q=" + encodeURIComponent("'; DROP TABLE papers; --"));
    expect(r.status).toBe(200);
    expect((await get("/api/papers/2306.03100")).status).toBe(200);
    expect((await get("/api/papers/" + encodeURIComponent("1' OR '1'='1"))).status).toBe(404);
  });

  it("rejects oversized parameters and other methods", async () => {
    expect((await get("/api/search?q=" + "a".repeat(600))).status).toBe(400);
    const post = await fetch(server.url + "/api/search?q=x", { method: "POST" });
    expect(post.status).toBe(405);
  });

  it("serves the front end, with a CSP, and nothing outside it", async () => {
    const index = await get("/");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect((await get("/?paper=2306.03100")).status).toBe(200);
    expect((await get("/assets/app.js")).status).toBe(200);
    for (const evil of ["/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd"]) {
      const r = await get(evil);
      expect(r.body).not.toBe("do not serve");
      expect([400, 404, 200]).toContain(r.status);
      if (r.status === 200) expect(r.body).toMatch(/<title>Lineage/);
    }
    expect((await get("/missing.js")).status).toBe(404);
  });

  it("serves a rebuilt front-end file, not the copy it held in memory", async () => {
    const file = join(tmp.dir, "dist", "assets", "app.js");
    expect((await get("/assets/app.js")).body).toBe("console.log(1)");
    writeFileSync(file, "console.log('rebuilt')");
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const r = await get("/assets/app.js");
    expect(r.body).toBe("console.log('rebuilt')");
    expect(r.headers.get("content-length")).toBe(String("console.log('rebuilt')".length));
    expect((await get("/assets")).status).toBe(200);
  });

  it("answers a JSON body with its length in bytes, not characters", async () => {
    // Uncompressed: a gzipped body's length is the compressed one, and fetch hands back the inflated.
    const r = await fetch(server.url + "/api/search?q=" + encodeURIComponent("évaluation ü"), { headers: { "accept-encoding": "identity" } });
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(Number(r.headers.get("content-length"))).toBe(bytes.length);
    expect(JSON.parse(bytes.toString("utf8"))).toMatchObject({ query: "évaluation ü" });
  });
});
