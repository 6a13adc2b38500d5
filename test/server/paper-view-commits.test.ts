/**
 * A paper view through a running server after another process commits a change that leaves the
 * papers and citations as they were (a page about the paper re-ingested with new content): the
 * server answers from the new commit, though the graph stands and paper views are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, type RunningServer } from "../../web/server/http-server.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const pages = join(tmp.dir, "pages");
const dbPath = join(tmp.dir, "lineage.db");
const PAPER = "arxiv:2407.16711";
let server: RunningServer;

interface View {
  sources: { source: string; role: string; contentHash: string }[];
}

beforeAll(async () => {
  cpSync(SEEDS, pages, { recursive: true });
  expect((await runCli(["ingest", pages, "--db", dbPath])).code).toBe(0);
  const dist = join(tmp.dir, "dist");
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Lineage</title>");
  server = await startServer({ dbPath, distDir: dist, port: 0 });
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

async function view(): Promise<View> {
  const res = await fetch(`${server.url}/api/papers/${encodeURIComponent(PAPER)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as View;
}

describe("a paper view after a commit elsewhere", () => {
  it("shows the page as the commit left it, not as the graph's first view saw it", async () => {
    const before = await view();
    const own = before.sources.find((s) => s.role === "self");
    if (!own) throw new Error(`${PAPER} has no page of its own`);
    // Asked twice, the view is the same (kept, or read again from the same commit).
    expect(await view()).toEqual(before);
    const graphBefore = await (await fetch(`${server.url}/api/stats`)).json();
    appendFileSync(own.source, "\n\nA line added later.\n");
    expect((await runCli(["ingest", pages, "--db", dbPath])).code).toBe(0);
    await expect.poll(async () => (await view()).sources.find((s) => s.role === "self" && s.source === own.source)?.contentHash).not.toBe(own.contentHash);
    // The same papers and citations as before the commit.
    expect(await (await fetch(`${server.url}/api/stats`)).json()).toEqual(graphBefore);
  });
});
