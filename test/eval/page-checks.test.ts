/**
 * The checks of the pages evaluation (eval/page-checks.ts), one by one: an expectation read
 * leniently, author names matched across "Surname, I." and "Given Surname" forms, a refusal's
 * reason judged against the file and its expectation, and the record of a file that is the page's
 * paper. Names and titles are invented.
 */
import { describe, expect, it } from "vitest";
import { authorMatches, checkPage, outcomesOf, pickRecord, readExpectation, refusalTruth, workFacts, type PageExpectation } from "../../eval/page-checks.ts";
import { emptyPage, type PaperPage } from "../../vocabulary/paper-page.ts";

const expectation = (fields: Record<string, unknown> = {}, top: Record<string, unknown> = {}): PageExpectation => {
  const e = readExpectation("slug", {
    site: "an invented site",
    work: "tides",
    ...top,
    expected: { title: "Tidal Benchmarks", year: null, year_acceptable: [], ids: {}, authors: [], must_not_become_papers: [], ...fields },
  });
  if ("reason" in e) throw new Error(e.reason);
  return e;
};

const page = (title: string, extra: Partial<PaperPage["paper"]> = {}): PaperPage => {
  const p = emptyPage("bibtex");
  Object.assign(p.paper, { title }, extra);
  return p;
};

describe("readExpectation", () => {
  it("reads the fields it checks and leaves null identifiers out", () => {
    const e = expectation({ year: 2031, year_acceptable: [2030, 2031], ids: { arxiv: "3104.01234", doi: null }, authors: ["Quill, A."] }, { page_kind: "listing" });
    expect(e).toMatchObject({ title: "Tidal Benchmarks", year: 2031, yearAcceptable: [2030, 2031], ids: { arxiv: "3104.01234" }, authors: ["Quill, A."], pageKind: "listing" });
    expect(readExpectation("x", { expected: "no" })).toEqual({ reason: "no `expected` object" });
  });
});

describe("authorMatches", () => {
  it("matches a surname with a compatible first initial, in either order and without accents", () => {
    expect(authorMatches("Quill, A.", "Ada Quill")).toBe(true);
    expect(authorMatches("Ibáñez, Chen", "Chen Ibanez")).toBe(true);
    expect(authorMatches("Oyelaran, B. P. d. O.", "Bram Oyelaran")).toBe(true);
    expect(authorMatches("Quill, A.", "Bea Quill")).toBe(false);
    expect(authorMatches("Ada Quill", "Ada Quilling")).toBe(false);
  });
});

describe("refusalTruth", () => {
  it("calls a reason false when it denies a title the page shows, and true when the file is what it says", () => {
    expect(refusalTruth("not a paper page: no title, identifier or abstract-like prose", "# Tidal Benchmarks", expectation())).toBe("false");
    expect(refusalTruth("not a paper page: no title, identifier or abstract-like prose", "-- --", expectation({ title: null }))).toBe("true");
    expect(refusalTruth("a JSON document that is not a paper record (top-level keys: a)", '{"a": 1}', expectation())).toBe("true");
    expect(refusalTruth("a JSON document that is not a paper record (top-level keys: a)", "# not JSON", expectation())).toBe("false");
    expect(refusalTruth("a CSV table (3 columns: a, b, c), not a page", "a,b,c\n1,2,3", expectation())).toBe("true");
    expect(refusalTruth('a listing of 4 papers ("A", …), not one paper\'s page', "…", expectation({ title: null }, { page_kind: "listing" }))).toBe("true");
    expect(refusalTruth('a listing of 4 papers ("A", …), not one paper\'s page', "…", expectation())).toBe("false");
    expect(refusalTruth("file is 9 MB, over the 5 MB limit", "…", expectation())).toBe("unchecked");
  });
});

describe("checkPage", () => {
  it("checks the record that is the page's paper, and reads years, authors and identifiers against what is shown", () => {
    const e = expectation({
      year: 2031,
      year_acceptable: [2031],
      ids: { arxiv: "3104.01234", doi: "10.5555/TIDES" },
      authors: ["Quill, Ada", "Oyelaran, Bram"],
      must_not_become_papers: ["Invented Proceedings"],
    });
    const other = page("Ebb Tables", { year: 2029 });
    const ours = page("Tidal  Benchmarks", { year: 2031, authors: ["Ada Quill"], ids: { arxiv: "3104.01234v2", doi: "10.5555/tides" } });
    ours.buildsOn.push({ ids: {}, title: "Invented Proceedings" });
    expect(pickRecord([other, ours], e)).toBe(ours);
    expect(checkPage([other, ours], e)).toEqual({
      title: { read: "Tidal  Benchmarks", exact: true, normalised: true },
      year: { shown: true, read: 2031, found: true, wrong: false },
      authors: { shown: 2, found: 1, read: 1, wrong: [] },
      ids: { shown: 2, found: 2, missing: [], wrong: [], extra: [] },
      becamePapers: ["Invented Proceedings"],
    });
  });

  it("counts a wrong fact apart from a missing one, and checks what a page does not show against its work's other pages", () => {
    const e = expectation({ title: "Tidal Benchmarks", year: 2031, year_acceptable: [2031], ids: { arxiv: "3104.01234" }, authors: ["Quill, Ada", "Oyelaran, Bram"] });
    const bare = expectation({ title: null, year: null, year_acceptable: [], ids: {}, authors: [] });
    const work = workFacts([e, bare]);
    const right = checkPage([page("Tidal Benchmarks", { year: 2031, authors: ["Ada Quill", "Bram Oyelaran"], ids: { arxiv: "3104.01234" } })], e, work.get("tides"));
    expect(outcomesOf(right, e)).toEqual({ title: "right", year: "right", authors: "right", ids: "right" });
    const wrong = checkPage([page("Invented Proceedings", { year: 2026, authors: ["Ada Quill", "Gursimran Presenter"], ids: { arxiv: "3104.09999" } })], e, work.get("tides"));
    expect(wrong.authors.wrong).toEqual(["Gursimran Presenter"]);
    expect(outcomesOf(wrong, e)).toEqual({ title: "wrong", year: "wrong", authors: "wrong", ids: "wrong" });
    const missing = checkPage([page("TIDAL BENCHMARKS", { authors: ["Ada Quill"] })], e, work.get("tides"));
    expect(outcomesOf(missing, e)).toEqual({ title: "inexact", year: "missing", authors: "missing", ids: "missing" });
    expect(outcomesOf(undefined, e)).toEqual({ title: "missing", year: "missing", authors: "missing", ids: "missing" });
    // A page that shows nothing: what it reads is checked against the work's pages.
    const fromBare = checkPage([page("Some Other Title", { year: 2031, authors: ["Bram Oyelaran"], ids: { arxiv: "3104.05555" } })], bare, work.get("tides"));
    expect(fromBare.unexpectedTitle).toBe("Some Other Title");
    expect(outcomesOf(fromBare, bare)).toEqual({ title: "wrong", year: "none", authors: "none", ids: "wrong" });
    expect(outcomesOf(checkPage([page("Tidal Benchmarks", { year: 2035 })], bare, work.get("tides")), bare)).toMatchObject({ title: "none", year: "wrong" });
  });

  it("calls a year not shown but read wrong only when it is not one the expectation accepts", () => {
    const e = expectation({ year: null, year_acceptable: [2030, 2031] });
    expect(checkPage([page("Tidal Benchmarks", { year: 2030 })], e).year).toEqual({ shown: false, read: 2030, found: true, wrong: false });
    expect(checkPage([page("Tidal Benchmarks", { year: 2035 })], e).year).toEqual({ shown: false, read: 2035, found: false, wrong: true });
  });
});
