/**
 * `show` and `search` warn when a reference names several papers (issue 16), so that an
 * identifier and a title never answer with two different papers silently: a paper whose title was
 * inferred with an author line glued on beside the page with its clean title, two same-titled
 * papers kept apart by their years, a title that begins another title. A reference that names one
 * paper, or a search by loose words, warns of nothing. Every page is invented.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const dir = join(tmp.dir, "pages");
const db = join(tmp.dir, "warn.db");

const bib = (key: string, title: string, year: number, doi: string) => `@article{${key},\n  title = {${title}},\n  year = {${year}},\n  doi = {${doi}}\n}\n`;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  // A capture whose first sentence is the title with the author line glued on, known by its arXiv ID.
  writeFileSync(
    join(dir, "capture.txt"),
    "Harbour Gauges Revisited Ada Quill Bram Oyelaran Chen Ibanez. We revisit the harbour gauges of invented coasts and find them wanting, " +
      "as the records of many seasons show. The paper is arXiv:3105.00001 and covers estuaries, lagoons and harbours around the invented world.",
  );
  // The same work's note, with its clean title and no identifier.
  writeFileSync(join(dir, "note.md"), "# Harbour Gauges Revisited\n\n## Key facts\n\n- First posted on arXiv 3 May 2031.\n");
  writeFileSync(join(dir, "attention.bib"), bib("a17", "Attention Tides", 2017, "10.5555/attention.2017") + "\n" + bib("a21", "Attention Tides", 2021, "10.5555/attention.2021"));
  writeFileSync(join(dir, "ebb.bib"), bib("e1", "Ebb Tables", 2029, "10.5555/ebb.1") + "\n" + bib("e2", "Ebb Tables and Flood Counts", 2030, "10.5555/ebb.2"));
  writeFileSync(join(dir, "arena.bib"), bib("t1", "Tide Arena", 2032, "10.5555/arena.1") + "\n" + bib("t2", "Judging Tides with Tide Bench and Tide Arena", 2032, "10.5555/arena.2"));
  const r = await runCli(["ingest", dir, "--db", db]);
  expect(r.code).toBe(0);
});
afterAll(() => tmp.cleanup());

async function showJson(ref: string) {
  const r = await runCli(["show", ref, "--db", db, "--json"]);
  expect(r.code).toBe(0);
  return { view: JSON.parse(r.stdout) as { id: string; title: string; alsoMatches?: { id: string; title: string; why: string }[] }, stderr: r.stderr };
}

describe("show", () => {
  it("warns, both ways, when an identifier and a title answer with different papers", async () => {
    const byId = await showJson("arXiv:3105.00001");
    const byTitle = await showJson("Harbour Gauges Revisited");
    expect(byId.view.id).not.toBe(byTitle.view.id);
    expect(byId.view.alsoMatches?.map((p) => p.id)).toEqual([byTitle.view.id]);
    expect(byId.view.alsoMatches?.[0]?.why).toMatch(/part of this paper's title, which was inferred/);
    expect(byTitle.view.alsoMatches?.map((p) => p.id)).toEqual([byId.view.id]);
    expect(byId.stderr).toContain(`lineage: warning: "arXiv:3105.00001" may also mean another paper than ${byId.view.id}:`);
    const text = await runCli(["show", "Harbour Gauges Revisited", "--db", db]);
    expect(text.stderr).toMatch(new RegExp(`warning: .*\\n {2}${byId.view.id} {2}Harbour Gauges Revisited Ada Quill`));
  });

  it("warns that a paper has a same-titled twin the graph kept apart, naming both years", async () => {
    const { view, stderr } = await showJson("10.5555/attention.2017");
    expect(view.alsoMatches).toEqual([expect.objectContaining({ id: "doi:10.5555/attention.2021", why: expect.stringMatching(/the same title, kept apart \(years 2017 and 2021\)/) })]);
    expect(stderr).toMatch(/may also mean another paper/);
  });

  it("warns when the title typed begins another paper's title, not when it is only inside one", async () => {
    expect((await showJson("Ebb Tables")).view.alsoMatches?.map((p) => p.title)).toEqual(["Ebb Tables and Flood Counts"]);
    const arena = await showJson("Tide Arena");
    expect(arena.view.alsoMatches).toBeUndefined();
    expect(arena.stderr).toBe("");
  });
});

describe("search", () => {
  it("warns when the query is a title several papers carry, and marks those hits in --json", async () => {
    const r = await runCli(["search", "Attention Tides", "--db", db, "--json"]);
    expect(r.stderr).toMatch(/^lineage: warning: "Attention Tides" names 2 papers the graph keeps apart:/);
    const hits = JSON.parse(r.stdout) as { id: string; alsoMatches?: string[] }[];
    const marked = hits.filter((h) => h.alsoMatches);
    expect(marked.map((h) => [h.id, h.alsoMatches]).sort()).toEqual([
      ["doi:10.5555/attention.2017", ["doi:10.5555/attention.2021"]],
      ["doi:10.5555/attention.2021", ["doi:10.5555/attention.2017"]],
    ]);
  });

  it("warns when the query is an identifier whose paper has a look-alike", async () => {
    const r = await runCli(["search", "arXiv:3105.00001", "--db", db]);
    expect(r.stderr).toMatch(/may also mean another paper/);
    expect(r.stdout).toContain("[arXiv:3105.00001]");
  });

  it("warns of nothing for loose words or a reference that names one paper", async () => {
    for (const query of ["tides", "Tide Arena", "10.5555/ebb.2"]) {
      const r = await runCli(["search", query, "--db", db, "--json"]);
      expect(r.stderr, query).toBe("");
      expect(
        (JSON.parse(r.stdout) as { alsoMatches?: unknown }[]).every((h) => h.alsoMatches === undefined),
        query,
      ).toBe(true);
    }
  });
});
