/** The analytics and list commands through the CLI, and their HTTP API routes, on the seeds graph. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { runCli, runJson, SEEDS, tempDir } from "../helpers/cli.ts";
import type { SimilarResponse } from "../../api/types.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { LineageApi } from "../../web/server/api.ts";
import { parseCitations } from "../../graph/citation-export.ts";

interface Step {
  id: string;
  title: string;
  year: number;
  members: { id: string }[];
  spc: number;
  spcExact: string;
}
interface MainPathJson {
  path: Step[];
  weight: number;
  weightExact: string;
  method: string;
  keyRoutes: { from: string; to: string; spc: number; path: Step[] }[];
  keyRouteLinks: { from: string; to: string }[];
  scope: { seeds: string[]; direction: string | null; papers: number };
}
interface ListItem {
  position: number;
  id: string;
  title: string;
  year: number;
  arxivId: string | null;
  reason: string;
  seed: boolean;
}

const tmp = tempDir();
const db = join(tmp.dir, "seeds.db");
const edges = new Set<string>();

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  const graph = JSON.parse((await runCli(["export", "--format", "json", "--db", db])).stdout) as { edges: { source: string; target: string }[] };
  for (const e of graph.edges) edges.add(`${e.source} ${e.target}`);
});
afterAll(() => tmp.cleanup());

/** Each next paper builds on the previous one (a member of a collapsed step may carry the link). */
function expectFlowOrder(path: Step[]) {
  for (let k = 1; k < path.length; k++) {
    const later = [path[k]?.id, ...(path[k]?.members.map((m) => m.id) ?? [])];
    const earlier = [path[k - 1]?.id, ...(path[k - 1]?.members.map((m) => m.id) ?? [])];
    expect(
      later.some((a) => earlier.some((b) => edges.has(`${a} ${b}`))),
      `${path[k]?.id} builds on ${path[k - 1]?.id}`,
    ).toBe(true);
  }
}

describe("lineage main-path", () => {
  it("gives the SPC main path, oldest first, each paper building on the previous one", async () => {
    const r = await runJson<MainPathJson>(["main-path", "--db", db]);
    expect(r.method).toBe("SPC");
    expect(r.path.length).toBeGreaterThan(2);
    expectFlowOrder(r.path);
    expect(r.weight).toBe(Number(r.weightExact));
    expect(r.path.slice(1).reduce((s, p) => s + p.spc, 0)).toBe(r.weight);
    // Through the seeds graph's hub: 2306.03100 → 2407.16711.
    expect(r.path.map((p) => p.id)).toEqual(expect.arrayContaining(["arxiv:2306.03100", "arxiv:2407.16711"]));
    const text = await runCli(["main-path", "--db", db]);
    expect(text.stdout).toMatch(/^Main path \(SPC, total \d+ over \d+ source-to-sink paths\), oldest first:/);
  });

  it("scopes to seeds' lineages and a direction, and traces key routes", async () => {
    const r = await runJson<MainPathJson>(["main-path", "--seed", "2310.11986", "--seed", "arXiv:2407.16711", "--key-route", "3", "--db", db]);
    expect(r.scope.seeds).toEqual(["arxiv:2310.11986", "arxiv:2407.16711"]);
    expect(r.scope.papers).toBeLessThan(189);
    expect(r.keyRoutes).toHaveLength(3);
    for (const route of r.keyRoutes) {
      expectFlowOrder(route.path);
      expect(route.path.map((p) => p.id)).toEqual(expect.arrayContaining([route.from, route.to]));
    }
    expect(r.keyRoutes[0]?.spc).toBeGreaterThanOrEqual(r.keyRoutes[2]?.spc ?? Infinity);
    const scoped = await runJson<MainPathJson>(["main-path", "--direction", "Reasoning benchmarks and evaluation", "--db", db]);
    expect(scoped.scope.direction).toBe("Reasoning benchmarks and evaluation");
    expectFlowOrder(scoped.path);
  });

  it("answers bad input with one line and a usage exit", async () => {
    const unknown = await runCli(["main-path", "--direction", "Astrology", "--db", db]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^lineage: no direction "Astrology" in the graph; known directions include: /);
    expect((await runCli(["main-path", "--key-route", "-1", "--db", db])).code).toBe(2);
    expect((await runCli(["main-path", "--seed", "9999.99999", "--db", db])).code).toBe(3);
  });
});

describe("lineage similar and communities", () => {
  it("lists papers co-cited with a paper, sharing its references or like it in title", async () => {
    const r = await runJson<SimilarResponse>(["similar", "2407.16711", "--db", db]);
    expect(r.paper.id).toBe("arxiv:2407.16711");
    expect(r.similar.length).toBeGreaterThan(0);
    expect(r.similar.every((s) => (s.coCitations + s.sharedReferences > 0 || s.evidence.similarText !== null) && s.id !== "arxiv:2407.16711")).toBe(true);
    expect([...r.similar].sort((a, b) => b.score - a.score)).toEqual(r.similar);
  });

  it("labels Louvain communities, reproducibly", async () => {
    const r = await runJson<{ count: number; modularity: number; communities: { id: number; size: number; label: string; direction: string | null; members: string[] }[] }>([
      "communities",
      "--db",
      db,
    ]);
    expect(r.communities.reduce((s, c) => s + c.size, 0)).toBe(189);
    expect(r.communities.every((c) => c.label.length > 0 && c.members.length === c.size)).toBe(true);
    expect(r.communities.some((c) => c.direction === "Reasoning benchmarks and evaluation")).toBe(true);
    expect(await runJson(["communities", "--db", db])).toEqual(r);
  });
});

describe("lineage reading-list", () => {
  const SEEDS_ARGS = ["--seed", "2306.03100", "--seed", "Benchmarks as Microscopes: A Call for Model Metrology"];

  it("gives items with a reason each, foundations first, seeds left out", async () => {
    const r = await runJson<{ items: ListItem[]; seeds: { id: string }[] }>(["reading-list", ...SEEDS_ARGS, "--limit", "12", "--db", db]);
    expect(r.seeds.map((s) => s.id)).toEqual(["arxiv:2306.03100", "arxiv:2407.16711"]);
    expect(r.items).toHaveLength(12);
    expect(r.items.every((i) => i.reason.length > 0 && !i.seed)).toBe(true);
    expect(r.items.map((i) => i.position)).toEqual(Array.from({ length: 12 }, (_, k) => k + 1));
    r.items.forEach((early, p) => {
      for (const late of r.items.slice(p + 1)) expect(edges.has(`${early.id} ${late.id}`), `${early.id} before ${late.id}`).toBe(false);
    });
    expect(r.items.some((i) => i.reason.startsWith("built on by 2 of your 2 seeds"))).toBe(true);
    const withSeeds = await runJson<{ items: ListItem[] }>(["reading-list", ...SEEDS_ARGS, "--limit", "12", "--include-seeds", "--db", db]);
    const seedItems = withSeeds.items.filter((i) => i.seed);
    expect(seedItems.map((i) => i.id)).toEqual(["arxiv:2306.03100", "arxiv:2407.16711"]);
    expect(seedItems.every((i) => i.reason.startsWith("your seed"))).toBe(true);
  });

  it("writes Markdown, BibTeX, CSL-JSON and RIS that parse back", async () => {
    const md = await runCli(["reading-list", ...SEEDS_ARGS, "--limit", "5", "--db", db]);
    expect(md.stdout).toMatch(/^# Reading list from "Rethinking Model Evaluation/);
    expect(md.stdout.split("\n").filter((l) => /^\d+\. \*\*/.test(l))).toHaveLength(5);
    for (const format of ["bibtex", "ris", "csl"]) {
      const out = join(tmp.dir, `list.${format}`);
      const r = await runCli(["reading-list", ...SEEDS_ARGS, "--limit", "5", "--format", format, "--out", out, "--db", db]);
      expect(r.code, r.stderr).toBe(0);
      const items = parseCitations(readFileSync(out, "utf8"));
      expect(items).toHaveLength(5);
      expect(items.every((i) => typeof i.title === "string" && i.title.length > 0)).toBe(true);
    }
    expect(readFileSync(join(tmp.dir, "list.bibtex"), "utf8")).toMatch(/archivePrefix = \{arXiv\}/);
    expect((await runCli(["reading-list", ...SEEDS_ARGS, "--format", "docx", "--db", db])).code).toBe(2);
    expect((await runCli(["reading-list", "--db", db])).stderr).toMatch(/give at least one --seed REF/);
  });
});

describe("lineage lists", () => {
  it("adds, reorders, removes, exports and deletes named lists", async () => {
    const add = await runJson<{ result: { added: string[] }; list: { items: { paperRef: string; position: number }[] } }>([
      "lists",
      "add",
      "Evaluation",
      "2306.03100",
      "2407.16711",
      "GPT-4 Technical Report",
      "--note",
      "start here",
      "--db",
      db,
    ]);
    expect(add.result.added).toEqual(["arXiv:2306.03100", "arXiv:2407.16711", "arXiv:2303.08774"]);
    const again = await runJson<{ result: { already: string[] } }>(["lists", "add", "Evaluation", "arXiv:2306.03100", "--db", db]);
    expect(again.result.already).toEqual(["arXiv:2306.03100"]);
    const moved = await runJson<{ result: { order: string[] } }>(["lists", "reorder", "Evaluation", "GPT-4 Technical Report", "--to", "1", "--db", db]);
    expect(moved.result.order).toEqual(["arXiv:2303.08774", "arXiv:2306.03100", "arXiv:2407.16711"]);
    await runJson(["lists", "remove", "Evaluation", "arXiv:2407.16711", "--db", db]);
    const shown = await runJson<{ name: string; items: { position: number; ref: string; id: string; note: string; inGraph: boolean }[] }>(["lists", "show", "Evaluation", "--db", db]);
    expect(shown.items.map((i) => [i.position, i.id, i.note, i.inGraph])).toEqual([
      [1, "arxiv:2303.08774", "start here", true],
      [2, "arxiv:2306.03100", "start here", true],
    ]);
    const ris = await runCli(["lists", "export", "Evaluation", "--format", "ris", "--db", db]);
    expect(parseCitations(ris.stdout).map((i) => i.title)).toEqual(["GPT-4 Technical Report", "Rethinking Model Evaluation as Narrowing the Socio-Technical Gap"]);
    const all = await runJson<{ name: string; items: number }[]>(["lists", "--db", db]);
    expect(all).toEqual([expect.objectContaining({ name: "Evaluation", items: 2 })]);
    expect((await runCli(["lists", "delete", "Evaluation", "--db", db])).code).toBe(0);
    expect(await runJson(["lists", "--db", db])).toEqual([]);
  });

  it("saves a generated reading list under a name", async () => {
    const r = await runCli(["reading-list", "--seed", "2306.03100", "--limit", "4", "--save", "From 2306", "--db", db]);
    expect(r.stderr).toContain('Saved as list "From 2306" (4 papers)');
    const shown = await runJson<{ items: { reason: string }[]; spec: { seeds: string[] } }>(["lists", "show", "From 2306", "--db", db]);
    expect(shown.items).toHaveLength(4);
    expect(shown.items.every((i) => i.reason.length > 0)).toBe(true);
    expect(shown.spec.seeds).toEqual(["arxiv:2306.03100"]);
  });

  it("answers mistakes with exit codes", async () => {
    expect((await runCli(["lists", "remove", "Nope", "2306.03100", "--db", db])).stderr).toMatch(/no list named "Nope"/);
    expect((await runCli(["lists", "add", "X", "9999.99999", "--db", db])).code).toBe(3);
    expect((await runCli(["lists", "frobnicate", "--db", db])).code).toBe(2);
    expect((await runCli(["lists", "show", "Nope", "--db", db])).code).toBe(3);
  });
});

describe("HTTP API routes for the explorer", () => {
  let lineageDb: LineageDb;
  let api: LineageApi;
  beforeAll(async () => {
    await runCli(["lists", "add", "Shared list", "2306.03100", "--db", db]);
    lineageDb = LineageDb.open(db, { readonly: true });
    api = new LineageApi(lineageDb, new LineageGraph(lineageDb));
  });
  afterAll(() => lineageDb.close());
  const get = (path: string) => {
    const url = new URL(path, "http://localhost");
    return api.handle(url.pathname, url.searchParams);
  };

  it("serves the main path, similar papers and reading lists", () => {
    const main = get("/api/main-path?seed=2306.03100&keyRoute=2");
    expect(main.status).toBe(200);
    expect(main.body).toMatchObject({ method: "SPC", scope: { seeds: ["arxiv:2306.03100"] } });
    expect((main.body as MainPathJson).keyRoutes).toHaveLength(2);
    expect(get("/api/papers/2407.16711/similar?limit=3").body).toMatchObject({ paper: { id: "arxiv:2407.16711" } });
    const list = get("/api/reading-list?seed=2306.03100&seed=2407.16711&limit=5&includeSeeds=1");
    expect(list.status).toBe(200);
    expect((list.body as { items: ListItem[] }).items).toHaveLength(7);
  });

  it("serves saved lists", () => {
    expect(get("/api/lists").body).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Shared list", items: 1 })]));
    const one = get(`/api/lists/${encodeURIComponent("Shared list")}`);
    expect(one.body).toMatchObject({ name: "Shared list", items: [{ position: 1, id: "arxiv:2306.03100" }] });
    expect(get("/api/lists/Nope").status).toBe(404);
  });

  it("rejects bad parameters", () => {
    expect(get("/api/reading-list").status).toBe(400);
    expect(get("/api/main-path?keyRoute=99").status).toBe(400);
    expect(get("/api/main-path?direction=Astrology").status).toBe(400);
    expect(get("/api/reading-list?seed=9999.99999").status).toBe(404);
    expect(get("/api/main-path?" + Array.from({ length: 21 }, () => "seed=2306.03100").join("&")).status).toBe(400);
  });
});
