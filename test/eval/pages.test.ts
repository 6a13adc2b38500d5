/**
 * `npm run eval -- pages` on pages written for the tests in the layout of the shared real pages
 * (test/eval/pages-layout: invented works), so that the evaluation cannot rot: what it reports
 * per page and per work, and the targets, met; then on copies whose expectations were changed, so
 * that each check is seen to fail: a false merge, a split work, a wrong year, a title that is not
 * exact, a cited work the page must not make a paper of, a refusal whose reason is false.
 */
import { afterAll, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pagesEvaluation, { evaluatePages, pagesText, type PagesReport } from "../../eval/pages.ts";
import { losoPages } from "../../eval/pages-loso.ts";
import { losoText } from "../../eval/pages-text.ts";
import { DEFAULT_READER_SETTINGS, sameSettings } from "../../ingest/reader-settings.ts";
import { parsePage } from "../../ingest/parse-page.ts";
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

  it("prints the issues' targets, met or missed, with their figures, wrong facts apart from missing ones", () => {
    expect(report.targets.map((t) => [t.met, t.value])).toEqual([
      [false, "2/3 (66.7%)"],
      // The refused benchmark card shows a title and an identifier: both missed, neither wrong.
      [false, "5/6 (83.3%), 0 wrong"],
      [true, "5/5 (100%), 0 wrong"],
      [true, "3/3 (100%), 0 wrong"],
      [false, "4/5 (80%), 0 wrong"],
      // The works' nodes, as `lineage show` gives them.
      [true, "2/2 (100%), 0 wrong"],
      [true, "2/2 (100%), 0 wrong"],
      [true, "2/2 (100%)"],
      [true, "0"],
      [true, "0 false of 1 refusals (1 pages about a work refused)"],
      [true, "0 wrong titles, 0 wrong years, 0 wrong identifiers"],
      [true, "0"],
    ]);
    expect(report.totals.title).toEqual({ right: 5, wrong: 0, missing: 1, inexact: 0 });
    expect(report.workTally).toEqual({ oneNode: 2, split: 0, falseMerges: 0 });
    expect(report.works.map((w) => [w.work, w.year, w.authors])).toEqual([
      ["ebb", "right", "right"],
      ["flood", undefined, undefined],
      ["tides", "right", "right"],
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
    expect(r.text).toContain("Targets (issues 16 and 26):");
    expect((r.figures as { development: PagesReport }).development.pages).toHaveLength(6);
  });
});

describe("the whole evaluation", () => {
  it("measures the development corpus site by site held out, then the further pages kept outside the repository, and says when there are none", async () => {
    const shared = join(tmp.dir, "shared-data");
    mkdirSync(shared);
    cpSync(FIX, join(shared, "real-pages"), { recursive: true });
    const extra = changed("further-pages", {});
    const before = process.env.LINEAGE_EXTRA_PAGES;
    try {
      process.env.LINEAGE_EXTRA_PAGES = extra;
      const r = await pagesEvaluation({ sharedData: shared, args: [], log: () => {} });
      expect(r.text).toContain("Leave-one-site-out (6 sites)");
      expect(r.text).toContain(`Further real pages, held out (sites never in the development corpus): ${extra} (6 pages, 6 sites, 3 works)`);
      expect((r.figures as { extra: unknown[] }).extra).toHaveLength(1);
      process.env.LINEAGE_EXTRA_PAGES = join(tmp.dir, "not-there");
      const none = await pagesEvaluation({ sharedData: shared, args: [], log: () => {} });
      expect(none.text).toContain("LINEAGE_EXTRA_PAGES names folders that are not there");
    } finally {
      if (before === undefined) delete process.env.LINEAGE_EXTRA_PAGES;
      else process.env.LINEAGE_EXTRA_PAGES = before;
    }
  });
});

describe("leave-one-site-out", () => {
  it("reads each site with settings chosen on the others, and says which rules were written for it", () => {
    const loso = losoPages(evaluatePages(FIX));
    expect(loso.folds.map((f) => f.host)).toEqual(["abstracts.example.org", "bib.example.org", "cards.example.org", "journal.example.org", "notes.example.org", "papers.example.org"]);
    expect(loso.folds.every((f) => sameSettings(f.settings, DEFAULT_READER_SETTINGS))).toBe(true);
    expect(loso.allIn.isDefault).toBe(true);
    expect(loso.agreesWithIngest).toBe(true);
    expect(loso.totals).toEqual(evaluatePages(FIX).totals);
    expect(loso.workTally).toEqual({ oneNode: 2, split: 0, falseMerges: 0 });
    const text = losoText(loso).join("\n");
    expect(text).toContain("Leave-one-site-out (6 sites)");
    expect(text).toMatch(/notes\.example\.org +1 +1\/1 .*site adapter for|notes\.example\.org +1 +1\/1 .*general rules only/);
  });

  it("chooses, without a site, the settings that read the other sites' years right, and holds the site out from them", () => {
    // Three invented summary sites: each prints a year of its own under "Year", years after the first
    // version its arXiv identifier dates: read with a loose enough setting, it becomes the paper's.
    const dir = join(tmp.dir, "summary-sites");
    mkdirSync(dir);
    ["alpha", "beta", "gamma"].forEach((site, k) => {
      const slug = `work${k}--${site}`;
      writeFileSync(
        join(dir, `${slug}.txt`),
        [
          `Invented Summary Site ${site}`,
          "",
          `Benchmarking Invented Gauges Volume ${k + 1}`,
          "",
          `arXiv:230${k + 1}.0400${k}`,
          "",
          "Our summary",
          "",
          "A long enough sentence about what the invented paper measures, and why it matters to the reader.",
          "",
          "Year: 2031",
          "",
        ].join("\n"),
      );
      writeFileSync(
        join(dir, `${slug}.expected.json`),
        JSON.stringify({
          site: `${site}.example.org`,
          work: `work${k}`,
          expected: { title: `Benchmarking Invented Gauges Volume ${k + 1}`, year: null, year_acceptable: [2023], ids: { arxiv: `230${k + 1}.0400${k}` }, authors: [] },
        }),
      );
    });
    const bytes = readFileSync(join(dir, "work0--alpha.txt"));
    const loose = parsePage(bytes, "work0--alpha.txt", { settings: { ...DEFAULT_READER_SETTINGS, yearsAfterArxiv: 100 } });
    expect(loose.ok && loose.page.paper.year).toBe(2031);
    const strict = parsePage(bytes, "work0--alpha.txt");
    expect(strict.ok && strict.page.paper.year).toBeUndefined();
    const loso = losoPages(evaluatePages(dir));
    // Chosen on the two other sites, the settings never let 2031 be the paper's year.
    for (const f of loso.folds) expect(f.settings.yearsAfterArxiv).toBeLessThan(8);
    expect(loso.totals.year.wrong).toBe(0);
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
    expect(page(r, "ebb--ris")?.outcomes.year).toBe("wrong");
    expect(page(r, "tides--markdown-note")?.check?.title).toEqual({ read: "Tidal Benchmarks for Invented Models", exact: false, normalised: true });
    expect(page(r, "tides--markdown-note")?.check?.ids).toMatchObject({ shown: 2, found: 1, missing: ["doi:10.5555/not-read"] });
    expect(page(r, "tides--jsonld")?.check?.becamePapers).toEqual(["Ebb Tables"]);
    for (const t of ["years right", "every identifier shown", "no wrong title", "no site chrome"]) expect(target(r, t)?.met, t).toBe(false);
  });

  it("calls a refusal's reason false when it says a page has no title that its expectation shows", () => {
    const dir = changed("false-refusal", {});
    writeFileSync(join(dir, "flood--benchmark-card.json"), "-- 12 -- 34 --\n== ## ==\n");
    const r = evaluatePages(dir);
    expect(page(r, "flood--benchmark-card")?.refusal).toEqual({ reason: "not a paper page: no title, identifier or abstract-like prose", true: "false" });
    expect(target(r, "every refusal's reason true")?.met).toBe(false);
  });
});
