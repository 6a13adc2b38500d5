/**
 * The site-independent checks of issue 26, one by one: what an arXiv identifier says of a
 * paper's date (vocabulary/arxiv-dates.ts) and the years it rules out on every page
 * (ingest/year-checks.ts); bylines split into their facts (bylines.ts); lines shaped like titles
 * that are something else (non-titles.ts); dates labelled as a page's own, kept only when nothing
 * contradicts them, as the settings say (capture-dates.ts); a note's free text (note-text.ts).
 * Names, titles and identifiers are invented.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { arxivFirstVersion, yearFitsArxiv } from "../../../vocabulary/arxiv-dates.ts";
import { checkYears } from "../../../ingest/year-checks.ts";
import { DEFAULT_READER_SETTINGS, settingGrid } from "../../../ingest/reader-settings.ts";
import { readByline } from "../../../ingest/adapters/capture/bylines.ts";
import { isAffiliation, isNonTitle, isPlainPhrase } from "../../../ingest/adapters/capture/non-titles.ts";
import { paperDate } from "../../../ingest/adapters/capture/capture-dates.ts";
import { labelledValues } from "../../../ingest/adapters/capture/labels.ts";
import { MAX_NOTE_CHARS, noteFreeText } from "../../../ingest/adapters/sites/note-text.ts";
import { emptyPage } from "../../../vocabulary/paper-page.ts";

describe("what an arXiv identifier says of the date", () => {
  it("fixes the year and month of the first version, new-style and old-style", () => {
    expect(arxivFirstVersion("2306.05685")).toEqual({ year: 2023, month: 6 });
    expect(arxivFirstVersion("arXiv:2211.09110v2")).toEqual({ year: 2022, month: 11 });
    expect(arxivFirstVersion("hep-th/9901001")).toEqual({ year: 1999, month: 1 });
    expect(arxivFirstVersion("cs/0703012")).toEqual({ year: 2007, month: 3 });
    expect(arxivFirstVersion("2313.00001")).toBeUndefined();
    expect(arxivFirstVersion("10.5555/x")).toBeUndefined();
  });

  it("rules out a year before the first version, and one too long after it", () => {
    expect(yearFitsArxiv(2023, "2306.05685", 2)).toBe(true);
    expect(yearFitsArxiv(2025, "2306.05685", 2)).toBe(true);
    expect(yearFitsArxiv(2026, "2306.05685", 2)).toBe(false);
    expect(yearFitsArxiv(2022, "2306.05685", 2)).toBe(false);
    expect(yearFitsArxiv(1990, undefined, 0)).toBe(true);
  });

  it("leaves out of any page the years its identifiers rule out, and says so", () => {
    const page = emptyPage("page-capture");
    Object.assign(page.paper, { ids: { arxiv: "2306.05685" }, year: 2026, date: "2026-06-26" });
    page.buildsOn.push({ ids: { arxiv: "2109.07958" }, year: 2019 }, { ids: { arxiv: "2109.07958" }, year: 2022 }, { ids: {}, year: 1990 });
    checkYears(page, DEFAULT_READER_SETTINGS);
    expect(page.paper.year).toBeUndefined();
    expect(page.paper.date).toBeUndefined();
    expect(page.buildsOn.map((r) => r.year)).toEqual([undefined, 2022, 1990]);
    expect(page.warnings).toEqual([
      "the page's year was left out: 2026 does not fit arXiv 2306.05685, first posted 2023-06",
      "1 listed paper's year was left out: they do not fit their arXiv identifiers",
    ]);
  });

  it("never lets a year before the first version through, whatever the settings (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 30 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1990, max: 2040 }), fc.constantFrom(...settingGrid()), (yy, mm, year, settings) => {
        const id = `${String(yy).padStart(2, "0")}${String(mm).padStart(2, "0")}.01234`;
        const page = emptyPage("page-capture");
        Object.assign(page.paper, { ids: { arxiv: id }, year });
        checkYears(page, settings);
        const kept = page.paper.year;
        if (kept !== undefined) expect(kept >= 2000 + yy && kept <= 2000 + yy + settings.yearsAfterArxiv).toBe(true);
      }),
      { seed: 20260326, numRuns: 200 },
    );
  });
});

describe("bylines", () => {
  it("split a byline into its identifier, venue, authors and date, glued badges and all", () => {
    expect(readByline("PaperHigh credibilityNeurIPS 2031 (arXiv:3106.90001) · Ada Quill, Bram Okoye, Idunn Berg, et al. · June 9, 2031")).toEqual({
      ids: { arxiv: "3106.90001" },
      venue: { venue: "NeurIPS 2031", year: 2031 },
      authors: { names: ["Ada Quill", "Bram Okoye", "Idunn Berg"], truncated: {} },
      date: "2031-06-09",
      year: 2031,
    });
    expect(readByline("PaperHigh credibilityarXiv:3111.90002 · Ada Quill · November 16, 2031")?.ids).toEqual({ arxiv: "3111.90002" });
    expect(readByline("18 Nov 2031 | Ada Quill*, Bram Okoye*, Idunn Berg")).toMatchObject({ date: "2031-11-18", authors: { names: ["Ada Quill", "Bram Okoye", "Idunn Berg"] } });
    expect(readByline("Ada Quill, Bram Okoye, Idunn Berg. 2031")).toMatchObject({ year: 2031, authors: { names: ["Ada Quill", "Bram Okoye", "Idunn Berg"] } });
  });

  it("are not menus, author lists alone, or titles with a separator", () => {
    expect(readByline("Home | About | Blog")).toBeUndefined();
    expect(readByline("Ada Quill · Bram Okoye · Idunn Berg")).toBeUndefined();
    expect(readByline("Saltmarsh: A Benchmark for Estuaries · 2031")).toBeUndefined();
    expect(readByline("Tidal Benchmarks for Invented Models | Invented Hub")).toBeUndefined();
  });
});

describe("lines shaped like titles that are not", () => {
  it("names bylines, affiliations, lower-case labels, post bylines, plain phrases, cut titles, lead-ins and menus", () => {
    for (const line of [
      "PaperHigh credibilityarXiv · Quill et al. · September 1, 2031",
      "University of Oxford",
      "Invented Institute of Technology",
      "OpenAI",
      "agent: the-gatherer",
      "by lvwerra HF Staff - opened",
      "Quick answer",
      "Our summary",
      "Journal",
      "Tidal Benchmarks for …Tidal Benchmarks for Invented Models...",
      "Go To:",
      "Paper Title Paper Authors Table Of Contents Abstract References",
      "(none)",
      "nan",
      "// the pick",
      "5.1 — Tide Cards",
      "3.2 Results",
      "Harbour Desk  ·  activity  ·  trust",
      "Score, Normalized Score",
    ])
      expect(isNonTitle(line), line).toBe(true);
    for (const line of [
      "Tidal Benchmarks for Invented Models",
      "Gauge-Bench",
      "RoBERTa",
      "GLIMMER (benchmark)",
      "Model evaluation for extreme risks",
      "Why Tides Matter: A Study",
      "METEOR, M-BLEU and M-TER: Metrics for Invented Tides",
      "2.5D Gauges for Reading Machines",
      "Gauges, Tides, and Harbours",
    ])
      expect(isNonTitle(line), line).toBe(false);
    expect(isPlainPhrase("Why it matters")).toBe(true);
    expect(isAffiliation("Allen Institute for AI")).toBe(true);
    expect(isAffiliation("Ada Quill")).toBe(false);
  });
});

describe("dates a page labels as its own", () => {
  const clues = (lines: string[], extra: Partial<Parameters<typeof paperDate>[0]> = {}) => ({ lines, labels: labelledValues(lines), titleLine: 0, headerEnd: 14, ...extra });

  it("are the paper's only when nothing firmer contradicts them", () => {
    const lines = ["Quiet Labels: Measuring How Annotators Copy", "Published: June 26, 2036"];
    expect(paperDate(clues(lines, { bylineDate: "2031-09-01" }))).toEqual({ date: "2031-09-01", year: 2031, source: "near-title" });
    expect(paperDate(clues(lines, { arxiv: "3109.07958" }))).toBeUndefined();
    expect(paperDate(clues(["Quiet Labels", "Published: June 26, 2031"], { arxiv: "3106.90001" }))?.year).toBe(2031);
  });

  it("with nothing to check them against, are kept or left out as the settings say", () => {
    const lines = ["Quiet Labels: Measuring How Annotators Copy", "Published: June 26, 2036"];
    expect(paperDate(clues(lines), { ...DEFAULT_READER_SETTINGS, unconfirmedPublished: "keep" })?.year).toBe(2036);
    expect(paperDate(clues(lines), { ...DEFAULT_READER_SETTINGS, unconfirmedPublished: "drop" })).toBeUndefined();
  });

  it("never are when labelled as an update, a retrieval, a check or an upload", () => {
    for (const label of ["Updated", "Retrieved", "Last verified", "Date post", "Uploaded"]) expect(paperDate(clues(["Quiet Labels", `${label}: June 26, 2036`])), label).toBeUndefined();
  });
});

describe("a note's free text", () => {
  it("is the note under its title heading, Markdown kept, and bounded", () => {
    expect(noteFreeText("# Ebb Tables\n\n## What I took\n\n- a <b>claim</b>\n")).toBe("## What I took\n\n- a <b>claim</b>");
    expect(noteFreeText("# Ebb Tables\n")).toBeUndefined();
    const long = noteFreeText(`# T\n${"a line of the note\n".repeat(3000)}`) ?? "";
    expect(long.length).toBeLessThanOrEqual(MAX_NOTE_CHARS + 2);
    expect(long.endsWith("\n…")).toBe(true);
  });
});
