/**
 * `npm run eval -- pages` on pages written for the tests in the layout of the shared real pages
 * (test/eval/pages-layout: invented works), so that the evaluation cannot rot: what it reports
 * per page and per work, and the targets, met; then on copies whose expectations were changed, so
 * that each check is seen to fail: a false merge, a split work, a wrong year, a title that is not
 * exact, a cited work the page must not make a paper of, a refusal whose reason is false.
 */
import { afterAll, describe, expect, it } from "vitest";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pagesEvaluation, { evaluatePages, pagesText, type PagesReport } from "../../eval/pages.ts";
import { ROOT, tempDir } from "../helpers/cli.ts";

const FIX = join(ROOT, "test/eval/pages-layout");
const tmp = tempDir();
afterAll(() => tmp.cleanup());

const page = (r: PagesReport, slug: string) => r.pages.find((p) => p.slug === slug);
const target = (r: PagesReport, start: string) => r.targets.find((t) => t.target.startsWith(start));

/** A copy of the fixture folder with some expectations changed. */
function changed(name: string, edits: Record<string, (e: Record<string, unknown> & { expected: Record<string, unknown> }) => void>): string {
  const dir = join(tmp.dir, name);
  cpSync(FIX, dir, { recursive: true });
  for (const [slug, edit] of Object.entries(edits)) {
    const file = join(dir, `${slug}.expected.json`);
    const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown> & { expected: Record<string, unknown> };
    edit(json);
    writeFileSync(file, JSON.stringify(json));
  }
  return dir;
}

describe("the pages evaluation on invented pages", () => {
  const report = evaluatePages(FIX);

  it("reads every page through `lineage ingest`, each as its content says, and checks it field by field", () => {
    expect(report.pages.map((p) => [p.slug, p.format, p.accepted]).sort()).toEqual([
      ["ebb--abstract", "bare-abstract", true],
      ["ebb--ris", "ris", true],
      ["flood--benchmark-card", "refused", false],
      ["tides--bibtex", "bibtex", true],
      ["tides--jsonld", "jsonld", true],
      ["tides--markdown-note", "markdown-page", true],
    ]);
    expect(page(report, "tides--bibtex")?.check).toMatchObject({
      title: { exact: true },
      year: { shown: true, found: true },
      authors: { shown: 2, found: 2 },
      ids: { shown: 1, found: 1 },
      becamePapers: [],
    });
    expect(page(report, "flood--benchmark-card")?.refusal).toEqual({ reason: "a JSON document that is not a paper record (top-level keys: benchmark_details, methodology)", true: "true" });
    expect(report.problems).toEqual(["README.md: no README.expected.json beside it"]);
  });

  it("finds each work seen on several pages in one node, with an exact title, and no false merge", () => {
    expect(report.works.map((w) => [w.work, w.accepted, w.nodes.map((n) => n.title), w.titleExact])).toEqual([
      ["ebb", 2, ["Ebb Tables"], true],
      ["flood", 0, [], false],
      ["tides", 3, ["Tidal Benchmarks for Invented Models"], true],
    ]);
    expect(report.falseMerges).toEqual([]);
  });

  it("prints the issue's targets, met or missed, with their figures", () => {
    expect(report.targets.map((t) => [t.met, t.value])).toEqual([
      [false, "2/3 (66.7%)"],
      [true, "5/5 (100%)"],
      [true, "3/3 (100%)"],
      [true, "4/4 (100%)"],
      [true, "2/2 (100%)"],
      [true, "0"],
      [true, "0 false of 1 refusals (1 pages about a work refused)"],
      [true, "0 wrong years, 0 wrong identifiers"],
      [true, "0"],
    ]);
    const text = pagesText(report).join("\n");
    expect(text).toContain("  tides--bibtex [bibtex]: title exact; year 2031; authors 2/2; ids 1/1");
    expect(text).toContain("  MISSED titles exact on at least 95% of works: 2/3 (66.7%)");
    expect(text).toContain("  met    every work seen on several pages is one node: 2/2 (100%)");
  });

  it("takes the folder from --pages, as the acceptance check runs it on pages it has not seen", async () => {
    const logged: string[] = [];
    const r = await pagesEvaluation({ sharedData: join(tmp.dir, "no-shared-data"), args: ["--pages", FIX], log: (l) => logged.push(l) });
    expect(logged).toEqual([`reading ${FIX}`]);
    expect(r.text).toContain("Targets (issue 16):");
    expect((r.figures as PagesReport).pages).toHaveLength(6);
  });
});

describe("each check can fail", () => {
  it("reports a false merge when two works share a node, and a split when one work's pages do not", () => {
    const dir = changed("merge-and-split", {
      "tides--jsonld": (j) => (j.work = "spring"),
      "ebb--abstract": (j) => (j.work = "tides"),
    });
    const r = evaluatePages(dir);
    expect(r.falseMerges.map((m) => m.works)).toEqual(
      expect.arrayContaining([
        ["spring", "tides"],
        ["ebb", "tides"],
      ]),
    );
    expect(target(r, "no false merges")?.met).toBe(false);
    expect(r.works.find((w) => w.work === "tides")?.nodes).toHaveLength(2);
    expect(target(r, "every work seen on several pages")?.met).toBe(false);
  });

  it("reports a year missed or wrong, a title not exact, an identifier missed and a paper made of chrome", () => {
    const dir = changed("misses", {
      "ebb--ris": (j) => Object.assign(j.expected, { year: 2030, year_acceptable: [2030] }),
      "tides--markdown-note": (j) => Object.assign(j.expected, { title: "Tidal benchmarks for invented models", ids: { arxiv: "3104.01234", doi: "10.5555/not-read" } }),
      "tides--jsonld": (j) => Object.assign(j.expected, { must_not_become_papers: ["Ebb Tables"] }),
    });
    const r = evaluatePages(dir);
    expect(page(r, "ebb--ris")?.check?.year).toEqual({ shown: true, read: 2029, found: false, wrong: true });
    expect(page(r, "tides--markdown-note")?.check?.title).toEqual({ read: "Tidal Benchmarks for Invented Models", exact: false, normalised: true });
    expect(page(r, "tides--markdown-note")?.check?.ids).toMatchObject({ shown: 2, found: 1, missing: ["doi:10.5555/not-read"] });
    expect(page(r, "tides--jsonld")?.check?.becamePapers).toEqual(["Ebb Tables"]);
    for (const t of ["years found", "every identifier shown", "no wrong year", "no site chrome"]) expect(target(r, t)?.met, t).toBe(false);
  });

  it("calls a refusal's reason false when it says a page has no title that its expectation shows", () => {
    const dir = changed("false-refusal", {});
    writeFileSync(join(dir, "flood--benchmark-card.json"), "-- 12 -- 34 --\n== ## ==\n");
    const r = evaluatePages(dir);
    expect(page(r, "flood--benchmark-card")?.refusal).toEqual({ reason: "not a paper page: no title, identifier or abstract-like prose", true: "false" });
    expect(target(r, "every refusal's reason true")?.met).toBe(false);
  });
});
