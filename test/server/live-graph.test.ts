/**
 * The live graph (issue 19): a server answering while `lineage ingest` writes into its database
 * shows the new papers once the ingest commits, without a restart, and no request fails during
 * the switch: each answer is of the graph before or after, whole.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { RunningServer } from "../../web/server/http-server.ts";
import type { CollectionSummary, GraphPayload } from "../../api/types.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { ROOT, runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const db = join(tmp.dir, "live.db");
const pages = join(tmp.dir, "pages");
let server: RunningServer;
const [first, ...others] = readdirSync(SEEDS).sort();

beforeAll(async () => {
  mkdirSync(pages);
  copyFileSync(join(SEEDS, first ?? ""), join(pages, first ?? ""));
  expect((await runCli(["ingest", pages, "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
}, 60_000);
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

function ingestRest(): Promise<number> {
  for (const f of others) copyFileSync(join(SEEDS, f), join(pages, f));
  const child = spawn(process.execPath, [join(ROOT, "scripts/lineage-bin.mjs"), "ingest", pages, "--db", db], { stdio: "ignore" });
  return new Promise((done) => child.once("exit", (code) => done(code ?? -1)));
}

describe("a live graph", () => {
  it("shows an ingest into the served database once it commits, and fails no request meanwhile", async () => {
    const graphOf = async () => (await (await fetch(server.url + "/api/graph")).json()) as GraphPayload;
    const before = await graphOf();
    const version = async () => ((await (await fetch(server.url + "/api/collections")).json()) as CollectionSummary[])[0]?.graphVersion;
    const versionBefore = await version();
    let writing = true;
    const statuses: number[] = [];
    const sizes = new Set<number>();
    const reader = (async () => {
      while (writing) {
        for (const path of ["/api/stats", "/api/graph", "/api/papers/2407.16711", "/api/search?q=benchmark"]) {
          const r = await fetch(server.url + path);
          statuses.push(r.status);
          const body = (await r.json()) as { nodes?: unknown[] };
          if (body.nodes) sizes.add(body.nodes.length);
        }
      }
    })();
    expect(await ingestRest()).toBe(0);
    // Safety net against hanging, not an assertion on time: the server looks every 250 ms.
    let after = await graphOf();
    for (let k = 0; k < 600 && after.nodes.length === before.nodes.length; k++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await graphOf();
    }
    writing = false;
    await reader;
    expect(after.nodes.length).toBeGreaterThan(before.nodes.length);
    expect(await version()).not.toBe(versionBefore);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Every graph answered was whole: the one before the ingest, or the one after it.
    expect([...sizes].every((n) => n === before.nodes.length || n === after.nodes.length)).toBe(true);
    // The new papers come with their stored positions (the layout is written with the graph).
    expect(after.attributes.layoutStale).toBe(false);
  }, 120_000);
});
