/**
 * Hostile input against the HTTP server (issue 6), sent as raw HTTP so no client normalises it:
 * SQL injection attempts in every parameter of every GET endpoint, path traversal in every
 * spelling, oversized URLs, parameters and headers. Every answer is a well-formed JSON (or text)
 * error or a normal answer, never a 500 or a database message; the database is unchanged; nothing
 * outside the static root is served; every page carries the Content-Security-Policy.
 * (Hostile titles shown as text in the browser: test/browser/explorer.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { startServer, type RunningServer } from "../../web/server/http-server.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";
import { summarize } from "./resilience-fixtures.ts";

const tmp = tempDir();
const db = join(tmp.dir, "hostile.db");
const SECRET = "top secret: never served";
let server: RunningServer;
let port = 0;

beforeAll(async () => {
  // Every seed page goes in: a refusal or an adapter's internal error would be named here.
  const ingest = await runCli(["ingest", SEEDS, "--db", db, "--json"]);
  expect((JSON.parse(ingest.stdout) as { errors: unknown[] }).errors).toEqual([]);
  expect(ingest.code).toBe(0);
  const dist = join(tmp.dir, "site", "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Lineage</title>");
  writeFileSync(join(dist, "assets", "app.js"), "console.log(1)");
  writeFileSync(join(tmp.dir, "site", "secret.txt"), SECRET);
  writeFileSync(join(tmp.dir, "secret.txt"), SECRET);
  server = await startServer({ dbPath: db, distDir: dist, port: 0 });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.close();
  tmp.cleanup();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET with the path sent byte for byte as given. */
function raw(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

const INJECTIONS = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  "'; DROP TABLE papers; --",
  '"; DELETE FROM edges; --',
  "1; ATTACH DATABASE '/tmp/x.db' AS x; --",
  "') UNION SELECT sql, sql, sql FROM sqlite_master --",
  "arxiv:2306.03100' --",
  "%' OR title LIKE '%",
  "1)) OR ((1=1",
  "0x27",
  "\\'; SELECT load_extension('x'); --",
  "`id`",
  "$(rm -rf /)",
  "<script>alert(1)</script>",
  "\u0000",
  "🙂' OR 1 --",
];

const enc = encodeURIComponent;
const PAPER = enc("arxiv:2306.03100");

/** Every GET parameter of the API, each with the payload in it and sensible values elsewhere. */
function targets(x: string): string[] {
  const v = enc(x);
  return [
    `/api/papers/${v}`,
    `/api/papers/${v}/builds-on`,
    `/api/papers/${v}/built-by?depth=2`,
    `/api/papers/${v}/similar`,
    `/api/papers/${PAPER}/builds-on?depth=${v}`,
    `/api/papers/${PAPER}/similar?limit=${v}`,
    `/api/search?q=${v}`,
    `/api/search?q=metrology&limit=${v}`,
    `/api/path?from=${v}&to=${PAPER}`,
    `/api/path?from=${PAPER}&to=${v}`,
    `/api/path?from=${PAPER}&to=${PAPER}&mode=${v}`,
    `/api/edge?from=${v}&to=${PAPER}`,
    `/api/edge?from=${PAPER}&to=${v}`,
    `/api/main-path?seed=${v}`,
    `/api/main-path?seed=${PAPER}&direction=${v}`,
    `/api/main-path?keyRoute=${v}`,
    `/api/reading-list?seed=${v}`,
    `/api/reading-list?seed=${PAPER}&direction=${v}`,
    `/api/reading-list?seed=${PAPER}&limit=${v}`,
    `/api/reading-list?seed=${PAPER}&includeSeeds=${v}`,
    `/api/graph?direction=${v}`,
    `/api/graph?minYear=${v}`,
    `/api/graph?maxYear=${v}`,
    `/api/graph?hideStubs=${v}`,
    `/api/lists/${v}`,
    `/api/${v}`,
    `/api/stats?${v}=${v}`,
  ];
}

function expectClean(path: string, r: Answer): void {
  expect([200, 400, 404, 409], `${path} → ${r.status} ${r.body.slice(0, 200)}`).toContain(r.status);
  expect(r.body, path).not.toMatch(/SQLITE_|syntax error|no such (table|column)|at \w+ \(.*\.ts:\d+/);
  if (String(r.headers["content-type"]).startsWith("application/json")) expect(() => JSON.parse(r.body), path).not.toThrow();
  if (r.status !== 200) expect((JSON.parse(r.body) as { error?: unknown }).error, path).toEqual(expect.any(String));
}

describe("hostile input", () => {
  it("treats SQL injection in every parameter as text, and leaves the database as it was", async () => {
    const before = summarize(db);
    let sent = 0;
    for (const x of INJECTIONS) {
      for (const path of targets(x)) {
        expectClean(path, await raw(path));
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(summarize(db)).toEqual(before);
    expect((await raw("/api/papers/2306.03100")).status).toBe(200);
  });

  it("serves nothing outside the static root, whatever the spelling of ..", async () => {
    const evil = [
      "/../secret.txt",
      "/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2e%2e/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/..%2f..%2fsecret.txt",
      "/assets/../../secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/assets/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/%252e%252e/secret.txt",
      "/..%5csecret.txt",
      "/..\\secret.txt",
      "/....//secret.txt",
      "/%00/../secret.txt",
      "/secret.txt%00.html",
      "//secret.txt",
      "/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/..%c0%afsecret.txt",
      "/assets/%2e%2e/index.html/../../secret.txt",
    ];
    for (const path of evil) {
      const r = await raw(path);
      expect(r.body, path).not.toContain(SECRET);
      expect(r.body, path).not.toMatch(/root:x:0:0/);
      expect([200, 400, 404], `${path} → ${r.status}`).toContain(r.status);
      if (r.status === 200) expect(r.body, path).toMatch(/<title>Lineage/);
    }
  });

  it("rejects oversized URLs, parameters, references and headers", async () => {
    expect((await raw("/api/search?q=" + "a".repeat(5000))).status).toBe(414);
    expect((await raw("/" + "a".repeat(5000))).status).toBe(414);
    expect((await raw("/api/search?q=" + "a".repeat(600))).status).toBe(400);
    expect((await raw("/api/papers/" + "a".repeat(600))).status).toBe(400);
    expect((await raw(`/api/search?q=x&${"k".repeat(60)}=1`)).status).toBe(400);
    expect((await raw("/api/search?q=x&" + Array.from({ length: 400 }, (_, i) => `p${i}=x`).join("&"))).status).toBe(200);
    expect((await raw("/api/papers/" + PAPER + "/builds-on?depth=99999999999")).status).toBe(400);
    expect((await raw("/api/main-path?" + Array.from({ length: 30 }, () => `seed=${PAPER}`).join("&"))).status).toBe(400);
    const big = await raw("/api/stats", { "x-padding": "p".repeat(20_000) });
    expect(big.status).toBe(431);
    // The server still answers.
    expect((await raw("/api/stats")).status).toBe(200);
  });

  it("sends a Content-Security-Policy that forbids inline and foreign script with every page", async () => {
    for (const path of ["/", "/?paper=2306.03100", "/some/client/route", "/api/stats", "/api/papers/nothing"]) {
      const r = await raw(path);
      const csp = String(r.headers["content-security-policy"] ?? "");
      expect(csp, path).toMatch(/default-src 'self'/);
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(csp, path).toMatch(/object-src 'none'/);
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp, path).toMatch(/base-uri 'none'/);
      expect(csp, path).not.toMatch(/unsafe-eval/);
      expect(r.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });
});
