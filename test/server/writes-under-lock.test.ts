/**
 * A write elsewhere never stalls the server (issue 29): while another process holds the served
 * database's write lock (a real `lineage ingest`, stopped by itself just before its commit,
 * test/helpers/paused-writer.ts) for longer than a connection's busy timeout, a saved list's PUT
 * waits on the server's writer thread, not on its main thread: cheap reads answer all the while,
 * and once the other process commits, the save succeeds and both writes are there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "../../db/connection.ts";
import type { RunningServer } from "../../web/server/http-server.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";
import { spawnPausing, writeLockHeld, type PausingChild } from "../helpers/paused-writer.ts";

const tmp = tempDir();
const db = join(tmp.dir, "served.db");
let server: RunningServer;
let writer: PausingChild | undefined;

/** Invented Markdown pages for the other process to write. */
function pages(count: number): string {
  const dir = join(tmp.dir, "more");
  mkdirSync(dir);
  for (let n = 0; n < count; n++) {
    const id = `2409.8${String(n).padStart(4, "0")}`;
    writeFileSync(
      join(dir, `${n}.md`),
      [
        `# Invented Paper Written Beside the Server ${n}`,
        "",
        `arXiv: https://arxiv.org/abs/${id} · HTML: https://arxiv.org/html/${id}`,
        "",
        "## Abstract",
        "",
        `We invent paper ${n} to hold a lock.`,
      ].join("\n"),
    );
  }
  return dir;
}

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
});
afterAll(async () => {
  if (writer && writer.child.exitCode === null && writer.child.signalCode === null) writer.child.kill("SIGKILL");
  await server.close();
  tmp.cleanup();
});

const writeLocked = () => writeLockHeld(db);

describe("a list save while another process holds the write lock", () => {
  it("waits off the main thread, cheap reads answer meanwhile, and it succeeds once the lock is free", async () => {
    writer = spawnPausing(["ingest", pages(20), "--db", db], { pause: "before-commit" });
    await writer.said(/^paused before-commit /);
    expect(writeLocked(), "the other process holds the write lock").toBe(true);

    let saved: Response | undefined;
    const save = fetch(`${server.url}/api/lists/${encodeURIComponent("Saved beside a writer")}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items: [{ ref: "2306.03100", reason: "kept" }] }),
    }).then((r) => (saved = r));

    // Past a connection's whole busy timeout with the lock held: every cheap read answers, the save waits.
    const until = Date.now() + BUSY_TIMEOUT_MS + 1000;
    let reads = 0;
    while (Date.now() < until) {
      const stats = await fetch(`${server.url}/api/stats`);
      expect(stats.status).toBe(200);
      const paper = await fetch(`${server.url}/api/papers/2306.03100`);
      expect(paper.status).toBe(200);
      reads += 2;
      expect(saved, "the save waits for the lock").toBeUndefined();
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(reads).toBeGreaterThan(2);
    expect(writeLocked(), "still held").toBe(true);

    writer.resume();
    const answer = await save;
    expect(answer.status, await answer.clone().text()).toBe(201);
    expect(((await answer.json()) as { items: { ref: string }[] }).items.map((i) => i.ref)).toEqual(["arXiv:2306.03100"]);
    const exited = await writer.exited;
    expect(exited.code, exited.stderr).toBe(0);

    const list = await fetch(`${server.url}/api/lists/${encodeURIComponent("Saved beside a writer")}`);
    expect(list.status).toBe(200);
    const conn = new Database(db, { readonly: true });
    try {
      expect(conn.prepare("SELECT count(*) FROM pages WHERE source LIKE '%/more/%'").pluck().get()).toBe(20);
    } finally {
      conn.close();
    }
  });
});
