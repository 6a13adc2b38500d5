/**
 * Records and tables a page shows as text (issue 26): an RIS export flattened or on its lines,
 * read by the RIS importer; and the pages' key-value tables read as fields, never as a title.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { risRecord } from "../../../ingest/adapters/capture/embedded-records.ts";
import { isFieldNameRow, labelledValues } from "../../../ingest/adapters/capture/labels.ts";
import { titleLike } from "../../../ingest/adapters/capture/line-kinds.ts";
import { titleThenAuthors } from "../../../ingest/adapters/capture/title-author-lines.ts";

describe("an RIS export shown as text", () => {
  const record = ["TY  - JOUR", "AU  - Quill, Ada", "AU  - Okoye, Bram", "TI  - Saltmarsh: Counting Birds by Their Calls", "PY  - 2020", "DO  - 10.5555/saltmarsh.2020", "ER  - "];

  it("reads the record on its lines, flattened onto one, or with one space before the hyphen", () => {
    for (const text of [record.join("\n"), record.join(" "), record.join(" ").replace(/ {2}-/g, " -"), `Export\n<pre>${record.join("\n")}</pre>\nBack`]) {
      expect(risRecord(text)).toEqual({ title: "Saltmarsh: Counting Birds by Their Calls", authors: ["Ada Quill", "Bram Okoye"], year: 2020, ids: { doi: "10.5555/saltmarsh.2020" } });
    }
  });

  it("is no record without a type tag, or with a type and nothing else", () => {
    expect(risRecord("AU - Quill, Ada TI - Saltmarsh")).toBeUndefined();
    expect(risRecord("TY - JOUR")).toBeUndefined();
    expect(risRecord("We compare the TY - JOUR tag with others.")).toBeUndefined();
  });

  it("keeps any title's words, whatever it holds, as the flattened record's title (seeded)", () => {
    const word = fc.stringMatching(/^[A-Za-z][a-z]{1,9}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 12 }), (words) => {
        const title = words.join(" ");
        const read = risRecord(`TY - JOUR AU - Quill, Ada TI - ${title} PY - 2021 ER -`);
        expect(read?.title).toBe(title);
        expect(read?.year).toBe(2021);
      }),
      { seed: 26, numRuns: 200 },
    );
  });
});

describe("a key-value table", () => {
  it("is a row of field names, glued or spaced, never a title", () => {
    for (const row of ["AuthorvolumeDate ValuetitletypejournalUrldoiyear", "Title Authors Year Venue", "| Author | volume | Date Value | title |"]) {
      expect(isFieldNameRow(row)).toBe(true);
      expect(titleLike(row, { long: true })).toBe(false);
    }
    for (const title of ["Title Authors Year Venue of Invented Fish", "Saltmarsh: Counting Birds by Their Calls", "Year"]) expect(isFieldNameRow(title)).toBe(false);
  });

  it("reads a Markdown table's header of fields over its row of values, and key-value rows", () => {
    const values = labelledValues(["| Author | volume | title | year |", "|---|---|---|---|", "| Ada Quill, Bram Okoye | 12 | Saltmarsh: Counting Birds | 2020 |"]);
    expect(values.map((v) => [v.kind, v.value])).toEqual([
      ["authors", "Ada Quill, Bram Okoye"],
      ["other", "12"],
      ["title", "Saltmarsh: Counting Birds"],
      ["year", "2020"],
    ]);
    expect(labelledValues(["| title | Saltmarsh: Counting Birds |", "| doi | 10.5555/salt |"]).map((v) => [v.kind, v.value])).toEqual([
      ["title", "Saltmarsh: Counting Birds"],
      ["doi", "10.5555/salt"],
    ]);
  });

  it("reads a flattened table whose header cells are fields, though some are no label alone", () => {
    const values = labelledValues(["Author", "volume", "Url", "title", "Ada Quill", "4", "https://example.org/salt", "Saltmarsh: Counting Birds"]);
    expect(values.find((v) => v.kind === "title")?.value).toBe("Saltmarsh: Counting Birds");
    expect(values.find((v) => v.kind === "authors")?.value).toBe("Ada Quill");
  });
});

describe("a title line that goes on with its authors", () => {
  it.each([
    ["Saltmarsh: Counting Birds by Their Calls, Ada Quill, Bram Okoye, Cy Varga, 2021Invented Workshop", "Saltmarsh: Counting Birds by Their Calls", ["Ada Quill", "Bram Okoye", "Cy Varga"], 2021],
    ["Ask, Then Count: Birds in Saltmarshes, Ada Quill, Bram Okoye", "Ask, Then Count: Birds in Saltmarshes", ["Ada Quill", "Bram Okoye"], undefined],
  ])("%s", (line, title, authors, year) => {
    expect(titleThenAuthors(line)).toEqual({ title, authors, truncated: false, ...(year ? { year } : {}) });
  });

  it("leaves a title whose commas are followed by words, and a list of names alone", () => {
    for (const line of ["Think You Have Counted? Try Saltmarsh, the Bird Census Challenge", "Ada Quill, Bram Okoye, Cy Varga", "Saltmarsh, Ada Quill"]) expect(titleThenAuthors(line)).toBeUndefined();
  });
});
