/** Author lines in the forms sites print them, and lines that are not author lists. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayOrder, isPersonName, parseAuthorList } from "../../../ingest/adapters/capture/author-lists.ts";
import { namesAmongAffiliations } from "../../../ingest/adapters/capture/affiliated-authors.ts";

describe("author lists", () => {
  it.each([
    ["Ada Quill, Bram Okoye, and Cy Varga", ["Ada Quill", "Bram Okoye", "Cy Varga"]],
    ["Ada Quill,Bram Okoye,Cy Varga", ["Ada Quill", "Bram Okoye", "Cy Varga"]],
    ["Ada Quill, Bram Okoye and, Cy Varga", ["Ada Quill", "Bram Okoye", "Cy Varga"]],
    ["Ada Quill; Bram Okoye; Cy Varga", ["Ada Quill", "Bram Okoye", "Cy Varga"]],
    ["Quill, Ada; Okoye, Bram", ["Ada Quill", "Bram Okoye"]],
    ["Ada Quill · Bram Okoye · Cy Varga", ["Ada Quill", "Bram Okoye", "Cy Varga"]],
    ["Quill, A., Okoye, B. d. S., & Varga, C.-P.", ["A. Quill", "B. d. S. Okoye", "C.-P. Varga"]],
    ["Ada Quill∗†, Bram Okoye‡, and Cy Varga§", ["Ada Quill", "Bram Okoye", "Cy Varga"]],
    ["Ada Quill1, Bram Okoye2", ["Ada Quill", "Bram Okoye"]],
    ["Ada Quill*, Bram Okoye* (*equal contribution)", ["Ada Quill", "Bram Okoye"]],
    ["Ana van der Berg, Zhengxiao Du, Jan de Vries", ["Ana van der Berg", "Zhengxiao Du", "Jan de Vries"]],
  ])("%s", (line, names) => {
    expect(parseAuthorList(line)?.names).toEqual(names);
  });

  it("says how many authors a truncated list hides", () => {
    expect(parseAuthorList("Ada Quill, Bram Okoye and 49 other authors")).toEqual({ names: ["Ada Quill", "Bram Okoye"], truncated: { total: 51 } });
    expect(parseAuthorList("Ada Quill, Bram Okoye (+46 others)")).toEqual({ names: ["Ada Quill", "Bram Okoye"], truncated: { total: 48 } });
    expect(parseAuthorList("Ada Quill,Bram Okoye,17 Authors,Cy Varga")).toEqual({ names: ["Ada Quill", "Bram Okoye", "Cy Varga"], truncated: { total: 20 } });
    expect(parseAuthorList("Ada Quill, Bram Okoye, +3 authors, Cy Varga")).toEqual({ names: ["Ada Quill", "Bram Okoye", "Cy Varga"], truncated: { total: 6 } });
    expect(parseAuthorList("Ada Quill, Bram Okoye et al.")).toEqual({ names: ["Ada Quill", "Bram Okoye"], truncated: {} });
  });

  it("takes one name for a list only when a label or a truncation says it is one", () => {
    expect(parseAuthorList("Ada Quill")).toBeUndefined();
    expect(parseAuthorList("Ada Quill", { labelled: true })?.names).toEqual(["Ada Quill"]);
    expect(parseAuthorList("Quill et al.")?.names).toEqual(["Quill"]);
  });

  it.each([
    "Beyond Accuracy: Behavioral Testing of Invented Models",
    "Natural Language Generation, Human evaluation",
    "Computer Science, Mathematics",
    "Invented University, Harbour Institute of Technology",
    "Microsoft (United States)",
    "29 Mar 2023 · Ada Quill ·",
    "Attention Is All You Need",
    "Large language models, evaluation, model assessment, benchmark1 Introduction",
  ])("%s is not an author list", (line) => {
    expect(parseAuthorList(line)).toBeUndefined();
  });

  it("puts 'Last, First' names in display order", () => {
    expect(displayOrder("Quill, Ada")).toBe("Ada Quill");
    expect(displayOrder("Ada Quill")).toBe("Ada Quill");
    expect(displayOrder("Quill, Jr.")).toBe("Quill, Jr.");
    expect(isPersonName("H. P. d. O. Pinto")).toBe(true);
    expect(isPersonName("The Invented Lab")).toBe(false);
  });

  it("reads back any invented list in any of the printed styles (property)", () => {
    const given = fc.constantFrom("Ada", "Bram", "Cy", "Dolores", "Eun-ji", "Farid", "Greta", "Hamid");
    const family = fc.constantFrom("Quill", "Okoye", "Varga", "Lindqvist", "Nakamura", "Herbert-Voss", "O'Neill", "Achterberg");
    const name = fc.tuple(given, family);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 2, maxLength: 8, selector: ([g, f]) => `${g} ${f}` }), fc.integer({ min: 0, max: 3 }), (names, style) => {
        const full = names.map(([g, f]) => `${g} ${f}`);
        const line =
          style === 0
            ? `${full.slice(0, -1).join(", ")}, and ${full[full.length - 1] ?? ""}`
            : style === 1
              ? full.join("; ")
              : style === 2
                ? full.join(" · ")
                : names.map(([g, f]) => `${f}, ${g}`).join("; ");
        expect(parseAuthorList(line)?.names).toEqual(full);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

describe("names among affiliations", () => {
  it("splits a flattened LaTeX author block", () => {
    const line = "Ada Quill Invented University Bram Okoye Centre for the Study of AI Cy Varga Harbour Research Lab Dolores Achterberg University of Northmoor";
    expect(namesAmongAffiliations(line)).toEqual(["Ada Quill", "Bram Okoye", "Cy Varga", "Dolores Achterberg"]);
  });

  it("uses e-mails and glued affiliation parts as boundaries, and keeps a middle initial", () => {
    const line = "Ada Quill ada@example.org Bram Okoye Invented UniversityPort EllisNorland Kilian Q. Varga Harbour Lab and Cy Lindqvist Quarry ResearchValeriaNorland";
    expect(namesAmongAffiliations(line)).toEqual(["Ada Quill", "Bram Okoye", "Kilian Q. Varga", "Cy Lindqvist"]);
  });

  it("does not read titles, sentences or citations as author blocks", () => {
    for (const line of [
      "Slow Thinking in Fast Models: Budgeted Deliberation for Small Language Models",
      "Reasoning and Learning Systems Group at the Invented University",
      "Citation: Quill, A., Okoye, B. (2025). A Title? Invented Workshop.",
      "We evaluate eleven invented models on a benchmark of university questions.",
    ]) {
      expect(namesAmongAffiliations(line), line).toBeUndefined();
    }
  });
});
