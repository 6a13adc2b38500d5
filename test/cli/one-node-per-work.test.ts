/**
 * One work is one node, with its best title (issue 16), through `lineage ingest`: a structured
 * record's title beats a page's heading and an inferred first sentence; a page whose title was
 * inferred joins a record by identifier, or by title when both show the same year, and stays
 * apart (logged for `lineage explain`) when it shows no year; a page with a title but no year
 * joins the one paper of that title and stays apart from two same-titled papers of different
 * years. The graph is the same whatever order the files arrive in. Every file is invented.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, runJson, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const dir = join(tmp.dir, "pages");
const db = join(tmp.dir, "graph.db");

const note = (title: string, facts: string) => `# ${title}\n\n## Key facts\n\n- ${facts}\n`;
const bib = (key: string, title: string, year: number, extra = "") => `@article{${key},\n  title = {${title}},\n  author = {Quill, Ada},\n  year = {${year}},${extra}\n}\n`;
const PROSE = "It covers many coasts, harbours, estuaries and lagoons around the invented world, with careful annotation by invented experts over several seasons.";

const FILES: Record<string, string> = {
  // Three works each named by a Markdown note and a BibTeX record: the record's title wins.
  "a-note.md": note("Harbour gauges, revisited", "First posted on arXiv 2 Mar 2031."),
  "a.bib": bib("a2031", "Harbour Gauges, Revisited", 2031),
  "b-note.md": note("estuary maps for invented models", "First posted on arXiv 5 Jun 2030."),
  "b.bib": bib("b2030", "Estuary Maps for Invented Models", 2030),
  "c-note.md": note("LAGOON DEPTHS AT SCALE", "First posted on arXiv 7 Sep 2032."),
  "c.bib": bib("c2032", "Lagoon Depths at Scale", 2032),
  // A bare abstract known by its arXiv ID: the inferred first sentence loses to the record's title.
  "d-abstract.txt": `We present a benchmark of invented tides that measures how models predict the sea level. It is available as arXiv:3104.01234. ${PROSE}`,
  "d.bib": bib("d2031", "Tidal Benchmarks for Invented Models", 2031, "\n  eprint = {3104.01234},\n  archivePrefix = {arXiv}"),
  // Bare abstracts whose first sentence is a record's title: with the same year they merge,
  // without a year they stay apart.
  "e-abstract.txt": `Spring Tides at Scale. We measure spring tides, to be presented at the 2033 Conference on Invented Tides. ${PROSE}`,
  "e.bib": bib("e2033", "Spring Tides at Scale", 2033, "\n  doi = {10.5555/spring.2033}"),
  "f-abstract.txt": `Neap Tides in Practice. We measure neap tides on invented coasts. ${PROSE}`,
  "f.bib": bib("f2034", "Neap Tides in Practice", 2034, "\n  doi = {10.5555/neap.2034}"),
  // A note with a title and no year: one paper of the title to join, then two to choose from.
  "g-note.md": note("Ebb Tables", "Cited by 3 papers in the map."),
  "g.bib": bib("g2029", "Ebb Tables", 2029, "\n  doi = {10.5555/ebb.2029}"),
  "h-note.md": note("Attention Tides", "Cited by 5 papers in the map."),
  "h.bib": bib("h2017", "Attention Tides", 2017, "\n  doi = {10.5555/attention.2017}") + "\n" + bib("h2021", "Attention Tides", 2021, "\n  doi = {10.5555/attention.2021}"),
};

interface Shown {
  id: string;
  title: string;
  titleInferred: boolean;
  year: number | null;
  sources: { source: string; role: string }[];
}
const show = (ref: string, database = db) => runJson<Shown>(["show", ref, "--db", database]);
const selfFiles = (p: Shown) =>
  p.sources
    .filter((s) => s.role === "self")
    .map((s) =>
      s.source
        .replace(/^bibtex:/, "")
        .replace(/#.*$/, "")
        .split("/")
        .pop(),
    )
    .sort();

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  const r = await runJson<{ errors: unknown[] }>(["ingest", dir, "--db", db]);
  expect(r.errors).toEqual([]);
});
afterAll(() => tmp.cleanup());

describe("the best title wins", () => {
  it("takes a structured record's title over a page's heading, for every work", async () => {
    for (const [doi, title, files] of [
      ["a", "Harbour Gauges, Revisited", ["a-note.md", "a.bib"]],
      ["b", "Estuary Maps for Invented Models", ["b-note.md", "b.bib"]],
      ["c", "Lagoon Depths at Scale", ["c-note.md", "c.bib"]],
    ] as const) {
      const p = await show(title);
      expect(p.title, doi).toBe(title);
      expect(selfFiles(p), doi).toEqual(files);
    }
  });

  it("takes the record's title over a first sentence, the two merged by their arXiv ID", async () => {
    const p = await show("arXiv:3104.01234");
    expect(p).toMatchObject({ title: "Tidal Benchmarks for Invented Models", titleInferred: false, year: 2031 });
    expect(selfFiles(p)).toEqual(["d-abstract.txt", "d.bib"]);
  });
});

describe("inferred titles merge by title only with a year", () => {
  it("joins the record whose title the first sentence is, when both show the same year", async () => {
    const p = await show("10.5555/spring.2033");
    expect(selfFiles(p)).toEqual(["e-abstract.txt", "e.bib"]);
    expect((await runCli(["explain", "10.5555/spring.2033", "--db", db])).stdout).toMatch(/merged \(title-inferred\)/);
  });

  it("stays apart when the page shows no year, and explain says why", async () => {
    const p = await show("10.5555/neap.2034");
    expect(selfFiles(p)).toEqual(["f.bib"]);
    expect((await runCli(["explain", "10.5555/neap.2034", "--db", db])).stdout).toMatch(/kept apart \(title-inferred\): .*shows no year to confirm it/);
  });
});

describe("a page with a title and no year", () => {
  it("joins the one paper of its title", async () => {
    expect(selfFiles(await show("10.5555/ebb.2029"))).toEqual(["g-note.md", "g.bib"]);
  });

  it("stays apart from two papers of its title with different years", async () => {
    expect(selfFiles(await show("10.5555/attention.2017"))).toEqual(["h.bib"]);
    expect(selfFiles(await show("10.5555/attention.2021"))).toEqual(["h.bib"]);
    const ambiguous = await runCli(["show", "Attention Tides", "--db", db]);
    expect(ambiguous.code).toBe(3);
    expect(ambiguous.stderr.match(/^ {2}\S+ {2}Attention Tides/gm)).toHaveLength(3);
  });
});

describe("order independence", () => {
  it("gives the same nodes and edges whether the files arrive in one order or the reverse", async () => {
    const graphOf = async (names: string[], database: string) => {
      for (const name of names) await runCli(["ingest", join(dir, name), "--db", database]);
      const g = await runJson<{ nodes: { key: string; attributes: { title: string; year: number | null } }[]; edges: unknown[] }>(["export", "--format", "json", "--db", database]);
      return { nodes: g.nodes.map((n) => [n.key, n.attributes.title, n.attributes.year]).sort(), edges: g.edges.length };
    };
    const names = readdirSync(dir).sort();
    const forward = await graphOf(names, join(tmp.dir, "forward.db"));
    const reverse = await graphOf([...names].reverse(), join(tmp.dir, "reverse.db"));
    expect(reverse).toEqual(forward);
    expect(forward.nodes).toHaveLength(11);
  });
});
