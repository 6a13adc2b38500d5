/**
 * Kill -9 during a large ingest (issue 6): the database opens, PRAGMA integrity_check is ok, no
 * page is half ingested (each stored page has every mention an uninterrupted run gives it), the
 * derived tables match the pages, and running the ingest again gives the same graph as a run
 * that was never interrupted. Kills land as the writes begin (the schema's commit in the
 * write-ahead log, not yet checkpointed) and midway through them (uncommitted pages in the log).
 *
 * The ingest stops itself at each point and the test kills it there (test/helpers/paused-writer.ts):
 * a poll of the log's size missed the moment on a loaded machine, since the whole batch is one
 * transaction whose log is written in the last few milliseconds before the ingest closes it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { LineageDb } from "../../db/lineage-db.ts";
import { runCli, tempDir } from "../helpers/cli.ts";
import { spawnPausing, type PauseOptions } from "../helpers/paused-writer.ts";
import { fileSize, mentionsPerPage, renderPages, summarize, type GraphSummary } from "./resilience-fixtures.ts";

const tmp = tempDir();
let pages: string;
let reference: GraphSummary;
let referenceMentions: Map<string, number>;

beforeAll(async () => {
  pages = renderPages(tmp.dir, 1200);
  const ref = join(tmp.dir, "reference.db");
  expect((await runCli(["ingest", pages, "--db", ref])).code).toBe(0);
  reference = summarize(ref);
  referenceMentions = mentionsPerPage(ref);
  expect(reference.pages).toBe(1200);
});
afterAll(() => tmp.cleanup());

/** Starts an ingest that stops itself where `pause` says, and SIGKILLs it there. */
async function killDuringWrites(db: string, pause: PauseOptions, walBytes: number): Promise<void> {
  const ingest = spawnPausing(["ingest", pages, "--db", db], pause);
  await ingest.said(/^paused /);
  // Stopped: the log is as the kill finds it.
  const killedAt = fileSize(`${db}-wal`);
  ingest.child.kill("SIGKILL");
  const { signal } = await ingest.exited;
  expect(signal, "the ingest was killed where it stopped").toBe("SIGKILL");
  expect(killedAt, `the log when the kill landed`).toBeGreaterThan(walBytes);
}

describe("kill -9 during an ingest of 1,200 pages", () => {
  for (const [when, name, pause, walBytes] of [
    ["as its writes begin", "begin", { pause: "wal-over:0" }, 0],
    // A small page cache spills the batch's pages into the log before its commit, as a batch
    // larger than the cache does: the kill finds uncommitted pages there.
    ["midway through its writes", "midway", { pause: "wal-over:1500000", cacheKiB: 1024 }, 1_500_000],
  ] as const) {
    it(`leaves a sound database when killed ${when}, and a re-run gives the uninterrupted graph`, async () => {
      const db = join(tmp.dir, `killed-${name}.db`);
      await killDuringWrites(db, pause, walBytes);

      const conn = LineageDb.open(db);
      try {
        expect(conn.integrityCheck()).toBe("ok");
        const problems = conn.checkHealth().filter((c) => c.status === "problem");
        expect(problems).toEqual([]);
      } finally {
        conn.close();
      }
      for (const [source, n] of mentionsPerPage(db)) expect(n, source).toBe(referenceMentions.get(source));

      const rerun = await runCli(["ingest", pages, "--db", db]);
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(summarize(db)).toEqual(reference);
    });
  }
});
