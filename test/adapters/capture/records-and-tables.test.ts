/**
 * Records and tables a page shows as text (issue 26): an RIS export flattened or on its lines,
 * read by the RIS importer; and the pages' key-value tables read as fields, never as a title.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { risRecord } from "../../../ingest/adapters/capture/embedded-records.ts";

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
