/**
 * Long requests (issue 17, item 5) go to a worker thread one at a time: the answer is the main
 * thread's answer, identical requests share one computation, and past the queue's length or a
 * request's longest wait the request is refused at once (503 through HTTP) with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { LineageApi } from "../../web/server/api.ts";
import { Busy, LongRequests } from "../../web/server/long-requests.ts";
import { readEndpoint } from "../../api/endpoints.ts";
import type { CollectionReadRequest } from "../../library/read-answers.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const db = join(tmp.dir, "seeds.db");

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
}, 60_000);
afterAll(() => tmp.cleanup());

const PATH = "/api/papers/2407.16711/builds-on";
/** A collection read as the dispatcher reads it. */
const request = (path: string, search: string) => readEndpoint(path, new URLSearchParams(search)) as CollectionReadRequest;

describe("long requests", () => {
  it("are answered by the worker as the main thread answers them", async () => {
    const long = new LongRequests();
    try {
      const answer = await long.answer(db, request(PATH, "depth=3"), "a");
      const reader = LineageDb.open(db, { readonly: true });
      try {
        const here = new LineageApi(reader, new LineageGraph(reader)).handle(PATH, new URLSearchParams("depth=3"));
        expect(answer.status).toBe(here.status);
        expect(JSON.parse(answer.json.toString("utf8"))).toEqual(here.body);
      } finally {
        reader.close();
      }
      expect(answer.gzip?.length).toBeGreaterThan(0);
      const unknown = await long.answer(db, request("/api/papers/no-such-paper/builds-on", "depth=2"), "b");
      expect(unknown.status).toBe(404);
    } finally {
      await long.close();
    }
  });

  it("share one computation between identical requests", async () => {
    const long = new LongRequests();
    try {
      const [a, b, c] = await Promise.all([long.answer(db, request(PATH, "depth=2"), "same"), long.answer(db, request(PATH, "depth=2"), "same"), long.answer(db, request(PATH, "depth=3"), "other")]);
      expect(a?.json.equals(b?.json ?? Buffer.alloc(0))).toBe(true);
      expect(c?.json.equals(a?.json ?? Buffer.alloc(0))).toBe(false);
      expect(long.tasksStarted).toBe(2);
    } finally {
      await long.close();
    }
  });

  it("refuse a request when the queue is full, or when it waited too long", async () => {
    let clock = 0;
    const long = new LongRequests({ maxQueued: 1, maxWaitMs: 1000, now: () => clock });
    try {
      const running = long.answer(db, request(PATH, "depth=2"), "1");
      const waiting = long.answer(db, request(PATH, "depth=3"), "2");
      await expect(long.answer(db, request(PATH, "depth=1"), "3")).rejects.toBeInstanceOf(Busy);
      // The second waits behind the first past its longest wait: refused, not answered late.
      clock = 5000;
      await expect(running).resolves.toMatchObject({ status: 200 });
      await expect(waiting).rejects.toThrow(/waited more than 1 s/);
      expect(long.tasksStarted).toBe(1);
    } finally {
      await long.close();
    }
  });
});
