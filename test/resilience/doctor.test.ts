/**
 * `lineage doctor`: a healthy database passes every check; orphan rows and derived tables that
 * no longer match the pages are found, named, and `--repair` restores the graph the pages give;
 * a bulk-loaded synthetic graph is recognised as having no pages to rebuild from.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import Database from "better-sqlite3";
import { importBulkGraph } from "../../library/bulk-graph.ts";
import { generateCitationGraph, syntheticRows } from "../../scripts/gen-synthetic-graph.ts";
import { runCli, runJson, SEEDS, tempDir } from "../helpers/cli.ts";
import { summarize } from "./resilience-fixtures.ts";

const tmp = tempDir();
const db = join(tmp.dir, "seeds.db");

interface DoctorJson {
  healthy: boolean;
  checks: { name: string; status: string; detail: string; count?: number }[];
  repaired?: string[];
  advice: string[];
}

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
});
afterAll(() => tmp.cleanup());

describe("lineage doctor", () => {
  it("passes a freshly ingested database", async () => {
    const r = await runCli(["doctor", "--db", db]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/integrity: PRAGMA integrity_check: ok/);
    expect(r.stdout).toMatch(/derived tables: \d+ papers and \d+ citations, as a rebuild from the 5 stored pages gives/);
    expect(r.stdout).toMatch(/healthy\.$/);
  });

  it("finds orphan rows and a tampered graph, says how to repair, and --repair restores it", async () => {
    const before = summarize(db);
    const raw = new Database(db);
    raw.pragma("foreign_keys = OFF");
    const victim = raw.prepare("SELECT cited FROM edges LIMIT 1").pluck().get() as string;
    raw.prepare("DELETE FROM papers WHERE id = ?").run(victim);
    // Ingest stores a layout: the victim's position goes with it, so that the one planted below is the only orphan.
    raw.prepare("DELETE FROM layout WHERE paper_id = ?").run(victim);
    raw.prepare("INSERT INTO layout (paper_id, x, y, community) VALUES ('nowhere:1', 0, 0, 0)").run();
    raw.prepare("DELETE FROM paper_mentions WHERE mention_id IN (SELECT mention_id FROM paper_mentions LIMIT 3)").run();
    // The identity keys a batch finds its reach by (db/graph-increment.ts).
    raw.prepare("DELETE FROM paper_keys WHERE paper_id = (SELECT paper_id FROM paper_keys LIMIT 1)").run();
    raw.close();

    const found = await runCli(["doctor", "--db", db, "--json"]);
    expect(found.code).toBe(1);
    const report = JSON.parse(found.stdout) as DoctorJson;
    expect(report.healthy).toBe(false);
    const problem = (name: string) => report.checks.find((c) => c.name === name && c.status === "problem");
    expect(problem("edges orphans")?.count).toBeGreaterThan(0);
    expect(problem("layout orphans")?.count).toBe(1);
    expect(problem("unresolved mentions")?.count).toBe(3);
    expect(problem("derived tables")?.detail).toMatch(/a rebuild from the 5 stored pages gives/);
    expect(problem("identity keys")?.count).toBeGreaterThan(0);
    expect(report.advice.join("\n")).toMatch(/lineage doctor --repair --db /);

    const fixed = await runJson<DoctorJson>(["doctor", "--repair", "--db", db]);
    expect(fixed.healthy).toBe(true);
    expect(fixed.repaired?.join("\n")).toMatch(/rebuilt papers, citations and merge decisions from 5 stored pages/);
    expect(summarize(db)).toEqual(before);
    expect((await runCli(["doctor", "--db", db])).code).toBe(0);
  });

  it("knows a bulk-loaded synthetic graph has no pages to rebuild from", async () => {
    const syn = join(tmp.dir, "synthetic.db");
    importBulkGraph(syn, syntheticRows(generateCitationGraph({ papers: 2000, citations: 10_000, seed: 3 })));
    const r = await runJson<DoctorJson>(["doctor", "--db", syn]);
    expect(r.healthy).toBe(true);
    expect(r.checks.find((c) => c.name === "derived tables")).toMatchObject({ status: "note" });
    expect(r.checks.find((c) => c.name === "traversal index")).toMatchObject({ status: "ok" });
    expect(summarize(syn)).toMatchObject({ papers: 2000, edges: 10_000, pages: 0 });
  });

  it("fails cleanly on a file that is not a database", async () => {
    const junk = join(tmp.dir, "junk.db");
    (await import("node:fs")).writeFileSync(junk, "this is not sqlite ".repeat(500));
    const r = await runCli(["doctor", "--db", junk]);
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/junk\.db.*sqlite3 .*\.recover/);
  });
});
