/**
 * `lineage` (the real bin) in a child process that stops at a chosen point of its SQLite writes
 * (test/helpers/sqlite-pause-hook.ts) and says so: the test waits for that line, not for a poll to
 * catch a moment, then kills the child there or lets it go on.
 */
import { spawn, type ChildProcess } from "node:child_process";
import Database from "better-sqlite3";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { BIN, ROOT } from "../../bench/server-process.ts";

const HOOK = join(ROOT, "test/helpers/sqlite-pause-hook.ts");

export type PausePoint = `wal-over:${number}` | "before-commit" | "before-first-write";

export interface PauseOptions {
  /** Where the child stops itself (at most once); nowhere when left out. */
  pause?: PausePoint;
  /** A page cache this small makes a large transaction spill pages into the log before its commit. */
  cacheKiB?: number;
  /** Say "waiting for the write lock" when asking for it while another connection holds it. */
  announceLockWait?: boolean;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface PausingChild {
  child: ChildProcess;
  /** Resolves with the next line the hook writes that matches, or rejects when the child exits first. */
  said(line: RegExp): Promise<string>;
  /** The child's stdout and stderr, and how it ended. */
  exited: Promise<Exit>;
  /** Lets a stopped child go on (told before it stops, it goes straight on). */
  resume(): void;
}

/** Whether another connection holds the write lock of the database at `path` now (a probe that never waits). */
export function writeLockHeld(path: string): boolean {
  const probe = new Database(path, { timeout: 0 });
  try {
    probe.exec("BEGIN IMMEDIATE");
    probe.exec("ROLLBACK");
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === "SQLITE_BUSY") return true;
    throw err;
  } finally {
    probe.close();
  }
}

/** Starts `lineage ARGS...` with the pause hook loaded. */
export function spawnPausing(args: string[], options: PauseOptions = {}): PausingChild {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (options.pause) env.LINEAGE_TEST_PAUSE = options.pause;
  if (options.cacheKiB) env.LINEAGE_TEST_CACHE_KIB = String(options.cacheKiB);
  if (options.announceLockWait) env.LINEAGE_TEST_ANNOUNCE_LOCK_WAIT = "1";
  const child = spawn(process.execPath, ["--import", "tsx", "--import", HOOK, BIN, ...args], { cwd: ROOT, env, stdio: ["pipe", "pipe", "pipe", "pipe"] });
  // A line sent to a child that has ended meanwhile is lost, not an error of the test process.
  child.stdin?.on("error", () => undefined);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<Exit>((done) => child.once("exit", (code, signal) => done({ code, signal, stdout, stderr })));

  const lines: string[] = [];
  const waiters: { line: RegExp; done: (l: string) => void }[] = [];
  let partial = "";
  (child.stdio[3] as Readable).on("data", (c: Buffer) => {
    partial += c.toString();
    const complete = partial.split("\n");
    partial = complete.pop() ?? "";
    for (const l of complete) {
      const waiter = waiters.findIndex((w) => w.line.test(l));
      if (waiter >= 0) waiters.splice(waiter, 1)[0]?.done(l);
      else lines.push(l);
    }
  });

  return {
    child,
    exited,
    said(line) {
      const seen = lines.findIndex((l) => line.test(l));
      if (seen >= 0) return Promise.resolve(lines.splice(seen, 1)[0] ?? "");
      return new Promise((done, fail) => {
        waiters.push({ line, done });
        void exited.then((e) => fail(new Error(`lineage ${args.join(" ")} ended (${e.signal ?? `exit ${e.code}`}) before saying ${line}:\n${e.stderr}`)));
      });
    },
    resume: () => void child.stdin?.write("go\n"),
  };
}
