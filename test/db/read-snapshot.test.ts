/**
 * Read snapshots (db/read-snapshot.ts): one snapshot per call, held for a while on a server, and
 * a writer's commits seen once the hold ends or is released.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Database from "better-sqlite3";
import { join } from "node:path";
import { ReadSnapshots } from "../../db/read-snapshot.ts";
import { tempDir } from "../helpers/cli.ts";

let tmp: ReturnType<typeof tempDir>;
let writer: Database.Database;
let reader: Database.Database;

beforeEach(() => {
  tmp = tempDir();
  const file = join(tmp.dir, "snap.db");
  writer = new Database(file);
  writer.pragma("journal_mode = WAL");
  writer.exec("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1);");
  reader = new Database(file, { readonly: true });
});
afterEach(() => {
  reader.close();
  writer.close();
  tmp.cleanup();
});

const count = () => (reader.prepare("SELECT count(*) AS c FROM t").get() as { c: number }).c;
const insert = () => writer.prepare("INSERT INTO t VALUES (2)").run();

describe("ReadSnapshots", () => {
  it("gives the statements of one call the same snapshot, and the next call a new one", () => {
    const reads = new ReadSnapshots(reader);
    const seen = reads.run(() => {
      const first = count();
      insert(); // a commit between two statements of the same call
      return [first, count()];
    });
    expect(seen).toEqual([1, 1]);
    expect(reader.inTransaction).toBe(false);
    expect(reads.run(count)).toBe(2);
  });

  it("holds a snapshot across calls until released", () => {
    const reads = new ReadSnapshots(reader, 60_000);
    expect(reads.run(count)).toBe(1);
    insert();
    expect(reads.run(count)).toBe(1);
    expect(reader.inTransaction).toBe(true);
    reads.release();
    expect(reader.inTransaction).toBe(false);
    expect(reads.run(count)).toBe(2);
    reads.release();
  });

  it("lets a held snapshot go after its time", () => {
    // The hold's timer on a fake clock: its time passes when the test says, not when the machine gets to it.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const reads = new ReadSnapshots(reader, 20);
      expect(reads.run(count)).toBe(1);
      insert();
      vi.advanceTimersByTime(19);
      expect(reader.inTransaction).toBe(true);
      vi.advanceTimersByTime(1);
      expect(reader.inTransaction).toBe(false);
      expect(reads.run(count)).toBe(2);
      reads.release();
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes errors through and leaves no transaction behind", () => {
    const reads = new ReadSnapshots(reader);
    expect(() => reads.run(() => reader.prepare("SELECT * FROM missing").all())).toThrow(/no such table/);
    expect(reader.inTransaction).toBe(false);
    expect(() =>
      reads.run(() => {
        throw new Error("not SQLite");
      }),
    ).toThrow("not SQLite");
    expect(reader.inTransaction).toBe(false);
    expect(reads.run(count)).toBe(1);
  });

  it("joins a transaction the caller opened instead of nesting one", () => {
    const reads = new ReadSnapshots(reader);
    reader.exec("BEGIN");
    expect(reads.run(count)).toBe(1);
    expect(reader.inTransaction).toBe(true);
    reader.exec("COMMIT");
  });
});
