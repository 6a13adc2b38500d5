/**
 * Growing a map through the server (issue 19), over HTTP against a real server whose jobs run the
 * real `lineage` bin, pointed at the API replay of an invented literature (never the network): an
 * offline server refuses network jobs with how to go online, and says so on `/api/online`; a REF
 * that is not an identifier, an unknown list, a depth or size out of bounds is a 400 or 404 with
 * the reason; add, expand and a watch check run as jobs and land in the served map without a
 * restart; the watch state and citation contexts are read through the library layer; findings
 * are added (a job) or dismissed (at once); a cancelled expand's process is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, type RunningServer } from "../../web/server/http-server.ts";
import { OFFLINE_REASON } from "../../web/server/grow-routes.ts";
import { keylessNote } from "../../crawl/api-access.ts";
import type { CitationContextsResponse, CollectionSummary, JobSummary, ListWatchState, OnlineStatus, PaperDetail } from "../../api/types.ts";
import { ROOT, runCli, tempDir } from "../helpers/cli.ts";
import { httpRequest, type Answer } from "../server/http-get.ts";
import { defaultRefs, World, worldDoi } from "../sources/api-world.ts";
import { worldRecordings } from "../sources/api-replay.ts";
import { FAST, useReplay } from "../expand/replay-env.ts";

// Paper 20 cites list paper 5 but nothing the first expansion stores cites or is cited by it.
const refs = (k: number) => (k === 20 ? [5] : defaultRefs(k).filter((r) => r < 12));
const world = new World({ papers: 20, refs });
const replay = useReplay(() => worldRecordings(world));
const tmp = tempDir();
const db = join(tmp.dir, "grow.db");
let online: RunningServer;
let offline: RunningServer;

const serverOptions = (onlineFlag: boolean) => ({
  collections: [{ name: "grow", title: "Grown here", dbPath: db }],
  distDir: join(tmp.dir, "dist"),
  port: 0,
  lineageCommand: [process.execPath, join(ROOT, "scripts/lineage-bin.mjs")],
  jobsDir: ROOT,
  online: onlineFlag,
});

beforeAll(async () => {
  expect((await runCli(["expand", worldDoi(3), ...FAST, "--db", db])).code).toBe(0);
  expect((await runCli(["lists", "add", "Reading", worldDoi(3), worldDoi(5), "--db", db])).code).toBe(0);
  online = await startServer(serverOptions(true));
  offline = await startServer(serverOptions(false));
}, 120_000);
afterAll(async () => {
  await online?.close();
  await offline?.close();
  tmp.cleanup();
});

const sameOrigin = (server: RunningServer) => ({ origin: server.url, host: new URL(server.url).host, "content-type": "application/json" });
const post = (server: RunningServer, action: string, body: unknown, headers: Record<string, string> = sameOrigin(server)): Promise<Answer> =>
  httpRequest(`${server.url}/api/collections/grow/${action}`, { method: "POST", headers, body: JSON.stringify(body) });
const getJson = async <T>(path: string): Promise<T> => (await httpRequest(online.url + path)).json() as T;

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  // A safety net against hanging, not an assertion on time: jobs ask the replay at 1 request a second.
  for (let k = 0; k < 1800; k++) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function started(answer: Answer): Promise<JobSummary> {
  expect(answer.status, answer.text).toBe(202);
  return answer.json() as JobSummary;
}

const ended = (job: JobSummary) =>
  until(
    () => getJson<JobSummary>(`/api/jobs/${job.id}`),
    (j) => j.state !== "running",
    `job ${job.id} (${job.title})`,
  );

/** The pids of processes whose command line names `path` (the jobs' `--db`). */
function processesUsing(path: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").includes(path)) pids.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return pids;
}

describe("an offline server", () => {
  it("says it is offline, and how to go online", async () => {
    const status = (await httpRequest(offline.url + "/api/online")).json() as OnlineStatus;
    expect(status).toEqual({ online: false, hosts: [new URL(replay().origin).host], reason: OFFLINE_REASON, keyless: [] });
    // Online without keys: what that means for each API, said before a job spends anything.
    const up = (await httpRequest(online.url + "/api/online")).json() as OnlineStatus;
    expect(up).toMatchObject({ online: true, reason: null });
    expect(up.keyless).toEqual([
      { source: "s2", note: keylessNote("s2", {}) },
      { source: "openalex", note: keylessNote("openalex", {}) },
    ]);
  });

  it("refuses every network job with a 403 and that reason, asking nothing of the API", async () => {
    const asked = replay().requests.length;
    for (const [action, body] of [
      ["add", { ref: worldDoi(9) }],
      ["expand", { ref: worldDoi(3), depth: 1 }],
      ["watch", { list: "Reading" }],
      ["watch/add", { list: "Reading", findings: [world.paper(20).paperId] }],
    ] as const) {
      const r = await post(offline, action, body);
      expect(r.status, action).toBe(403);
      expect((r.json() as { error: string }).error).toBe(OFFLINE_REASON);
    }
    expect(replay().requests.length).toBe(asked);
  });
});

describe("grow requests that cannot run", () => {
  it("are refused with the reason: not an identifier, out of bounds, unknown list, cross-site", async () => {
    const cases: [string, unknown, number, RegExp][] = [
      ["add", { ref: "attention is all you need" }, 400, /is not an identifier lineage add reads/],
      ["add", { ref: "--db=/tmp/elsewhere.db" }, 400, /is not an identifier/],
      ["add", { ref: "" }, 400, /ref must be a non-empty string/],
      ["add", { ref: 42 }, 400, /ref must be a non-empty string/],
      ["add", ["10.5555/x"], 400, /must be a JSON object/],
      ["expand", { ref: "A Title No Paper Has", depth: 1 }, 400, /neither an identifier an API reads nor a paper of this map/],
      ["expand", { ref: worldDoi(3), depth: 3 }, 400, /depth must be 1 or 2/],
      ["expand", { ref: worldDoi(3), depth: 2, maxPapers: 100_000 }, 400, /maxPapers must be a whole number from 1 to 500/],
      ["expand", { ref: worldDoi(3), list: "Reading", depth: 1 }, 400, /not both/],
      ["expand", { list: "Nowhere", depth: 1 }, 404, /no list named/],
      ["watch", { list: "Nowhere" }, 404, /no list named/],
      ["watch/dismiss", { list: "Reading", findings: ["not-an-id"] }, 400, /a Semantic Scholar paperId or an OpenAlex W/],
    ];
    for (const [action, body, status, reason] of cases) {
      const r = await post(online, action, body);
      expect([action, r.status], JSON.stringify(body)).toEqual([action, status]);
      expect((r.json() as { error: string }).error).toMatch(reason);
    }
    const crossSite = await post(online, "add", { ref: worldDoi(9) }, { ...sameOrigin(online), "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const notJson = await httpRequest(`${online.url}/api/collections/grow/add`, { method: "POST", headers: { ...sameOrigin(online), "content-type": "text/plain" }, body: "x" });
    expect(notJson.status).toBe(415);
    expect((await httpRequest(`${online.url}/api/collections/grow/add`)).status).toBe(405);
    expect((await post(online, "nowhere", {})).status).toBe(405);
  });
});

describe("grow jobs", () => {
  it("add a paper by DOI, which the served map then holds without a restart", async () => {
    expect((await httpRequest(`${online.url}/api/papers/${encodeURIComponent(worldDoi(9))}`)).status).toBe(404);
    const job = await started(await post(online, "add", { ref: worldDoi(9) }));
    expect(job).toMatchObject({ kind: "add", collection: "grow", state: "running", title: `Adding ${worldDoi(9)}` });
    expect((await ended(job)).state).toBe("done");
    const paper = await until(
      () => httpRequest(`${online.url}/api/papers/${encodeURIComponent(worldDoi(9))}`),
      (r) => r.status === 200,
      "the added paper",
    );
    expect((paper.json() as PaperDetail).title).toBe(world.paper(9).title);
    const [summary] = (await httpRequest(online.url + "/api/collections")).json() as CollectionSummary[];
    expect(summary?.job).toMatchObject({ id: job.id, state: "done" });
  });

  it("expand a paper the map holds, named by its title, its references and citations landing in the map", async () => {
    const before = (await getJson<{ papers: number }>("/api/stats")).papers;
    const job = await started(await post(online, "expand", { ref: world.paper(9).title, depth: 1 }));
    expect(job.title).toBe(`Expanding “${world.paper(9).title}” (depth 1)`);
    const done = await ended(job);
    expect(done).toMatchObject({ state: "done", error: null });
    expect(done.progress?.step).toBe("fetch");
    // Paper 9 cites 8, 7 and 4; 10, 11 and 18 cite it: 8, 10, 11 and 18 were not in the map.
    await until(
      () => getJson<{ papers: number }>("/api/stats"),
      (s) => s.papers >= before + 4,
      "the expansion in the served graph",
    );
    for (const k of [8, 10, 11, 18]) expect((await httpRequest(`${online.url}/api/papers/${encodeURIComponent(worldDoi(k))}`)).status, `paper ${k}`).toBe(200);
  });

  it("give a paper's citation contexts: intents, influence and the citing sentences, as the source says", async () => {
    const answer = await getJson<CitationContextsResponse>(`/api/papers/${encodeURIComponent(worldDoi(9))}/citations?direction=builtBy`);
    expect(answer.direction).toBe("builtBy");
    const ten = answer.citations.find((c) => c.doi === worldDoi(10));
    expect(ten).toMatchObject({ intents: world.citation(10, 9).intents, isInfluential: world.citation(10, 9).isInfluential, contexts: world.citation(10, 9).contexts });
    const limited = await getJson<CitationContextsResponse>(`/api/papers/${encodeURIComponent(worldDoi(9))}/citations?direction=builtBy&limit=1`);
    expect(limited).toMatchObject({ truncated: true });
    expect(limited.citations).toHaveLength(1);
    expect((await httpRequest(`${online.url}/api/papers/nowhere-at-all/citations`)).status).toBe(404);
    expect((await httpRequest(`${online.url}/api/papers/${encodeURIComponent(worldDoi(9))}/citations?direction=sideways`)).status).toBe(400);
  });

  it("check a list for new papers, then add one finding (a job) and dismiss another (at once)", async () => {
    const unchecked = await getJson<ListWatchState>("/api/lists/Reading/watch");
    expect(unchecked).toMatchObject({ list: "Reading", watched: false, lastCheckedAt: null, findings: [] });
    const check = await started(await post(online, "watch", { list: "Reading" }));
    expect(check).toMatchObject({ kind: "watch", title: "Checking “Reading” for new papers" });
    expect((await ended(check)).state).toBe("done");
    const state = await getJson<ListWatchState>("/api/lists/Reading/watch");
    expect(state.watched).toBe(true);
    expect(state.lastCheckedAt).not.toBeNull();
    const twenty = state.findings.find((f) => f.doi === worldDoi(20));
    expect(twenty).toMatchObject({ state: "new", newInLastCheck: true, title: world.paper(20).title, date: world.paper(20).date });
    expect(twenty?.cites.map((c) => c.ref)).toEqual([worldDoi(5)]);
    const other = state.findings.find((f) => f.state === "new" && f.doi !== worldDoi(20));
    expect(other).toBeDefined();

    const unknown = await post(online, "watch/dismiss", { list: "Reading", findings: ["W99999999"] });
    expect(unknown.status).toBe(404);
    const dismissed = await post(online, "watch/dismiss", { list: "Reading", findings: [other?.id] });
    expect(dismissed.status).toBe(200);
    expect((dismissed.json() as ListWatchState).findings.find((f) => f.id === other?.id)?.state).toBe("dismissed");
    // Dismissing is local: an offline server does it too.
    expect((await post(offline, "watch/dismiss", { list: "Reading", findings: [other?.id] })).status).toBe(200);

    const add = await started(await post(online, "watch/add", { list: "Reading", findings: [twenty?.id] }));
    expect((await ended(add)).state).toBe("done");
    expect((await getJson<ListWatchState>("/api/lists/Reading/watch")).findings.find((f) => f.id === twenty?.id)?.state).toBe("added");
    const citing = await until(
      () => getJson<{ papers: { doi: string | null }[] }>(`/api/papers/${encodeURIComponent(worldDoi(5))}/built-by?depth=1`).catch(() => ({ papers: [] })),
      (r) => (r.papers ?? []).some((p) => p.doi === worldDoi(20)),
      "paper 20 citing paper 5 in the served map",
    );
    expect(citing.papers.some((p) => p.doi === worldDoi(20))).toBe(true);
  });

  it("stop when cancelled: the expand's process is gone and its held request never answered", async () => {
    replay().hold(() => true);
    const from = replay().requests.length;
    const job = await started(await post(online, "expand", { ref: worldDoi(15), depth: 2, maxPapers: 20 }));
    expect((await post(online, "add", { ref: worldDoi(16) })).status).toBe(409);
    await until(
      async () => replay().requests.length,
      (n) => n > from,
      "the expand's first request",
    );
    expect(processesUsing(db).length).toBeGreaterThan(0);
    const cancelled = await httpRequest(`${online.url}/api/jobs/${job.id}`, { method: "DELETE", headers: sameOrigin(online) });
    expect(cancelled.json()).toMatchObject({ id: job.id, state: "cancelled" });
    await until(
      async () => processesUsing(db),
      (pids) => pids.length === 0,
      "the cancelled job's process to exit",
    );
    replay().release();
    expect(
      replay()
        .requests.slice(from)
        .every((r) => !r.answered),
    ).toBe(true);
    expect((await httpRequest(`${online.url}/api/papers/${encodeURIComponent(worldDoi(15))}`)).status).toBe(404);
    // The collection is free for the next job.
    const next = await started(await post(online, "add", { ref: worldDoi(15) }));
    expect((await ended(next)).state).toBe("done");
  });
});
