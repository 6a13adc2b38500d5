/**
 * How a page's own citation is read when it is not on one line (issue 26): a repository's record
 * with one "Surname, Initials;" a line, a sentence quoting the page's title with who wrote it and
 * when, and what does not count (names of reviewers, a quoted title of another work); and the
 * names of a byline flattened among affiliations as document hosts print a PDF's first page.
 */
import { describe, expect, it } from "vitest";
import { displayOrder, parseAuthorList } from "../../ingest/adapters/capture/author-lists.ts";
import { parseFormattedCitation } from "../../ingest/adapters/capture/formatted-citations.ts";
import { quotedTitleSentence } from "../../ingest/adapters/capture/self-citations.ts";
import { namesAmongAffiliations } from "../../ingest/adapters/capture/affiliated-authors.ts";
import { cutHeadingFlattened } from "../../ingest/adapters/capture/flattened-pdf.ts";

describe("a repository's citation", () => {
  it("reads initials run together as initials", () => {
    expect(displayOrder("Varga, CD")).toBe("C. D. Varga");
    expect(displayOrder("Quill, Ada")).toBe("Ada Quill");
  });

  it("keeps an ellipsis in a semicolon list as hidden names", () => {
    expect(parseAuthorList("Quill, A; Okoye, B; ... Haddad, R;", { labelled: true })).toEqual({ names: ["A. Quill", "B. Okoye", "R. Haddad"], truncated: {} });
  });

  it("reads 'Surname, AB; … (2024) Title. Venue' with its year and venue", () => {
    expect(parseFormattedCitation("Quill, A; Okoye, B; Varga, CD; + view all (2024) Tidewater: Measuring seasonal drift. Journal of Invented Forecasting , 2024 (3)")).toMatchObject({
      title: "Tidewater: Measuring seasonal drift",
      authors: ["A. Quill", "B. Okoye", "C. D. Varga"],
      year: 2024,
      venue: "Journal of Invented Forecasting",
    });
  });

  it("is no citation when prose stands between the names and the year", () => {
    expect(parseFormattedCitation("Quill, A; Okoye, B; and then the committee met in the spring (2024) to decide. Nothing else.")).toBeUndefined();
  });
});

describe("a sentence quoting the page's title", () => {
  const title = "Gloss Before You Guess";
  it("gives the names after 'by' and the year a publishing verb dates", () => {
    const lines = ['"Gloss Before You Guess" is a paper presented at Invented Workshop 2019, co-authored by Ada Quill, Bram Okoye, and Cy Varga from the Harbour Institute. Later work cited it.'];
    expect(quotedTitleSentence(lines, title, 1)).toMatchObject({ authors: ["Ada Quill", "Bram Okoye", "Cy Varga"], year: 2019 });
  });

  it("takes no one a reviewer or a team leader is", () => {
    expect(quotedTitleSentence(['"Gloss Before You Guess" was reviewed by Ada Quill and Bram Okoye.'], title, 1)).toBeUndefined();
    expect(quotedTitleSentence(['"Gloss Before You Guess" was written by a team led by Ada Quill and Bram Okoye.'], title, 1)).toBeUndefined();
  });

  it("reads nothing from a quoted title of another work", () => {
    expect(quotedTitleSentence(['"Brambles Everywhere" was presented at Invented Workshop 2018 by Ada Quill and Bram Okoye.'], title, 1)).toBeUndefined();
  });

  it("does not end the sentence at a middle initial", () => {
    const lines = ['"Gloss Before You Guess" was published in 2020 by Ada P. Quill and Bram Okoye of the Harbour Institute.'];
    expect(quotedTitleSentence(lines, title, 1)).toMatchObject({ authors: ["Ada P. Quill", "Bram Okoye"], year: 2020 });
  });
});

describe("names among affiliations, flattened", () => {
  it("gives an acronym's organisation its place name ('UC Lakeside') and an e-mail placeholder its place", () => {
    expect(namesAmongAffiliations("Ada Quill UC Lakeside Bram Okoye Harbour University Cy Varga UNorland Erik Moen UC Lakeside")).toEqual(["Ada Quill", "Bram Okoye", "Cy Varga", "Erik Moen"]);
    expect(namesAmongAffiliations("Ada Quill Harbour Institute [email protected] Bram Okoye Quarry Research [email protected]")).toEqual(["Ada Quill", "Bram Okoye"]);
  });

  it("leaves a run after an acronym alone when the organisation after it may take a place name", () => {
    expect(namesAmongAffiliations("Ada Quill Study of AI Cy Varga Harbour Research Lab Bram Okoye Invented University")).toEqual(["Ada Quill", "Cy Varga", "Bram Okoye"]);
  });
});

describe("names printed surname first without commas", () => {
  it("turns a list whose names end with given names", () => {
    expect(parseAuthorList("Quill Sarah, Okoye Daniel, Varga Maria")?.names).toEqual(["Sarah Quill", "Daniel Okoye", "Maria Varga"]);
  });

  it("leaves a list alone when any name starts with a given name, or none says", () => {
    expect(parseAuthorList("Sarah Quill, Okoye Daniel, Varga Maria")?.names).toEqual(["Sarah Quill", "Okoye Daniel", "Varga Maria"]);
    expect(parseAuthorList("Wei Chen, Jun Li, Yang Liu")?.names).toEqual(["Wei Chen", "Jun Li", "Yang Liu"]);
  });
});

describe("a document host's heading cut short", () => {
  const flat = (title: string) =>
    `${title} Ada Quill * , Bram Okoye * , Cy Varga *† * Harbour Institute {aquill, bokoye, cvarga}@harbour.example Abstract We present a benchmark of seasonal forecasting tasks drawn from ten invented coastal stations, scored on the season after the one they were trained on.`;

  it("runs the title on past the cut to where a plain name opens the byline", () => {
    const lines = ["Tidewater: Measuring …TIDEWATER: Measuring How Forecasting Models...", "", flat("TIDEWATER: Measuring How Forecasting Models Drift Seasonally")];
    expect(cutHeadingFlattened(lines)).toMatchObject({ title: "TIDEWATER: Measuring How Forecasting Models Drift Seasonally", authors: ["Ada Quill", "Bram Okoye", "Cy Varga"] });
  });

  it("reads nothing when the line under the cut heading does not open with it", () => {
    expect(cutHeadingFlattened(["Brambles: Pruning …", "", flat("TIDEWATER: Measuring How Forecasting Models Drift Seasonally")])).toBeUndefined();
  });
});
