/**
 * `lineage import FORMAT PATH...` on every folder of test/fixtures/sources (S2, OpenAlex, BibTeX
 * and RIS written for the tests in the real formats): the report's shape, exit codes, provenance,
 * and idempotence (the same files again change nothing).
 */
import { afterAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { ROOT, runCli, runJson, tempDir } from "../helpers/cli.ts";

interface Report {
  format: string;
  records: { imported: number; new: number; updated: number; unchanged: number; failed: number };
  papers: number;
  edges: number;
  warnings: { path: string; warning: string }[];
  errors: { path: string; reason: string; line?: number; key?: string }[];
}

const FIX = join(ROOT, "test/fixtures/sources");
const tmp = tempDir();
afterAll(() => tmp.cleanup());

async function importJson(db: string, ...args: string[]): Promise<{ code: number; report: Report }> {
  const r = await runCli(["import", ...args, "--db", db, "--json"]);
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

describe("lineage import", () => {
  const db = join(tmp.dir, "all.db");

  it("imports the Semantic Scholar folder, reporting the one list it cannot attach", async () => {
    const { code, report } = await importJson(db, "s2", join(FIX, "s2"));
    expect(code).toBe(1);
    expect(report.records).toEqual({ imported: 7, new: 7, updated: 0, unchanged: 0, failed: 1 });
    expect(report.errors).toEqual([{ path: join(FIX, "s2/cassette-citations-by-corpus-id.yaml"), key: "CorpusID:90417117", at: "interaction 1", reason: expect.stringMatching(/corpus ID/) }]);
    // The full paper record, its 14 references and 300 citations; the DOI paper and its 67 references.
    expect(report.edges).toBe(14 + 300 + 67);
    expect(report.papers).toBeGreaterThan(300);
  });

  it("imports the OpenAlex folder, one paper per distinct work", async () => {
    const { code, report } = await importJson(db, "openalex", join(FIX, "openalex"));
    expect(code).toBe(0);
    expect(report.records.imported).toBe(7);
    expect(report.errors).toEqual([]);
  });

  it("imports BibTeX, keeping the good entries and exiting 1 for the malformed ones", async () => {
    const { code, report } = await importJson(db, "bibtex", join(FIX, "bib"));
    expect(code).toBe(1);
    expect(report.records).toMatchObject({ imported: 37, failed: 4 });
    expect(report.errors.map((e) => e.line)).toEqual([15, 81, 283, 312]);
  });

  it("imports RIS exports", async () => {
    const { code, report } = await importJson(db, "ris", join(FIX, "ris"));
    expect(code).toBe(1);
    expect(report.records).toMatchObject({ imported: 16, failed: 1 });
  });

  it("merges the same paper from different sources into one node with every source listed", async () => {
    // The DeltaNER paper is in the BibTeX file, the RIS export made from it, and nowhere else.
    const show = await runJson<{ id: string; sources: { source: string; format: string }[] }>(["show", "doi:10.5555/tib.2023.0417", "--db", db]);
    expect(show.sources.map((s) => s.format).sort()).toEqual(["bibtex", "ris"]);
    const sketches = await runJson<{ sources: { source: string }[] }>(["show", "doi:10.5555/sigdata.2021.1386", "--db", db]);
    expect(sketches.sources.map((s) => s.source).sort()).toEqual(["openalex:cassette-work-by-doi.yaml#W9931744278", "openalex:conference-paper-work.json#W9931744278"]);
  });

  it("changes nothing when the same files are imported again", async () => {
    const { report } = await importJson(db, "openalex", join(FIX, "openalex"));
    expect(report.records).toMatchObject({ imported: 7, new: 0, updated: 0, unchanged: 7 });
  });

  it("refuses an unknown format or a missing path with a usage error", async () => {
    expect((await runCli(["import", "csv", "x.csv", "--db", db])).code).toBe(2);
    expect((await runCli(["import", "bibtex", "--db", db])).code).toBe(2);
    const missing = await runCli(["import", "bibtex", join(tmp.dir, "nope.bib"), "--db", db]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nope\.bib: no such file or folder/);
  });

  it("says what is wrong with a file of the wrong kind", async () => {
    const { report } = await importJson(db, "s2", join(FIX, "bib/software-citation.bib"));
    expect(report.errors[0]?.reason).toMatch(/^not JSON/);
    const aan = await importJson(db, "aan", join(FIX, "bib/software-citation.bib"));
    expect(aan.report.errors[0]?.reason).toMatch(/^not an AAN file/);
  });
});
