/**
 * What a title line carries beside the title (title-trims.ts): taken off only when the page shows
 * the title without it, kept otherwise. Titles and names are invented.
 */
import { describe, expect, it } from "vitest";
import { trimTitle } from "../../../ingest/adapters/capture/title-trims.ts";

describe("title trims", () => {
  it("take a site's name off a title line the page repeats alone under it", () => {
    const lines = ["Checking Invented Proofs Step By Step · The Reading Room Contribute", "", "Checking Invented Proofs Step By Step", "Ada Quill, Bram Okoye"];
    expect(trimTitle(lines[0] ?? "", lines, 0)).toEqual({ title: "Checking Invented Proofs Step By Step", at: 2 });
  });

  it("keep a title whose part after the separator the page never drops", () => {
    const lines = ["Tides · A Study of Invented Shores", "", "Ada Quill, Bram Okoye"];
    expect(trimTitle(lines[0] ?? "", lines, 0)).toEqual({ title: "Tides · A Study of Invented Shores" });
  });

  it("take a short name in parentheses off only when the text quotes the title without it", () => {
    const quoted = ["Measuring Invented Tides Across Shores (Tidal)", "", "“Measuring Invented Tides Across Shores,” posted in 2031, …"];
    expect(trimTitle(quoted[0] ?? "", quoted, 0)).toEqual({ title: "Measuring Invented Tides Across Shores" });
    const unquoted = ["Measuring Invented Tides Across Shores (Tidal)", "", "A paper about tides."];
    expect(trimTitle(unquoted[0] ?? "", unquoted, 0)).toEqual({ title: "Measuring Invented Tides Across Shores (Tidal)" });
  });

  it("take the whole title from the bullet under a short-name heading only when the page defines the name", () => {
    const defined = ["Tide-Bench", "- Tidal Evaluation Harness: Measuring Invented Shores Across Seasons", "- Tidal Evaluation Harness benchmark (TIDE-bench)"];
    expect(trimTitle("Tide-Bench", defined, 0)).toEqual({ title: "Tidal Evaluation Harness: Measuring Invented Shores Across Seasons", at: 1 });
    const undefinedName = ["Tide-Bench", "- Tidal Evaluation Harness: Measuring Invented Shores Across Seasons", "- 120 tasks"];
    expect(trimTitle("Tide-Bench", undefinedName, 0)).toEqual({ title: "Tide-Bench" });
  });
});
