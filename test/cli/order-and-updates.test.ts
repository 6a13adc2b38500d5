/** The graph does not depend on page order, re-ingesting changes nothing, newer captures win. */
import { afterAll, describe, expect, it } from "vitest";
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, runJson, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const seeds = readdirSync(SEEDS).sort();

async function exportOf(db: string): Promise<string> {
  const r = await runCli(["export", "--format", "json", "--db", db]);
  expect(r.code).toBe(0);
  const g = JSON.parse(r.stdout) as { nodes: { key: string }[]; edges: { source: string; target: string }[] };
  g.nodes.sort((a, b) => a.key.localeCompare(b.key));
  g.edges.sort((a, b) => `${a.source} ${a.target}`.localeCompare(`${b.source} ${b.target}`));
  return JSON.stringify(g);
}

describe("order independence and idempotence", () => {
  it("gives an identical graph for pages ingested one by one in different orders", async () => {
    const orders = [seeds, [...seeds].reverse(), [seeds[2], seeds[0], seeds[4], seeds[1], seeds[3]]];
    const exports: string[] = [];
    for (const [i, order] of orders.entries()) {
      const db = join(tmp.dir, `order-${i}.db`);
      for (const file of order) expect((await runCli(["ingest", join(SEEDS, file ?? ""), "--db", db])).code).toBe(0);
      exports.push(await exportOf(db));
    }
    const together = join(tmp.dir, "together.db");
    await runCli(["ingest", SEEDS, "--db", together]);
    exports.push(await exportOf(together));
    expect(new Set(exports).size).toBe(1);
    expect(JSON.parse(exports[0] ?? "{}").nodes).toHaveLength(189);
  });

  it("changes nothing when the same pages are ingested again", async () => {
    const db = join(tmp.dir, "again.db");
    await runCli(["ingest", SEEDS, "--db", db]);
    const before = await exportOf(db);
    const again = await runJson<{ pages: { ingested: number; new: number; unchanged: number } }>(["ingest", SEEDS, "--db", db]);
    expect(again.pages).toMatchObject({ ingested: 5, new: 0, unchanged: 5 });
    expect(await exportOf(db)).toBe(before);
  });

  it("lets a newer capture of a page update its facts", async () => {
    const dir = join(tmp.dir, "capture");
    const db = join(tmp.dir, "capture.db");
    const page = join(dir, "page.md");
    const original = readFileSync(join(SEEDS, "000_f241d60728b6496d.txt"), "utf8");
    await import("node:fs").then((fs) => fs.mkdirSync(dir, { recursive: true }));
    writeFileSync(page, original);
    await runCli(["ingest", page, "--db", db]);
    const newer = original
      .replace("Cited by 56 papers in the map (data through 14 Oct 2026)", "Cited by 61 papers in the map (data through 20 Nov 2026)")
      .replace(/^- \[Distinguishing Task-Specific.*$/m, "");
    writeFileSync(page, newer);
    const r = await runJson<{ pages: { updated: number }; edges: number }>(["ingest", page, "--db", db]);
    expect(r.pages.updated).toBe(1);
    expect(r.edges).toBe(53);
    const shown = await runJson<{ citedByCount: number; coverage: { builtBy: { dataThrough: string } }; sources: unknown[] }>(["show", "2306.03100", "--db", db]);
    expect(shown.citedByCount).toBe(61);
    expect(shown.coverage.builtBy.dataThrough).toBe("2026-11-20");
    expect(shown.sources).toHaveLength(1);
  });

  it("prefers the newer of two captures of one paper held in different files", async () => {
    const dir = join(tmp.dir, "two-captures");
    await import("node:fs").then((fs) => fs.mkdirSync(dir, { recursive: true }));
    const original = readFileSync(join(SEEDS, "000_f241d60728b6496d.txt"), "utf8");
    copyFileSync(join(SEEDS, "000_f241d60728b6496d.txt"), join(dir, "b-old.md"));
    writeFileSync(join(dir, "a-new.md"), original.replace("Cited by 56 papers in the map (data through 14 Oct 2026)", "Cited by 70 papers in the map (data through 1 Nov 2026)"));
    for (const order of [
      ["a-new.md", "b-old.md"],
      ["b-old.md", "a-new.md"],
    ]) {
      const db = join(dir, `${order[0]}.db`);
      for (const f of order) await runCli(["ingest", join(dir, f), "--db", db]);
      const shown = await runJson<{ citedByCount: number; sources: unknown[] }>(["show", "2306.03100", "--db", db]);
      expect(shown.citedByCount).toBe(70);
      expect(shown.sources).toHaveLength(2);
    }
  });
});
