/** Labelled values in their printed forms, and the paper's date from what a capture shows. */
import { describe, expect, it } from "vitest";
import { labelledValues } from "../../../ingest/adapters/capture/labels.ts";
import { arxivSubmission, paperDate, venueLine, venueStatementLine } from "../../../ingest/adapters/capture/capture-dates.ts";
import { findDate, parseMonthYear } from "../../../ingest/dates.ts";

const values = (lines: string[]) => labelledValues(lines).map((v) => [v.kind, v.value]);

describe("labelled values", () => {
  it("reads labels with their values on the line, glued, boxed and in bold", () => {
    expect(values(["Title:Quiet Gradients", "**Authors:** Ada Quill, Bram Okoye", "Year : 2023 (Invented Workshop 2024)"])).toEqual([
      ["title", "Quiet Gradients"],
      ["authors", "Ada Quill, Bram Okoye"],
      ["year", "2023 (Invented Workshop 2024)"],
    ]);
  });

  it("reads a label alone over its value, and an empty label followed by the next", () => {
    expect(values(["Anthology ID:", "2023.emnlp-main.9187", "SIG:", "Publisher:", "Invented Association"])).toEqual([
      ["acl", "2023.emnlp-main.9187"],
      ["other", ""],
      ["other", "Invented Association"],
    ]);
  });

  it("reads a flattened table: the labels first, their values after in the same order", () => {
    expect(values(["Year", "Venue", "DocType", "2019", "ICDAR", "Conference"])).toEqual([
      ["year", "2019"],
      ["venue", "ICDAR"],
      ["other", "Conference"],
    ]);
  });

  it("does not read a title's colon or a menu entry as a label", () => {
    expect(values(["G-Eval: Invented Evaluation with Models", "Proceedings", "Future Meetings"])).toEqual([]);
  });
});

describe("dates", () => {
  it("finds dates glued to their neighbours, and months with years", () => {
    expect(findDate("articleJan 1, 2023GOLD OA")).toEqual({ iso: "2023-01-01", at: 7 });
    expect(findDate("2019-04-21ICLR 2020Code")).toEqual({ iso: "2019-04-21", at: 0 });
    expect(findDate("2023-13-01")).toBeUndefined();
    expect(parseMonthYear("**arXiv preprint:** August 2023")).toBe("2023-08");
  });

  it("takes the first version's date of an arXiv paper, never a revision's", () => {
    expect(arxivSubmission(["[Submitted on 14 Mar 2024 (v1), last revised 2 Sep 2025 (this version, v3)]"])).toBe("2024-03-14");
    expect(arxivSubmission(["[v1] Thu, 14 Mar 2024 09:12:40 UTC (812 KB)", "[v2] Mon, 20 May 2024"])).toBe("2024-03-14");
    expect(arxivSubmission(["arXiv:2502.94017v1 [cs.IR] 09 Apr 2025"])).toBe("2025-04-09");
    expect(arxivSubmission(["arXiv:2502.94017v2 [cs.IR] 09 Apr 2025"])).toBeUndefined();
  });

  it("reads venues' years from running heads and venue lines", () => {
    expect(venueStatementLine("Published as a conference paper at ICLR 2022")).toEqual({ venue: "ICLR 2022", year: 2022 });
    expect(venueLine("ICLR 2025 Poster")).toEqual({ venue: "ICLR 2025 Poster", year: 2025 });
    expect(venueLine("Most Cited EMNLP 2021 Paper")).toBeUndefined();
  });

  it("prefers a labelled date, then the page's own record, to a date near the title", () => {
    const lines = ["A Title", "February 6, 2026", "Updated: Jan 2, 2026"];
    expect(paperDate({ lines, labels: labelledValues(lines), titleLine: 0, headerEnd: 3, recordYear: 2023 })).toEqual({ year: 2023, source: "record" });
    expect(paperDate({ lines, labels: labelledValues(lines), titleLine: 0, headerEnd: 3 })).toMatchObject({ year: 2026, source: "near-title" });
    const labelled = ["A Title", "Published: May 21, 2019", "Updated: Jun 16, 2025"];
    expect(paperDate({ lines: labelled, labels: labelledValues(labelled), titleLine: 0, headerEnd: 3, recordYear: 2020 })).toEqual({ date: "2019-05-21", year: 2019, source: "labelled" });
  });

  it("reads no year from counts, template dates, edition or review dates", () => {
    for (const line of [
      "(2018; 20 February 2007; 12 March 2009; 5 June 2009)",
      "arXiv.org · 8,712 Citations",
      "Edition: 2026-03",
      "Sieve reviewed 2026-04-02 10:14 UTC",
      "© 2021 Invented Publishers",
      "2019",
    ]) {
      const lines = ["A Title", line];
      expect(paperDate({ lines, labels: labelledValues(lines), titleLine: 0, headerEnd: 2 }), line).toBeUndefined();
    }
  });
});
