/** The five seed pages through the CLI: the graph the issue specifies, and its provenance. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { normalizeTitle } from "../../vocabulary/titles.ts";
import { runCli, runJson, SEEDS, tempDir } from "../helpers/cli.ts";

interface Brief {
  id: string;
  title: string | null;
  year: number | null;
  arxivId: string | null;
  depth: number;
  stub: boolean;
}

const tmp = tempDir();
const db = join(tmp.dir, "seeds.db");

beforeAll(async () => {
  const r = await runJson<{ pages: { ingested: number; failed: number }; papers: number; edges: number }>(["ingest", SEEDS, "--db", db]);
  expect(r.pages).toMatchObject({ ingested: 5, failed: 0 });
});
afterAll(() => tmp.cleanup());

describe("ingesting the five seeds", () => {
  it("gives 189 papers and 197 citations, no two papers sharing a title", async () => {
    const stats = await runJson<{ papers: number; edges: number; pages: number }>(["stats", "--db", db]);
    expect(stats).toMatchObject({ papers: 189, edges: 197, pages: 5 });
    const graph = await runJson<{ nodes: { key: string; attributes: { title: string } }[] }>(["export", "--format", "json", "--db", db]);
    const titles = graph.nodes.map((n) => normalizeTitle(n.attributes.title));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("2407.16711 builds on 51 papers and is built on by 33", async () => {
    const buildsOn = await runJson<Brief[]>(["builds-on", "2407.16711", "--db", db]);
    const builtBy = await runJson<Brief[]>(["built-by", "arXiv:2407.16711", "--db", db]);
    expect(buildsOn).toHaveLength(51);
    expect(builtBy).toHaveLength(33);
    expect(buildsOn.every((p) => p.depth === 1)).toBe(true);
    // 50 from its own page, one (2306.03100) from that page's "Built on by".
    expect(buildsOn.map((p) => p.arxivId)).toContain("2306.03100");
  });

  it("merges the title-only GPT-4 Technical Report with 2303.08774", async () => {
    const buildsOn = await runJson<Brief[]>(["builds-on", "https://arxiv.org/abs/2407.16711v1", "--db", db]);
    const gpt4 = buildsOn.find((p) => p.title === "GPT-4 Technical Report");
    expect(gpt4?.arxivId).toBe("2303.08774");
    const shown = await runJson<{ id: string; sources: { role: string }[] }>(["show", "2303.08774", "--db", db]);
    expect(shown.id).toBe(gpt4?.id);
    expect(shown.sources.map((s) => s.role).sort()).toEqual(["builds_on", "builds_on"]);
    const explained = await runCli(["explain", "GPT-4 Technical Report", "--db", db]);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toMatch(/merged \(title\).*gpt-4 technical report/i);
  });

  it("shows reported figures per source, so coverage reads 24 of 57", async () => {
    const p = await runJson<{
      title: string;
      year: number;
      directions: { name: string; area: string; directionsInArea: number }[];
      citedByCount: number;
      coverage: { buildsOn: { inGraph: number; reportedInMap: number; reportedTotal: number; dataThrough: string } };
      sources: { role: string; format: string; contentHash: string; dataThrough: string }[];
    }>(["show", "2306.03100", "--db", db]);
    expect(p.title).toBe("Rethinking Model Evaluation as Narrowing the Socio-Technical Gap");
    expect(p.year).toBe(2023);
    expect(p.citedByCount).toBe(56);
    expect(p.directions[0]).toMatchObject({ name: "Reasoning benchmarks and evaluation", area: "LLM reasoning", directionsInArea: 17 });
    expect(p.coverage.buildsOn).toMatchObject({ inGraph: 24, reportedInMap: 24, reportedTotal: 57, dataThrough: "2026-10-14" });
    const self = p.sources.find((s) => s.role === "self");
    expect(self).toMatchObject({ format: "markdown-page", dataThrough: "2026-10-14" });
    expect(self?.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps the bare abstract with an inferred title and the editorial page without citations", async () => {
    const stats = await runJson<{ pagesByFormat: Record<string, number> }>(["stats", "--db", db]);
    expect(stats.pagesByFormat).toEqual({ "bare-abstract": 1, editorial: 1, "markdown-page": 2, "text-page": 1 });
    const found = await runJson<{ id: string; titleInferred: boolean }[]>(["search", "LLM evaluation is trapped in a cycle", "--db", db]);
    const abstract = await runJson<{ titleInferred: boolean; year: number; builtByCount: number }>(["show", found[0]?.id ?? "", "--db", db]);
    expect(abstract).toMatchObject({ titleInferred: true, year: 2025, builtByCount: 0 });
    const editorial = await runJson<{ related: unknown[]; buildsOnCount: number; builtByCount: number; stub: boolean }>([
      "show",
      "Beyond Static Benchmarks: A Validity, Reliability, and Sociotechnical Framework for Evaluating LLMs in Deployment Contexts",
      "--db",
      db,
    ]);
    expect(editorial).toMatchObject({ buildsOnCount: 0, builtByCount: 0, stub: false });
    expect(editorial.related).toHaveLength(6);
  });

  it("says which page asserted each edge, and from which list", async () => {
    const fromBuiltBy = await runJson<{ exists: boolean; assertedBy: { source: string; format: string; listedUnder: string; contentHash: string }[] }>([
      "edge",
      "2407.16711",
      "2306.03100",
      "--db",
      db,
    ]);
    expect(fromBuiltBy.exists).toBe(true);
    expect(fromBuiltBy.assertedBy).toHaveLength(1);
    expect(fromBuiltBy.assertedBy[0]).toMatchObject({ format: "markdown-page", listedUnder: "builtBy" });
    expect(fromBuiltBy.assertedBy[0]?.source).toMatch(/000_f241d60728b6496d\.txt$/);
    const titleOnly = await runJson<typeof fromBuiltBy>(["edge", "2407.16711", "2303.08774", "--db", db]);
    expect(titleOnly.assertedBy.map((a) => [a.format, a.listedUnder])).toEqual([["text-page", "buildsOn"]]);
    const none = await runJson<typeof fromBuiltBy>(["edge", "2306.03100", "2407.16711", "--db", db]);
    expect(none).toMatchObject({ exists: false, assertedBy: [] });
  });

  it("finds every shortest chain, FROM first", async () => {
    // 2407.16711 builds on 2306.03100, which builds on 2203.02155.
    const r = await runJson<{ paths: Brief[][] }>(["path", "2407.16711", "2203.02155", "--db", db]);
    expect(r.paths.length).toBeGreaterThan(0);
    for (const path of r.paths) {
      expect(path[0]?.arxivId).toBe("2407.16711");
      expect(path.at(-1)?.arxivId).toBe("2203.02155");
      expect(path).toHaveLength(3);
    }
    const none = await runJson<{ paths: unknown[] }>(["path", "2203.02155", "2407.16711", "--db", db]);
    expect(none.paths).toEqual([]);
  });

  it("answers unknown and ambiguous references with exit 3", async () => {
    expect((await runCli(["show", "9999.99999", "--db", db])).code).toBe(3);
    const ambiguous = await runCli(["show", "evaluation", "--db", db]);
    expect(ambiguous.code).toBe(3);
    expect(ambiguous.stderr).toMatch(/ambiguous/);
  });
});
