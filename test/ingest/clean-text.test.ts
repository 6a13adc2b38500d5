/**
 * One text cleaning for every adapter and importer (issue 17, item 7). Control characters (ESC,
 * BEL, DEL, C1, and NUL past the first 8 kB, where the binary check does not look) never reach a
 * stored title, author, venue or abstract; a title of a megabyte is cut at a word boundary under
 * MAX_TITLE_CHARS with an ellipsis and a page warning, whatever read it: each of the six page
 * adapters (through parsePage, as `ingest` and the crawler call them) and the five importers.
 * A Markdown page with such a title is read as a Markdown page, not refused with a false reason.
 */
import { describe, expect, it } from "vitest";
import { boundTitle, cleanLine, cleanPage, cleanProse, MAX_TITLE_CHARS } from "../../vocabulary/clean-text.ts";
import { parsePage } from "../../ingest/parse-page.ts";
import { importSources } from "../../ingest/sources/import-sources.ts";
import { emptyPage, type PageAdapterFormat, type PaperPage, type SourceFormat } from "../../vocabulary/paper-page.ts";
import { pageFaults } from "../sources/field-mutations.ts";
import { inventedAan, inventedBibtex, inventedOpenAlexWork, inventedRis, inventedS2Paper } from "../sources/invented-records.ts";

const ESC = "\u001b[31m";
const BEL = "\u0007";
const NUL = "\u0000";
/** More than the 8 kB decodePage looks at for NUL bytes. */
const PAST_8KB = "Filler sentence about nothing in particular. ".repeat(200);
const HUGE_TITLE = "Enormous ".repeat(120_000).trim();

describe("cleanLine, cleanProse and boundTitle", () => {
  it("drops control characters and collapses whitespace in one-line fields", () => {
    expect(cleanLine(`  A ${ESC}red${BEL} title\u0000 with\u009b C1\u007f and\ttabs\r\n  `)).toBe("A [31mred title with C1 and tabs");
    expect(cleanLine("\u0000\u0001\u001f")).toBe("");
  });

  it("keeps the newlines of prose and nothing else of the control range", () => {
    expect(cleanProse(`First para${BEL}.\r\n\r\nSecond\tpara${NUL}.`)).toBe("First para.\n\nSecond para.");
  });

  it("cuts a long title at a word boundary, with an ellipsis, under the bound", () => {
    const cut = boundTitle(HUGE_TITLE);
    expect(cut.cutFrom).toBe(HUGE_TITLE.length);
    expect(cut.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(cut.title).toMatch(/^(Enormous )+Enormous…$/);
    const oneWord = boundTitle("x".repeat(5_000));
    expect(oneWord.title).toBe(`${"x".repeat(MAX_TITLE_CHARS - 1)}…`);
    // A cut never leaves half of a surrogate pair.
    const emoji = boundTitle("😀".repeat(3_000)).title;
    expect(emoji.endsWith("😀…")).toBe(true);
    expect(boundTitle("A short title")).toEqual({ title: "A short title" });
  });

  it("cleans every shown text of a page, and is idempotent", () => {
    const page: PaperPage = emptyPage("markdown-page");
    page.paper.title = `T${ESC}`;
    page.paper.authors = [`Ada${BEL}`, NUL];
    page.paper.venue = `V${NUL}`;
    page.buildsOn = [
      { ids: {}, title: `R${BEL}` },
      { ids: {}, title: NUL },
      { ids: { arxiv: "2401.90001" }, title: NUL },
    ];
    page.related = [{ title: `Rel${ESC}`, note: `n${BEL}` }];
    page.facts.directions = [{ name: `D${BEL}`, area: `A${NUL}` }];
    page.facts.summary = `S${ESC}\nline`;
    cleanPage(page);
    expect(page.paper).toMatchObject({ title: "T[31m", authors: ["Ada"], venue: "V" });
    expect(page.buildsOn).toEqual([{ ids: {}, title: "R" }, { ids: { arxiv: "2401.90001" } }]);
    expect(page.related).toEqual([{ title: "Rel[31m", note: "n" }]);
    expect(page.facts.directions).toEqual([{ name: "D", area: "A" }]);
    expect(page.facts.summary).toBe("S[31m\nline");
    expect(page.warnings).toEqual(["1 listed entry held only control characters and were left out"]);
    const again = JSON.stringify(cleanPage(JSON.parse(JSON.stringify(page)) as PaperPage));
    expect(again).toBe(JSON.stringify(page));
  });
});

/** A page of each format, with the given title and a reference, abstract or summary to carry `hostile`. */
const PAGES: Record<Exclude<PageAdapterFormat, "bare-abstract">, (title: string, hostile: string) => string> = {
  "markdown-page": (title, hostile) =>
    [
      `# ${title}`,
      "",
      "arXiv: https://arxiv.org/abs/2405.90001 · HTML: https://arxiv.org/html/2405.90001",
      "",
      "## Abstract",
      "",
      PAST_8KB,
      `We study ${hostile} things.`,
      "",
      "## Builds on (1 of 1)",
      "",
      `- [An earlier ${hostile} paper](https://arxiv.org/abs/2301.90001) (2023)`,
    ].join("\n"),
  "text-page": (title, hostile) =>
    ["mlsanityData to 7 Oct 2026", "", title, "", "arXiv 2405.90002 ↗First posted 2 Jan 2024cs.LG", "", "Abstract (arXiv)", "", `${PAST_8KB} We study ${hostile} things.`].join("\n"),
  "html-page": (title, hostile) =>
    `<html><head><!-- ${PAST_8KB} --></head><body><h1>${title}</h1><p><a href="https://arxiv.org/abs/2405.90003">arXiv</a></p>` +
    `<h2>Builds on (1 of 1)</h2><ul><li><a href="https://arxiv.org/abs/2301.90003">An earlier ${hostile} paper</a> (2023)</li></ul>` +
    `<h2>Abstract</h2><p>We study ${hostile} things.</p></body></html>`,
  "scholarly-html": (title, hostile) =>
    `<html><head><!-- ${PAST_8KB} --><meta name="citation_title" content="${title}"><meta name="citation_author" content="Placeholder, Ada${hostile}">` +
    `<meta name="citation_journal_title" content="Journal of ${hostile} Results"><meta name="citation_doi" content="10.5555/lineage.sch.1">` +
    `<meta name="citation_abstract" content="${PAST_8KB} We study ${hostile} things."></head><body><p>x</p></body></html>`,
  editorial: (title, hostile) => [title, "", "2025-01-02 · Source: arXiv · Field: AI", "", "Summary", "", `${PAST_8KB} We study ${hostile} things (arXiv:2405.90004).`].join("\n"),
  // The layouts of issue 16's capture adapters, each with its title where that layout puts it.
  "page-capture": (title, hostile) => [`Title: ${title}`, "Ada Placeholder, Cy Example", "", "Abstract", `${PAST_8KB} We study ${hostile} things.`].join("\n"),
  "arxiv-abs": (title, hostile) =>
    [
      "Skip to main content",
      "[Submitted on 2 Jan 2024]",
      `Title:${title}`,
      "Authors:Ada Placeholder, Cy Example",
      "View PDF",
      `Abstract:${PAST_8KB} We study ${hostile} things.`,
      "Cite as: arXiv:2405.90011",
    ].join("\n"),
  "arxiv-html": (title, hostile) =>
    [title, "", "Ada Placeholder Example University Cy Example Research Institute", "", "Abstract", "", `${PAST_8KB} We study ${hostile} things.`, "", "Refer to caption"].join("\n"),
  "acl-anthology": (title, hostile) =>
    [title, "", "Ada Placeholder, Cy Example", "", "Abstract", `${PAST_8KB} We study ${hostile} things.`, "Anthology ID:", "2024.lineage-main.7", "Year:", "2024"].join("\n"),
  openreview: (title, hostile) =>
    [
      title,
      "Download PDF, Show Revisions",
      "Ada Placeholder, Cy Example",
      "Published: 2 Jan 2024, Last Modified: 3 Feb 2024",
      "Readers: Everyone",
      `Abstract: ${PAST_8KB} We study ${hostile} things.`,
      "Submission Number: 1234",
    ].join("\n"),
  "semantic-scholar": (title, hostile) =>
    [
      title,
      "Ada Placeholder, Cy Example",
      `${PAST_8KB} We study ${hostile} things… CONTINUE READING`,
      "Figures and Tables from this paper",
      "References",
      "SHOWING 1-1 OF 1 REFERENCES",
      `An earlier ${hostile} paper`,
      "- Computer Science",
      "- 2023",
      "- Highly Influential",
    ].join("\n"),
  "paper-hub": (title, hostile) =>
    [title, "", "2 Jan 2024 · Ada Placeholder, Cy Example ·", "", `${PAST_8KB} We study ${hostile} things.`, "", "PDF Abstract", "", "Results from the Paper"].join("\n"),
  "poster-page": (title, hostile) =>
    [
      "Skip to yearly menu bar",
      "NeurIPS 2024",
      "Poster",
      title,
      "Ada Placeholder · Cy Example",
      "Hall A (level 1) #123",
      "Abstract:",
      `${PAST_8KB} We study ${hostile} things.`,
      "Chat is not available.",
    ].join("\n"),
  "markdown-note": (title, hostile) =>
    [
      `# ${title}`,
      "",
      "**Authors:** Ada Placeholder, Cy Example",
      "",
      "## Abstract",
      "",
      `${PAST_8KB} We study ${hostile} things.`,
      "",
      "## Links",
      "",
      "- arXiv: https://arxiv.org/abs/2405.90019",
    ].join("\n"),
  "endnote-record": (title, hostile) =>
    ["%0 Journal Article", `%T ${title}`, "%A Placeholder, Ada", "%D 2024", `%X ${PAST_8KB} We study ${hostile} things.`, `%J Journal of ${hostile} Results`, "%R 10.5555/lineage.end.1"].join("\n"),
};

function parsed(text: string, format: PageAdapterFormat): PaperPage {
  const r = parsePage(new TextEncoder().encode(text), `page.${format.includes("html") ? "html" : "txt"}`);
  if (!r.ok) throw new Error(`${format}: ${r.reason}`);
  expect(r.page.format).toBe(format);
  return r.page;
}

const bareAbstract = (hostile: string) => `${"Imaginary reasoners are studied here at some length and with care. ".repeat(8)}${PAST_8KB} They ${hostile} reason about nothing at all.`;

describe("every page adapter goes through the one cleaning", () => {
  for (const [format, make] of Object.entries(PAGES) as [Exclude<PageAdapterFormat, "bare-abstract">, (t: string, h: string) => string][]) {
    it(`${format}: no control character reaches the page`, () => {
      const page = parsed(make(`A ${ESC}coloured${BEL} title`, `${NUL}${ESC}${BEL}\u009b`), format);
      expect(page.paper.title).toBe("A [31mcoloured title");
      expect(pageFaults(page, MAX_TITLE_CHARS)).toEqual([]);
      expect(JSON.stringify(page)).not.toMatch(/\\u00[01][0-9a-f]|\\u007f|[\u0080-\u009f]/);
    });

    it(`${format}: a title of a megabyte is cut at a word boundary, with a warning`, () => {
      const page = parsed(make(HUGE_TITLE, "plain"), format);
      expect(page.paper.title?.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
      expect(page.paper.title).toMatch(/^Enormous (Enormous )+Enormous…$/);
      expect(page.warnings).toContainEqual(expect.stringMatching(/^the title \([\d,]+ characters as read\) was cut to [\d,]+ at a word boundary/));
    });
  }

  it("bare-abstract: no control character reaches the page, and the inferred title stays short", () => {
    const page = parsed(bareAbstract(`${NUL}${ESC}${BEL}`), "bare-abstract");
    expect(pageFaults(page, MAX_TITLE_CHARS)).toEqual([]);
    expect(JSON.stringify(page)).not.toMatch(/\\u00[01][0-9a-f]/);
    const huge = parsed(`${HUGE_TITLE.slice(0, 30_000).toLowerCase()} is a sentence that goes on and on. ${bareAbstract("x")}`, "bare-abstract");
    expect(huge.paper.title?.length).toBeLessThanOrEqual(120);
  });
});

/** One record of each importer's format with the given title, and `hostile` in its other fields. */
const RECORDS: Record<SourceFormat, (title: string, hostile: string) => string> = {
  s2: (title, hostile) => JSON.stringify(Object.assign(inventedS2Paper(1), { title, venue: `Venue ${hostile}`, abstract: `An ${hostile} abstract.`, authors: [{ name: `Ada ${hostile}` }] })),
  openalex: (title, hostile) =>
    JSON.stringify(
      Object.assign(inventedOpenAlexWork(1), {
        title,
        authorships: [{ author: { display_name: `Cy ${hostile}` } }],
        primary_location: { source: { display_name: `Venue ${hostile}` } },
        abstract_inverted_index: { [`word${hostile}`]: [0] },
      }),
    ),
  bibtex: (title, hostile) => inventedBibtex(1, { title, author: `Placeholder${hostile}, Ada`, journal: `Journal ${hostile}`, abstract: `An ${hostile} abstract` }),
  ris: (title, hostile) => inventedRis(1, { TI: title, AU: `Placeholder${hostile}, Ada`, JO: `Journal ${hostile}`, AB: `An ${hostile} abstract` }),
  aan: (title, hostile) => inventedAan(1, { title, author: `Placeholder${hostile}, Ada`, venue: `Venue ${hostile}` }),
};

function imported(format: SourceFormat, text: string): PaperPage {
  const r = importSources(format, [{ path: format === "aan" ? "acl-metadata.txt" : `records.${format}`, bytes: new TextEncoder().encode(text) }]);
  expect(r.problems).toEqual([]);
  expect(r.records).toHaveLength(1);
  return (r.records[0] as { page: PaperPage }).page;
}

describe("every importer goes through the one cleaning", () => {
  for (const [format, make] of Object.entries(RECORDS) as [SourceFormat, (t: string, h: string) => string][]) {
    it(`${format}: no control character reaches the page`, () => {
      const page = imported(format, make(`A ${ESC}coloured${BEL} title`, `${ESC}${BEL}\u009b\u007f`));
      expect(page.paper.title).toBe("A [31mcoloured title");
      expect(pageFaults(page, MAX_TITLE_CHARS)).toEqual([]);
      expect(JSON.stringify(page)).not.toMatch(/\\u00[01][0-9a-f]|\\u007f|[\u0080-\u009f]/);
    });

    it(`${format}: a title of half a megabyte is cut at a word boundary, with a warning`, () => {
      const page = imported(format, make(HUGE_TITLE.slice(0, 500_000), "plain"));
      expect(page.paper.title?.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
      expect(page.paper.title).toMatch(/^Enormous (Enormous )+Enormous…$/);
      expect(page.warnings).toContainEqual(expect.stringMatching(/^the title \([\d,]+ characters as read\) was cut/));
    });
  }
});
