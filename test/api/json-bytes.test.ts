/**
 * Answers carry text that is not ASCII (file names, titles), and an ASCII answer is written as
 * latin1 (web/server/http-server.ts): through a real server, every answer's Content-Length must
 * be its length in bytes, and its bytes the right UTF-8.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import type { RunningServer } from "../../web/server/http-server.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
let server: RunningServer;
const TITLE = "BERTScore: Évaluer la génération de texte avec BERT 🧪";

beforeAll(async () => {
  const pages = join(tmp.dir, "pages");
  mkdirSync(pages);
  // A page whose file name and one reference's title are not ASCII: the paper view lists the
  // page by its path, and the builds-on answer lists the paper by that title.
  const original = readFileSync(join(SEEDS, "000_f241d60728b6496d.txt"), "utf8");
  expect(original).toContain("[BERTScore: Evaluating Text Generation with BERT]");
  writeFileSync(join(pages, "seite-ü.md"), original.replace("[BERTScore: Evaluating Text Generation with BERT]", `[${TITLE}]`));
  copyFileSync(join(SEEDS, "001_6addfd9615ccb217.txt"), join(pages, "other.txt"));
  const db = join(tmp.dir, "bytes.db");
  expect((await runCli(["ingest", pages, "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

/** GET without Accept-Encoding (fetch would ask for gzip and measure the compressed body). */
function getBytes(path: string): Promise<{ text: string; bytes: Buffer; length: number }> {
  return new Promise((ok, fail) => {
    get(server.url + path, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        expect(res.statusCode, path).toBe(200);
        expect(res.headers["content-encoding"], path).toBeUndefined();
        const bytes = Buffer.concat(chunks);
        ok({ text: bytes.toString("utf8"), bytes, length: Number(res.headers["content-length"]) });
      });
    }).on("error", fail);
  });
}

describe("JSON answers in bytes", () => {
  it("gives the byte length of answers that are not ASCII, made anew and spliced from kept briefs", async () => {
    for (const path of ["/api/papers/2306.03100/builds-on?depth=1", "/api/papers/2306.03100"]) {
      const first = await getBytes(path);
      const again = await getBytes(path);
      expect(first.length, path).toBe(first.bytes.length);
      expect(again.bytes.equals(first.bytes), path).toBe(true);
      expect(first.text.length, path).toBeLessThan(first.bytes.length);
    }
    const papers = JSON.parse((await getBytes("/api/papers/2306.03100/builds-on?depth=1")).text) as { papers: { title: string }[] };
    expect(papers.papers.map((p) => p.title)).toContain(TITLE);
    const view = JSON.parse((await getBytes("/api/papers/2306.03100")).text) as { sources: { source: string }[] };
    expect(view.sources.some((s) => s.source.endsWith("seite-ü.md"))).toBe(true);
  });

  it("gives the byte length of ASCII answers", async () => {
    // Not a path through 2306.03100: its briefs name the page that reported its count, seite-ü.md.
    const r = await getBytes("/api/stats");
    expect(r.length).toBe(r.bytes.length);
    expect(r.text.length).toBe(r.bytes.length);
    expect((JSON.parse(r.text) as { papers: number }).papers).toBeGreaterThan(0);
  });
});
