/**
 * Work the server starts but does not do itself: building a bundled collection, and (issue 19)
 * adding and expanding papers. Each job is a `lineage` command in a child process, run with
 * `--progress`, which prints one JSON line per step on stderr (library/progress.ts); the server
 * keeps the last one for the explorer's progress bar. A job writes through its own connection in
 * one transaction per batch, so the live graph (library/graph-session.ts) shows it when it
 * commits; cancelling one stops its process (SIGTERM), which loses at most its uncommitted batch.
 * One job per collection at a time; finished jobs are kept, the newest per collection.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { EndpointError } from "../../api/endpoint-error.ts";
import type { JobSummary, ProgressReport } from "../../api/types.ts";

/** How to run `lineage`: the executable and the arguments before the command (e.g. node and the bin). */
export type LineageCommand = readonly string[];

export interface JobRequest {
  kind: JobSummary["kind"];
  collection: string;
  title: string;
  /** The `lineage` arguments (the command and its options, `--progress` is added). */
  args: string[];
}

interface Job {
  summary: JobSummary;
  child?: ChildProcess;
  startedMs: number;
  stderrTail: string;
}

export class Jobs {
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;

  constructor(
    private readonly command: LineageCommand,
    private readonly cwd: string,
  ) {}

  start(request: JobRequest): JobSummary {
    const running = [...this.jobs.values()].find((j) => j.summary.collection === request.collection && j.summary.state === "running");
    // Asked for while another runs on the same collection: refused with the reason.
    if (running) throw new EndpointError(`${running.summary.title} is already running (job ${running.summary.id})`, 409);
    const [exe, ...pre] = this.command;
    if (!exe) throw new Error("jobs: no lineage command to run");
    const job: Job = {
      summary: {
        id: this.nextId++,
        kind: request.kind,
        collection: request.collection,
        title: request.title,
        state: "running",
        progress: null,
        startedAt: new Date().toISOString(),
        finishedAt: null,
        elapsedSeconds: 0,
        error: null,
      },
      startedMs: performance.now(),
      stderrTail: "",
    };
    const child = spawn(exe, [...pre, ...request.args, "--progress"], { cwd: this.cwd, stdio: ["ignore", "ignore", "pipe"] });
    job.child = child;
    let pending = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      pending += chunk;
      let newline = pending.indexOf("\n");
      while (newline >= 0) {
        this.line(job, pending.slice(0, newline));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf("\n");
      }
    });
    child.once("error", (err) => this.finish(job, "failed", `could not start lineage: ${err.message}`));
    child.once("exit", (code, signal) => {
      if (pending) this.line(job, pending);
      if (job.summary.state !== "running") return;
      if (code === 0) this.finish(job, "done", null);
      else this.finish(job, "failed", lastError(job.stderrTail) ?? `lineage exited ${code ?? signal}`);
    });
    this.forgetOldJobs(request.collection);
    this.jobs.set(job.summary.id, job);
    return this.view(job);
  }

  get(id: number): JobSummary | undefined {
    const job = this.jobs.get(id);
    return job && this.view(job);
  }

  /** The running job of a collection, else the last one that ran. */
  latest(collection: string): JobSummary | null {
    const mine = [...this.jobs.values()].filter((j) => j.summary.collection === collection);
    const job = mine.find((j) => j.summary.state === "running") ?? mine.at(-1);
    return job ? this.view(job) : null;
  }

  cancel(id: number): JobSummary | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (job.summary.state === "running") {
      job.child?.kill("SIGTERM");
      this.finish(job, "cancelled", null);
    }
    return this.view(job);
  }

  /** Stops every running job (the server is stopping). */
  close(): void {
    for (const job of this.jobs.values()) if (job.summary.state === "running") this.cancel(job.summary.id);
  }

  private line(job: Job, text: string): void {
    const line = text.trim();
    if (!line) return;
    if (line.startsWith('{"progress"')) {
      try {
        job.summary.progress = (JSON.parse(line) as { progress: ProgressReport }).progress;
        return;
      } catch {
        // Not a progress line after all: kept with the rest.
      }
    }
    job.stderrTail = (job.stderrTail + line + "\n").slice(-4000);
  }

  private finish(job: Job, state: JobSummary["state"], error: string | null): void {
    job.summary.state = state;
    job.summary.error = error;
    job.summary.finishedAt = new Date().toISOString();
    job.summary.elapsedSeconds = Math.round((performance.now() - job.startedMs) / 1000);
  }

  private view(job: Job): JobSummary {
    const elapsed = job.summary.state === "running" ? Math.round((performance.now() - job.startedMs) / 1000) : job.summary.elapsedSeconds;
    return { ...job.summary, elapsedSeconds: elapsed };
  }

  private forgetOldJobs(collection: string): void {
    for (const [id, job] of this.jobs) if (job.summary.collection === collection && job.summary.state !== "running") this.jobs.delete(id);
  }
}

/** The last "lineage: …" line a failed command printed: its reason. */
function lastError(tail: string): string | undefined {
  const lines = tail
    .trim()
    .split("\n")
    .filter((l) => l.startsWith("lineage:"));
  return lines
    .at(-1)
    ?.replace(/^lineage:\s*/, "")
    .slice(0, 300);
}
