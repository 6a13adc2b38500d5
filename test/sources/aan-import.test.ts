/**
 * The ACL Anthology Network release (data/aan): 18,041 metadata records and 94,973
 * citation lines, imported in one batch. Figures the test can justify from the release itself
 * (see ../shared/data/README.md): 16,589 IDs in the citations, 1,226 without metadata, so
 * 18,041 + 1,226 = 19,267 papers; 94,973 lines, no duplicates, 42 self-citations dropped, so
 * 94,931 edges; J93-2004 (Penn Treebank) cited 847 times, P02-1040 (BLEU) 729 times.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli, runJson, tempDir } from "../helpers/cli.ts";

interface Report {
  records: { imported: number; new: number; unchanged: number; failed: number };
  papers: number;
  edges: number;
  selfCitationsDropped?: number;
  warnings: { path: string; warning: string }[];
  errors: unknown[];
}

const AAN = join(ROOT, "data/aan");
const tmp = tempDir();
const db = join(tmp.dir, "aan.db");
/** A page the user already had: the legacy ACL Anthology golden page, given an ID the release holds. */
const ownPage = join(tmp.dir, "N04-1001.html");
let report: Report;
let seconds: number;

beforeAll(async () => {
  const legacy = readFileSync(join(ROOT, "test/fixtures/pages/acl-anthology-legacy-no-doi/source.html"), "utf8");
  writeFileSync(ownPage, legacy.replaceAll("N04-9217", "N04-1001"));
  const pre = await runCli(["ingest", ownPage, "--db", db, "--json"]);
  expect(pre.code).toBe(0);
  const start = performance.now();
  report = await runJson<Report>(["import", "aan", AAN, "--db", db]);
  seconds = (performance.now() - start) / 1000;
  console.log(`AAN import: ${report.records.imported} records, ${report.papers} papers, ${report.edges} edges in ${seconds.toFixed(1)} s`);
});
afterAll(() => tmp.cleanup());

describe("importing the AAN release", () => {
  it("makes every ACL ID one paper and every citation one edge, self-citations dropped", () => {
    expect(report.errors).toEqual([]);
    // 18,041 records, plus 221 pages for papers without metadata that cite only such papers.
    expect(report.records).toMatchObject({ imported: 18_262, new: 18_262, failed: 0 });
    expect(report.papers).toBe(19_267);
    expect(report.edges).toBe(94_931);
    expect(report.selfCitationsDropped).toBe(42);
    expect(report.warnings.map((w) => w.warning)).toContainEqual(expect.stringMatching(/^1226 ACL IDs in the citations have no metadata record/));
    expect(report.warnings.filter((w) => w.warning === "decoded as windows-1252")).toHaveLength(35);
  });

  it("counts the most cited papers as the release does", async () => {
    const penn = await runJson<unknown[]>(["built-by", "J93-2004", "--db", db]);
    const bleu = await runJson<unknown[]>(["built-by", "P02-1040", "--db", db]);
    expect(penn).toHaveLength(847);
    expect(bleu).toHaveLength(729);
  });

  it("keeps papers without metadata as stubs known by their ACL ID", async () => {
    const stats = await runJson<{ stubs: number; pagesByFormat: Record<string, number> }>(["stats", "--db", db]);
    // 1,226 without metadata, of which 221 carry a page of their own (and are not stubs).
    expect(stats.stubs).toBe(1226 - 221);
    expect(stats.pagesByFormat).toMatchObject({ aan: 18_262, "scholarly-html": 1 });
  });

  it("merges a paper already present by its ACL ID", async () => {
    const view = await runJson<{ id: string; sources: { source: string; role: string }[] }>(["show", "N04-1001", "--db", db]);
    expect(view.id).toBe("acl:N04-1001");
    expect(
      view.sources
        .filter((s) => s.role === "self")
        .map((s) => s.source)
        .sort(),
    ).toEqual([ownPage, "aan:acl-metadata.txt#N04-1001"].sort());
  });

  it("decodes HTML entities (in titles and inside names) and Windows-1252 bytes, and writes names as people", async () => {
    const qa = await runJson<{ title: string }>(["show", "W10-4117", "--db", db]);
    expect(qa.title).toBe("Exploiting Social Q&A Collection in Answering Complex Questions");
    const elra = await runJson<{ title: string; authors: string[] }>(["show", "L08-1068", "--db", db]);
    expect(elra.title).toBe("Latest Developments in ELRA\u2019s Services");
    expect(elra.authors).toEqual(["Val\u00e9rie Mapelli", "Victoria Arranz", "H\u00e9l\u00e8ne Mazo", "Khalid Choukri"]);
  });

  it("changes nothing when imported again", async () => {
    const again = await runJson<Report>(["import", "aan", join(AAN, "acl-metadata.txt"), join(AAN, "acl.txt"), "--db", db]);
    expect(again.records).toMatchObject({ imported: 18_262, new: 0, unchanged: 18_262 });
    expect(again.edges).toBe(94_931);
  });
});

describe("a slice of the release", () => {
  it("merges a title-only record into the AAN paper with that title, and keeps lettered IDs", async () => {
    const dir = join(tmp.dir, "slice");
    mkdirSync(dir);
    const meta = readFileSync(join(AAN, "acl-metadata.txt"));
    const records = meta
      .toString("latin1")
      .split(/\r?\n\r?\n/)
      .filter((r) => /id = \{(N04-1001|J79-1032f|C73-2028)\}/.test(r));
    expect(records).toHaveLength(3);
    writeFileSync(join(dir, "acl-metadata.txt"), Buffer.from(records.join("\n\n") + "\n", "latin1"));
    writeFileSync(join(dir, "acl.txt"), "J79-1032f , C73-2028\nN04-1001 , C73-2028\nX99-9999 , N04-1001\n");
    const slice = join(tmp.dir, "slice.db");
    const r = await runJson<Report>(["import", "aan", dir, "--db", slice]);
    expect(r).toMatchObject({ papers: 4, edges: 3 });
    const bib = join(tmp.dir, "title-only.bib");
    writeFileSync(bib, "@inproceedings{florian04,\n  title = {A Statistical Model for Multilingual Entity Detection and Tracking},\n  year = {2004}\n}\n");
    expect((await runJson<Report>(["import", "bibtex", bib, "--db", slice])).papers).toBe(4);
    const merged = await runJson<{ sources: { source: string; role: string }[] }>(["show", "N04-1001", "--db", slice]);
    expect(
      merged.sources
        .filter((s) => s.role === "self")
        .map((s) => s.source)
        .sort(),
    ).toEqual(["aan:acl-metadata.txt#N04-1001", "bibtex:title-only.bib#florian04"]);
    const lettered = await runJson<{ id: string }[]>(["builds-on", "acl:J79-1032f", "--db", slice]);
    expect(lettered.map((p) => p.id)).toEqual(["acl:C73-2028"]);
  });
});
