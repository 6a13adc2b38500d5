/**
 * Kill -9 during a large ingest (issue 6): the database opens, PRAGMA integrity_check is ok, no
 * page is half ingested (each stored page has every mention an uninterrupted run gives it), the
 * derived tables match the pages, and running the ingest again gives the same graph as a run
 * that was never interrupted. Kills land early in the writes and midway through them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { LineageDb } from "../../db/lineage-db.ts";
import { runCli, tempDir } from "../helpers/cli.ts";
import { exited, fileSize, mentionsPerPage, renderPages, spawnIngest, summarize, type GraphSummary } from "./resilience-fixtures.ts";

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
}, 120_000);
afterAll(() => tmp.cleanup());

/** Starts an ingest and SIGKILLs it once its write-ahead log has grown past `walBytes`. */
async function killDuringWrites(db: string, walBytes: number): Promise<void> {
  const child = spawnIngest(db, [pages]);
  const done = exited(child);
  let killedAt = -1;
  while (child.exitCode === null && child.signalCode === null) {
    const wal = fileSize(`${db}-wal`);
    if (wal > walBytes) {
      child.kill("SIGKILL");
      killedAt = wal;
      break;
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  const { signal } = await done;
  expect(signal, `the ingest finished before its log reached ${walBytes} bytes`).toBe("SIGKILL");
  expect(killedAt).toBeGreaterThan(walBytes);
}

describe("kill -9 during an ingest of 1,200 pages", () => {
  for (const [when, walBytes] of [
    ["as its writes begin", 0],
    ["midway through its writes", 1_500_000],
  ] as const) {
    it(`leaves a sound database when killed ${when}, and a re-run gives the uninterrupted graph`, async () => {
      const db = join(tmp.dir, `killed-${walBytes}.db`);
      await killDuringWrites(db, walBytes);

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
    }, 60_000);
  }
});
