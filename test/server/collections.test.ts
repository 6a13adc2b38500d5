/**
 * A server of several collections (issue 18): each API request names its collection, a
 * collection without a database says what fills it and answers 503, a bundled one is built by a
 * job of the server (a `lineage` process reporting its progress), and is served once it is there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startServer, type RunningServer } from "../../web/server/http-server.ts";
import type { CollectionSummary, JobSummary } from "../../api/types.ts";
import { ROOT, runCli, SEEDS, tempDir } from "../helpers/cli.ts";
import { httpRequest } from "./http-get.ts";

const tmp = tempDir();
let server: RunningServer;
const seedsDb = join(tmp.dir, "seeds.db");
const builtDb = join(tmp.dir, "built.db");
const aanDb = join(tmp.dir, "aan.db");

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", seedsDb])).code).toBe(0);
  server = await startServer({
    collections: [
      { name: "seeds", title: "Seed pages", dbPath: seedsDb },
      { name: "built", title: "Built here", dbPath: builtDb, build: ["ingest", SEEDS] },
      { name: "aan", title: "ACL Anthology Network", dbPath: aanDb, build: ["import", "aan", join(ROOT, "data/aan")] },
    ],
    distDir: join(tmp.dir, "dist"),
    port: 0,
    lineageCommand: [process.execPath, join(ROOT, "scripts/lineage-bin.mjs")],
    jobsDir: ROOT,
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

const origin = () => ({ origin: server.url, host: new URL(server.url).host, "content-type": "application/json" });
const collections = async () => (await httpRequest(server.url + "/api/collections")).json() as CollectionSummary[];

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  // A safety net against hanging, not an assertion: a build takes seconds, more on a loaded machine.
  for (let k = 0; k < 1200; k++) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe("collections", () => {
  it("say what each holds, and what fills an empty one", async () => {
    const [seeds, built] = await collections();
    expect(seeds).toMatchObject({ name: "seeds", status: "ready", buildable: false, job: null });
    expect(seeds?.papers).toBeGreaterThan(100);
    expect(seeds?.graphVersion).toMatch(/^[0-9a-f]{40}$/);
    expect(built).toMatchObject({ name: "built", status: "missing", papers: 0, buildable: true, graphVersion: null });
    expect(built?.fill[0]).toBe(`lineage ingest ${SEEDS} --db ${builtDb}`);
  });

  it("answer the collection a request names, the first by default", async () => {
    const byDefault = (await httpRequest(server.url + "/api/stats")).json() as { papers: number };
    const named = (await httpRequest(server.url + "/api/stats?collection=seeds")).json() as { papers: number };
    expect(named).toEqual(byDefault);
    const missing = await httpRequest(server.url + "/api/stats?collection=built");
    expect(missing.status).toBe(503);
    expect(missing.text).toMatch(/has no database yet/);
    const unknown = await httpRequest(server.url + "/api/stats?collection=nowhere");
    expect(unknown.status).toBe(404);
  });

  it("build on request, with progress, and are served once built", async () => {
    const refused = await httpRequest(server.url + "/api/collections/built/build", { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(refused.status).toBe(403);
    const start = await httpRequest(server.url + "/api/collections/built/build", { method: "POST", headers: origin() });
    expect(start.status).toBe(202);
    const job = start.json() as JobSummary;
    expect(job).toMatchObject({ kind: "build", collection: "built", state: "running" });
    const again = await httpRequest(server.url + "/api/collections/built/build", { method: "POST", headers: origin() });
    expect([202, 409]).toContain(again.status);
    const finished = await until(
      async () => (await httpRequest(`${server.url}/api/jobs/${job.id}`)).json() as JobSummary,
      (j) => j.state !== "running",
      "the build",
    );
    expect(finished).toMatchObject({ state: "done", error: null });
    expect(finished.progress?.step).toBe("index");
    const built = await until(collections, (cs) => cs[1]?.status === "ready", "the built collection to be served");
    expect(built[1]?.papers).toBe(built[0]?.papers);
    const stats = (await httpRequest(server.url + "/api/stats?collection=built")).json() as { papers: number };
    expect(stats.papers).toBe(built[0]?.papers);
  }, 120_000);

  it("stop a build that is cancelled, and say so", async () => {
    const start = await httpRequest(server.url + "/api/collections/aan/build", { method: "POST", headers: origin() });
    const job = start.json() as JobSummary;
    await until(
      async () => (await httpRequest(`${server.url}/api/jobs/${job.id}`)).json() as JobSummary,
      (j) => j.progress !== null,
      "the build's first progress",
    );
    const cancelled = await httpRequest(`${server.url}/api/jobs/${job.id}`, { method: "DELETE", headers: origin() });
    expect(cancelled.json()).toMatchObject({ id: job.id, state: "cancelled" });
    const summary = (await collections()).find((c) => c.name === "aan");
    expect(summary?.job?.state).toBe("cancelled");
    // The import writes in one transaction: a cancelled build leaves no graph behind.
    expect(summary?.papers ?? 0).toBe(0);
    expect(existsSync(aanDb) ? summary?.status : "missing").not.toBe("ready");
  }, 120_000);
});
