/**
 * An expansion killed mid-way (SIGKILL: no chance to clean up) and run again resumes: the same
 * command finishes it, no answer the API gave is asked for again (each came from the fetch
 * cache), and the map it leaves is the one an uninterrupted run leaves. The replay answers a
 * fixed number of requests and then holds the rest; the test waits until those answers are in
 * the database's fetch cache, then kills the process.
 */
import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { ROOT, tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import { World, worldDoi } from "../sources/api-world.ts";
import { worldRecordings } from "../sources/api-replay.ts";
import { FAST, runReport, useReplay } from "./replay-env.ts";

const ANSWER_FIRST = 8;
const world = new World({ papers: 20 });
const replay = useReplay(() => worldRecordings(world));
const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** Rows of a query on the database, read-only (none before it exists or is migrated). */
function rows(db: string, sql: string): unknown[] {
  if (!existsSync(db)) return [];
  try {
    const conn = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return conn.prepare(sql).all();
    } finally {
      conn.close();
    }
  } catch {
    return [];
  }
}

const count = (db: string, sql: string) => (rows(db, sql)[0] as { n: number } | undefined)?.n ?? 0;

async function until(check: () => boolean, what: string, ms = 40_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("an interrupted expansion", () => {
  it("resumes after kill -9 with no answer asked for twice, and leaves the map an uninterrupted run leaves", async () => {
    const db = join(tmp.dir, "killed.db");
    const args = ["expand", worldDoi(16), "--depth", "2", "--max-papers", "6"];
    replay().hold(() => replay().answered() >= ANSWER_FIRST);
    const child = spawn(process.execPath, [join(ROOT, "scripts/lineage-bin.mjs"), ...args, ...FAST, "--db", db], { cwd: ROOT, stdio: "ignore" });
    const exited = new Promise<{ code: number | null; signal: string | null }>((done) => child.on("exit", (code, signal) => done({ code, signal })));
    await until(
      () => count(db, "SELECT count(*) AS n FROM fetches WHERE body_hash IS NOT NULL") >= ANSWER_FIRST && replay().requests.some((r) => !r.answered),
      "the first answers to be cached and the next request held",
    );
    child.kill("SIGKILL");
    expect(await exited).toEqual({ code: null, signal: "SIGKILL" });
    // Killed mid-way: the expansion is unfinished, with papers still queued.
    expect(count(db, "SELECT count(*) AS n FROM expansions WHERE finished_at IS NULL")).toBe(1);
    expect(count(db, "SELECT count(*) AS n FROM expansion_papers WHERE state = 'queued'")).toBeGreaterThan(0);
    // Past depth 1: the neighbours were chosen and kept, so the resumed run does not choose again.
    const chosen = rows(db, "SELECT api_id FROM expansion_papers WHERE level = 1 ORDER BY seq");
    expect(chosen).toHaveLength(5);

    replay().release();
    const { code, report } = await runReport<ExpandReport>(db, args);
    expect(code).toBe(0);
    expect(report.expansion).toMatchObject({ resumed: true, finished: true });
    expect(report.papers.filter((p) => p.state === "fetched")).toHaveLength(6);
    expect(report.papers.filter((p) => p.level === 1).map((p) => ({ api_id: p.apiId }))).toEqual(chosen);
    expect(report.network.fromCache).toBeGreaterThan(0);
    const answered = replay()
      .requests.filter((r) => r.answered)
      .map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`);
    expect(answered.length).toBeGreaterThan(ANSWER_FIRST);
    expect(new Set(answered).size).toBe(answered.length);

    const fresh = join(tmp.dir, "uninterrupted.db");
    const straight = await runReport<ExpandReport>(fresh, args);
    expect(straight.code).toBe(0);
    expect(straight.report.papers.map((p) => p.paper)).toEqual(report.papers.map((p) => p.paper));
    const map = (path: string) => ({
      papers: rows(path, "SELECT id, title, year, stub FROM papers ORDER BY id"),
      edges: rows(path, "SELECT citing, cited FROM edges ORDER BY citing, cited"),
    });
    expect(map(db)).toEqual(map(fresh));
    expect(map(db).edges.length).toBeGreaterThan(10);
  });
});
