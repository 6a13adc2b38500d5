/**
 * Finding a paper on OpenAlex, which lists no arXiv or ACL Anthology IDs (crawl/openalex-lookup.ts):
 * an arXiv paper by its DataCite DOI (10.48550/arXiv.ID), and, when OpenAlex merged the preprint
 * under its published DOI so that the arXiv DOI finds nothing, by the title and year the map
 * knows, the match checked (the same normalised title, a year within one); an ACL Anthology paper
 * from 2016 by its Anthology DOI (10.18653/v1/ID), an older one (which has none) by its title;
 * and every miss saying what was tried. The map's papers come from a BibTeX file of invented
 * entries. Sources: https://github.com/ourresearch/openalex-api-tutorials/issues/8,
 * https://docs.openalex.org/api-entities/works/work-object (`ids`), https://www.aclweb.org/anthology/faq/doi/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tempDir } from "../helpers/cli.ts";
import type { ExpandReport } from "../../crawl/expand.ts";
import { World } from "../sources/api-world.ts";
import { REPLAY_OPENALEX_KEY, worldRecordings } from "../sources/api-replay.ts";
import { runReport, useReplay } from "./replay-env.ts";

// Paper 3 is an ACL paper of 2003 (no Anthology DOI), paper 16 one of 2016; papers 10 and 14 are
// preprints OpenAlex merged under their published DOIs (the world merges k = 2, 6, 10, 14).
const world = new World({ papers: 16, acl: (k) => (k === 3 ? "P03-1003" : k === 16 ? "P16-1016" : undefined) });
const replay = useReplay(() => worldRecordings(world), { openAlexKeys: [REPLAY_OPENALEX_KEY] });
const tmp = tempDir();
const db = join(tmp.dir, "lookup.db");
const key = ["--api-key", REPLAY_OPENALEX_KEY];

beforeAll(async () => {
  const p = (k: number) => world.paper(k);
  const bib = [
    `@article{merged, title={${p(10).title}}, year={${p(10).year}}, eprint={${p(10).arxiv}}, archivePrefix={arXiv}}`,
    // The map has paper 14's arXiv ID under another title, and paper 6's under a year three years off.
    `@article{retitled, title={A Different Invented Title Altogether}, year={${p(14).year}}, eprint={${p(14).arxiv}}, archivePrefix={arXiv}}`,
    `@article{misdated, title={${p(6).title}}, year={${p(6).year + 3}}, eprint={${p(6).arxiv}}, archivePrefix={arXiv}}`,
    `@inproceedings{old, title={${p(3).title}}, year={${p(3).year}}, url={https://aclanthology.org/P03-1003}}`,
  ].join("\n");
  writeFileSync(join(tmp.dir, "map.bib"), bib);
  expect((await runCli(["import", "bibtex", join(tmp.dir, "map.bib"), "--db", db])).code).toBe(0);
});
afterAll(() => tmp.cleanup());

const add = (ref: string, into = db) => runReport<ExpandReport>(into, ["add", ref, "--source", "openalex", ...key]);
const asked = (from: number) =>
  replay()
    .requests.slice(from)
    .map((q) => (q.query.filter ? `${q.path}?filter=${q.query.filter}` : q.path));

describe("an arXiv paper on OpenAlex", () => {
  it("is found by its arXiv DOI when OpenAlex holds the preprint, on the free singleton route", async () => {
    const p = world.paper(8);
    const from = replay().requests.length;
    const { code, report } = await add(`arXiv:${p.arxiv}`, join(tmp.dir, "fresh.db"));
    expect(code).toBe(0);
    expect(report.papers[0]).toMatchObject({ state: "fetched", page: `${replay().openAlexBase}/works/${p.workId}#record` });
    expect(asked(from)).toEqual([`/openalex/works/doi:10.48550/arXiv.${p.arxiv}`]);
  });

  it("merged under its published DOI, is found by the title and year the map knows", async () => {
    const p = world.paper(10);
    const from = replay().requests.length;
    const { code, report } = await add(`arXiv:${p.arxiv}`);
    expect(code).toBe(0);
    expect(report.papers[0]).toMatchObject({ state: "fetched", page: `${replay().openAlexBase}/works/${p.workId}#record`, paper: `arxiv:${p.arxiv}` });
    expect(asked(from)).toEqual([`/openalex/works/doi:10.48550/arXiv.${p.arxiv}`, `/openalex/works?filter=title.search:invented world paper 10 ${p.title.split(": ")[1]?.toLowerCase()}`]);
    // The published DOI came with the work and joined the paper the map had.
    const shown = JSON.parse((await runCli(["show", `arXiv:${p.arxiv}`, "--db", db, "--json"])).stdout) as { doi: string | null };
    expect(shown.doi).toBe(p.doi);
  });

  it("is not taken when the title found is another, or the year is more than one off: the miss says what was tried", async () => {
    const retitled = await add(`arXiv:${world.paper(14).arxiv}`);
    expect(retitled.code).toBe(1);
    expect(retitled.report.papers[0]?.reason).toBe(
      `https://doi.org/10.48550/arXiv.${world.paper(14).arxiv}: not found on OpenAlex; tried DOI 10.48550/arXiv.${world.paper(14).arxiv} (not on OpenAlex); ` +
        `the title "A Different Invented Title Altogether" (2014) (0 results, none with that title within a year)`,
    );
    const misdated = await add(`arXiv:${world.paper(6).arxiv}`);
    expect(misdated.code).toBe(1);
    expect(misdated.report.papers[0]?.reason).toMatch(
      new RegExp(`tried DOI 10\\.48550/arXiv\\.${world.paper(6).arxiv} \\(not on OpenAlex\\); the title ".*" \\(2009\\) \\(1 result, none with that title within a year\\)$`),
    );
  });

  it("not in the map, says that no title was known to search by", async () => {
    const { code, report } = await add(`arXiv:${world.paper(2).arxiv}`, join(tmp.dir, "fresh.db"));
    expect(code).toBe(1);
    expect(report.papers[0]?.reason).toBe(
      `https://doi.org/10.48550/arXiv.${world.paper(2).arxiv}: not found on OpenAlex; tried DOI 10.48550/arXiv.${world.paper(2).arxiv} (not on OpenAlex); ` +
        "no title known to search by (a paper the map holds is searched by its title)",
    );
  });
});

describe("an ACL Anthology paper on OpenAlex", () => {
  it("from 2016, is found by its Anthology DOI", async () => {
    const from = replay().requests.length;
    const { code, report } = await add("P16-1016", join(tmp.dir, "fresh.db"));
    expect(code).toBe(0);
    expect(report.papers[0]).toMatchObject({ apiId: "ACL:P16-1016", state: "fetched", page: `${replay().openAlexBase}/works/${world.paper(16).workId}#record` });
    expect(asked(from)).toEqual(["/openalex/works/doi:10.18653/v1/P16-1016"]);
  });

  it("from 2003, which has no Anthology DOI, is found by its title when the map knows it, and says why not when it does not", async () => {
    const from = replay().requests.length;
    const found = await add("P03-1003");
    expect(found.code).toBe(0);
    expect(found.report.papers[0]).toMatchObject({ state: "fetched", page: `${replay().openAlexBase}/works/${world.paper(3).workId}#record`, paper: "acl:P03-1003" });
    expect(asked(from)).toHaveLength(1);
    const missed = await add("P03-1003", join(tmp.dir, "fresh.db"));
    expect(missed.code).toBe(1);
    expect(missed.report.papers[0]?.reason).toBe(
      "ACL:P03-1003: not found on OpenAlex; tried the ACL Anthology gives papers from before 2014 (P03-1003) no DOI of its own; no title known to search by (a paper the map holds is searched by its title)",
    );
  });
});
