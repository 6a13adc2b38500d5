/**
 * Papers keep their places (issue 25): a served map that an ingest grows answers, once the ingest
 * commits, with the papers it already had where they were (each moves less than a small share of
 * the map's extent), the new papers beside the papers they are linked to, the communities under
 * their old numbers, and every position the same on a second read (the layout is stored, not
 * recomputed per request).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { RunningServer } from "../../web/server/http-server.ts";
import type { GraphPayload } from "../../api/types.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { ROOT, runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const db = join(tmp.dir, "stable.db");
const pages = join(tmp.dir, "pages");
let server: RunningServer;
const seeds = readdirSync(SEEDS).sort();
// The last seed page arrives in a second ingest.
const later = seeds.slice(-1);
const first = seeds.slice(0, -1);

beforeAll(async () => {
  mkdirSync(pages);
  for (const f of first) copyFileSync(join(SEEDS, f), join(pages, f));
  expect((await runCli(["ingest", pages, "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
}, 60_000);
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

function ingestLater(): Promise<number> {
  for (const f of later) copyFileSync(join(SEEDS, f), join(pages, f));
  const child = spawn(process.execPath, [join(ROOT, "scripts/lineage-bin.mjs"), "ingest", pages, "--db", db], { stdio: "ignore" });
  return new Promise((done) => child.once("exit", (code) => done(code ?? -1)));
}

type Positions = Map<string, { x: number; y: number; community: number }>;

function positions(graph: GraphPayload): Positions {
  return new Map(graph.nodes.map((n) => [n.key, { x: n.attributes.x ?? NaN, y: n.attributes.y ?? NaN, community: n.attributes.community ?? -1 }]));
}

/** The larger side of the box holding every position. */
function extentOf(p: Positions): number {
  const xs = [...p.values()].map((v) => v.x);
  const ys = [...p.values()].map((v) => v.y);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

describe("a served map that grows", () => {
  it("keeps its papers where they were and puts new papers beside their neighbours", async () => {
    const graphOf = async () => (await (await fetch(server.url + "/api/graph")).json()) as GraphPayload;
    const before = await graphOf();
    expect(await ingestLater()).toBe(0);
    // Safety net against hanging, not an assertion on time: the server looks every 250 ms.
    let after = await graphOf();
    for (let k = 0; k < 600 && after.nodes.length === before.nodes.length; k++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await graphOf();
    }
    expect(after.nodes.length).toBeGreaterThan(before.nodes.length);
    expect(after.attributes.layoutStale).toBe(false);

    const old = positions(before);
    const now = positions(after);
    const extent = extentOf(old);
    expect(extent).toBeGreaterThan(0);
    const moves = [...old].filter(([id]) => now.has(id)).map(([id, p]) => Math.hypot((now.get(id)?.x ?? NaN) - p.x, (now.get(id)?.y ?? NaN) - p.y) / extent);
    expect(moves.length).toBeGreaterThan(100);
    moves.sort((a, b) => a - b);
    const median = moves[moves.length >> 1] ?? NaN;
    const largest = moves[moves.length - 1] ?? NaN;
    // Most papers do not move at all; the neighbours of new papers settle by a little.
    expect(median).toBeLessThan(0.005);
    expect(largest).toBeLessThan(0.05);

    // A new paper linked to papers the map had is placed near them.
    const linked = new Map<string, string[]>();
    for (const e of after.edges) {
      for (const [a, b] of [
        [e.source, e.target],
        [e.target, e.source],
      ] as const) {
        if (old.has(a) || !old.has(b)) continue;
        linked.set(a, [...(linked.get(a) ?? []), b]);
      }
    }
    expect(linked.size).toBeGreaterThan(0);
    for (const [id, neighbours] of linked) {
      const p = now.get(id);
      const nearest = Math.min(...neighbours.map((n) => Math.hypot((now.get(n)?.x ?? NaN) - (p?.x ?? NaN), (now.get(n)?.y ?? NaN) - (p?.y ?? NaN))));
      expect(nearest / extent, id).toBeLessThan(0.25);
    }

    // Communities keep their numbers: papers that shared one still do, under the same number.
    const kept = [...old].filter(([id, p]) => now.get(id)?.community === p.community).length;
    expect(kept / moves.length).toBeGreaterThan(0.9);

    // Stored, not recomputed per request: a second read is the same.
    expect(positions(await graphOf())).toEqual(now);
  }, 180_000);
});
