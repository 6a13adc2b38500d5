/**
 * Where search learns the other names a paper goes by (vocabulary/paper-aliases.ts), each source
 * on hand-made papers with invented titles: a title's own name, acronyms the collection confirms,
 * an abstract's definitions, BibTeX keys and shorttitles, and the tasks of a citation file.
 */
import { describe, expect, it } from "vitest";
import { longForm } from "../../vocabulary/long-form.ts";
import { abstractNames, keyName, learnAliases, taskName, type AliasSubject } from "../../vocabulary/paper-aliases.ts";
import { acronymCandidates, titleNames } from "../../vocabulary/title-aliases.ts";

const paper = (id: string, title: string, extra: Partial<AliasSubject> = {}): AliasSubject => ({ id, title, abstract: null, recordNames: [], ...extra });
const aliasesOf = (all: ReturnType<typeof learnAliases>, id: string) => all.filter((a) => a.paperId === id).map((a) => [a.alias, a.kind]);

describe("a title's own name", () => {
  it("is the short part before a colon or a spaced dash, or a closing part of up to three words", () => {
    expect(titleNames("Quill: A Method For Grading Ledger Summaries")).toEqual([{ name: "Quill", where: "begins" }]);
    expect(titleNames("Pintle - A Statistical Tagger For Ledgers")).toEqual([{ name: "Pintle", where: "begins" }]);
    expect(titleNames("Building A Large Annotated Ledger Of Tides: The Harbour Treebank")).toEqual([{ name: "Harbour Treebank", where: "ends" }]);
    expect(titleNames("The Harbour Treebank: Annotating Tidal Structure")).toEqual([{ name: "Harbour Treebank", where: "begins" }]);
  });

  it("is nothing when the parts are long, descriptive or absent", () => {
    expect(titleNames("Grading Ledger Summaries With Tidal Models")).toEqual([]);
    expect(titleNames("Grading Ledger Summaries With Many Tidal Models Of The Harbour: Some Results")).toEqual([{ name: "Some Results", where: "ends" }]);
    // A closing "A …" describes the work; it does not name it.
    expect(titleNames("Ledger Tides In Practice And In Theory Of Harbours: A Survey")).toEqual([]);
  });

  it("is dropped when three or more titles share it: a series label, not a name", () => {
    const all = learnAliases([paper("a", "Squabs: One Thing"), paper("b", "Squabs: Another Thing"), paper("c", "Squabs: A Third Thing"), paper("d", "Quill: A Method")]);
    expect(all.filter((a) => a.kind === "title-name").map((a) => a.alias)).toEqual(["Quill"]);
  });

  it("counts the titles that hold it as a phrase, so that a topic weighs less than a name", () => {
    const all = learnAliases([paper("a", "Tidal Ledgers: A Framework"), paper("b", "Learning Tidal Ledgers From Harbours"), paper("c", "Quill: A Method")]);
    expect(all.find((a) => a.alias === "Tidal Ledgers")?.titles).toBe(2);
    expect(all.find((a) => a.alias === "Quill")?.titles).toBe(1);
  });
});

describe("acronyms", () => {
  it("take the initials of a title's words up to a phrase's end, skipping of/the/and, a hyphenated word both ways", () => {
    const letters = (title: string) => acronymCandidates(title).map((c) => [c.letters, c.leading]);
    expect(letters("Minimum Ledger Rate Grading In Tidal Harbours")).toContainEqual(["MLRG", true]);
    expect(letters("Holistic Grading of Ledger Tides")).toContainEqual(["HGLT", true]);
    expect(letters("Grading With Probabilistic Context-Free Ledgers")).toEqual(
      expect.arrayContaining([
        ["PCL", false],
        ["PCFL", false],
      ]),
    );
    // Never across "with": no acronym joins "Grading" to what follows.
    expect(letters("Grading With Probabilistic Context-Free Ledgers").some(([l]) => String(l).startsWith("G") && String(l).length > 1)).toBe(false);
  });

  it("keep a title's leading acronym of three letters or more when no title uses it as a word", () => {
    const all = learnAliases([paper("m", "Minimum Ledger Rate Grading In Tidal Harbours"), paper("x", "Grading Ledgers")]);
    expect(aliasesOf(all, "m")).toContainEqual(["MLRG", "acronym"]);
    expect(all.find((a) => a.alias === "MLRG")?.exact).toBe(false);
  });

  it("keep an inner acronym only when the collection writes it in capitals at least as often as not", () => {
    const subjects = [
      paper("w", "Unsupervised Tidal Sense Grading Rivalling Supervised Ledgers"),
      paper("l1", "Fast TSG For Harbours"),
      paper("l2", "Graph-Based TSG"),
      // "Sense Grading Rivalling" would be SGR: no title writes SGR, so it is no acronym.
      paper("o", "Harbour Ledgers"),
    ];
    const all = learnAliases(subjects);
    expect(aliasesOf(all, "w")).toContainEqual(["TSG", "acronym"]);
    expect(aliasesOf(all, "w").some(([a]) => a === "SGR")).toBe(false);
  });

  it("are not kept when the letters are a word the collection writes in lower case", () => {
    // "Tidal Ripple Estimation Engines" would be TREE; titles say "Tree", so it is a word.
    const all = learnAliases([paper("t", "Tidal Ripple Estimation Engines"), paper("a", "A Tree Of Ledgers"), paper("b", "Tree Harbours")]);
    expect(aliasesOf(all, "t").some(([a]) => a === "TREE")).toBe(false);
  });
});

describe("names an abstract gives", () => {
  it("finds the long form of a parenthesised short form (Schwartz & Hearst)", () => {
    expect(longForm("TLB", "we measure the Tidal Ledger Benchmark")).toBe("Tidal Ledger Benchmark");
    expect(longForm("QXZ", "we measure the Tidal Ledger Benchmark")).toBeUndefined();
  });

  it("takes a short form defined for the paper itself, or introduced by 'we introduce'", () => {
    const title = "Grading Massive Multitask Ledger Understanding";
    expect(abstractNames("We propose a test to grade massive multitask ledger understanding (MMLgU) across harbours.", title)).toEqual([
      { name: "MMLgU", context: "massive multitask ledger understanding (MMLgU)" },
    ]);
    expect(abstractNames("To address this, we introduce the Beyond the Tidal Game benchmark (BTG-bench).", "Beyond the Tidal Game: Grading Ledgers").map((n) => n.name)).toContain("BTG-bench");
    expect(abstractNames("Here we introduce HarbourQA, a set of questions.", "Questions About Harbours").map((n) => n.name)).toEqual(["HarbourQA"]);
  });

  it("leaves out what the abstract defines for other things", () => {
    // Defined on the way (the long form shares nothing with the title), and not introduced.
    expect(abstractNames("Large ledger models (LLMs) pose challenges for human-computer interaction (HCI).", "Rethinking Harbour Evaluation")).toEqual([]);
    // A paper whose title names itself otherwise: the MMLgU its abstract defines is not its name.
    expect(abstractNames("We extend massive multitask ledger understanding (MMLgU) to harbours.", "HMMLgU: Massive Multitask Ledger Understanding In Harbours")).toEqual([]);
  });
});

describe("names from records", () => {
  it("reads the name in a BibTeX key after its author and year, unless the title already says it", () => {
    expect(keyName("quillson2021tlb", "Grading The Tidal Ledger Benchmark")).toBe("tlb");
    expect(keyName("quillson2021grading", "Grading The Tidal Ledger Benchmark")).toBeUndefined();
    expect(keyName("quillson2021gradingthetidal", "Grading The Tidal Ledger Benchmark")).toBeUndefined();
    expect(keyName("quillson-etal-2021-tlb", "Grading The Tidal Ledger Benchmark")).toBe("tlb");
    expect(keyName("quillson2021", "Grading The Tidal Ledger Benchmark")).toBeUndefined();
    expect(keyName("QuillsonKLM21TLB", "Grading The Tidal Ledger Benchmark")).toBeUndefined();
  });

  it("reads the task of a benchmark citation file's source comment: the folder holding the README", () => {
    expect(taskName("source: harness/tasks/tidal_ledgers/README.md")).toBe("tidal_ledgers");
    expect(taskName("source: harness/tasks/suite/quillqa/README.md")).toBe("quillqa");
    expect(taskName("a remark about this entry")).toBeUndefined();
  });

  it("gives each its source, and a task shared by several entries of a file only to those it names", () => {
    const page = (key: string) => `bibtex:/tmp/invented/citations.bib#${key}`;
    const all = learnAliases([
      paper("g", "Grading The Tidal Ledger Benchmark", {
        recordNames: [
          { kind: "citation-key", text: "quillson2021tlb", page: page("quillson2021tlb") },
          { kind: "short-title", text: "TLBench", page: page("quillson2021tlb") },
          { kind: "source-comment", text: "source: harness/tasks/tlbench/README.md", page: page("quillson2021tlb") },
        ],
      }),
      paper("s1", "Harbour Questions One", { recordNames: [{ kind: "source-comment", text: "source: harness/tasks/harbour_board/README.md", page: page("a1") }] }),
      paper("s2", "Harbour Questions Two", { recordNames: [{ kind: "source-comment", text: "source: harness/tasks/harbour_board/README.md", page: page("a2") }] }),
      paper("s3", "Harbour_Board: The Board", { recordNames: [{ kind: "source-comment", text: "source: harness/tasks/harbour_board/README.md", page: page("a3") }] }),
    ]);
    expect(all.filter((a) => a.paperId === "g").map((a) => [a.alias, a.kind, a.source])).toEqual(
      expect.arrayContaining([
        ["quillson2021tlb", "citation-key", "its BibTeX key in citations.bib#quillson2021tlb"],
        ["tlb", "key-name", 'the name in its BibTeX key "quillson2021tlb" (citations.bib#quillson2021tlb)'],
        ["TLBench", "short-title", "its shorttitle in citations.bib#quillson2021tlb"],
        ["tlbench", "task-name", 'the task of "% source: harness/tasks/tlbench/README.md" in citations.bib#quillson2021tlb'],
      ]),
    );
    // The board's README cites three papers: its task name is only the one whose title says it.
    expect(all.filter((a) => a.kind === "task-name" && a.alias === "harbour_board").map((a) => a.paperId)).toEqual(["s3"]);
    expect(all.filter((a) => a.paperId !== "g").every((a) => a.exact || a.kind === "acronym")).toBe(true);
  });
});

describe("names a title gives that the collection confirms", () => {
  it("does not cut a name at a colon inside a word, and a title printed thrice is no series", () => {
    expect(titleNames("Ledger::Quill - Grading Tidal Relatedness")).toEqual([{ name: "Ledger::Quill", where: "begins" }]);
    const thrice = learnAliases([paper("a", "TIDEBASE: A Ledger Database"), paper("b", "TIDEBASE: A Ledger Database"), paper("c", "TIDEBASE: A Ledger Database")]);
    expect(thrice.filter((a) => a.kind === "title-name").map((a) => a.paperId)).toEqual(["a", "b", "c"]);
  });

  it("counts for a coined name only the titles it names, however many use the word", () => {
    const all = learnAliases([paper("n", "QUILLNET: A Ledger Database"), paper("u1", "Grading Tides With QuillNet"), paper("u2", "QuillNet Senses For Harbours"), paper("u3", "Mining QuillNet")]);
    expect(all.find((a) => a.paperId === "n" && a.kind === "title-name")?.titles).toBe(1);
  });

  it("learns a clipped name where the collection writes it with inner capitals and a title's name spells it out", () => {
    const all = learnAliases([
      paper("p", "The Proposition Ledger: An Annotated Corpus Of Tides"),
      paper("u", "Grading Harbours With PropLedger And TideNet"),
      // "MultiHarCor" gives HarCor, which clips a short title with no name of its own.
      paper("s", "A Harbour Concordance"),
      paper("m", "Grading The MultiHarCor Corpus"),
      // Only a title's own name is clipped: "Proposition Ledgers" inside a longer title is not named PropLedger.
      paper("x", "Learning Proposition Ledgers From Tides And Harbours Of Many Kinds"),
      // A word that a title takes as its own name is that paper's name, not a clipping of another's.
      paper("c", "CollabLedger: Towards Collaborative Tides"),
      paper("k", "Collaborative Ledgers: A Case Study"),
    ]);
    expect(aliasesOf(all, "k").some(([a]) => a === "CollabLedger")).toBe(false);
    expect(aliasesOf(all, "p")).toContainEqual(["PropLedger", "clipped-name"]);
    expect(aliasesOf(all, "s")).toContainEqual(["HarCor", "clipped-name"]);
    expect(aliasesOf(all, "x").some(([a]) => a === "PropLedger")).toBe(false);
    expect(all.find((a) => a.kind === "clipped-name" && a.paperId === "p")?.source).toBe('clipped from "Proposition Ledger", its title\'s name, as other titles write it');
  });
});

describe("acronyms of compounds", () => {
  const written = (...letters: string[]) => letters.map((l, i) => paper(`w${i}`, `Fast ${l} For Harbours`));

  it("take a part's initial from inner capitals, a hyphenated compound alone, or a closed compound the collection splits", () => {
    const all = learnAliases([
      paper("d", "The Harbour Discourse TideBank 2.0"),
      paper("t", "TnQ - A Statistical Part-Of-Ledger Tagger"),
      paper("m", "An Empirical Model Of Multiword Ledger Decomposability"),
      paper("h", "Grading Multi-Word Ledgers"),
      ...written("HDTB", "POL", "MWL"),
    ]);
    expect(aliasesOf(all, "d")).toContainEqual(["HDTB", "acronym"]);
    expect(aliasesOf(all, "t")).toContainEqual(["POL", "acronym"]);
    expect(aliasesOf(all, "m")).toContainEqual(["MWL", "acronym"]);
  });

  it("are kept only for long forms the titles spell them with at least half as often as the commonest", () => {
    const all = learnAliases([
      paper("l1", "Latent Tidal Analysis For Harbour Segmentation"),
      paper("l2", "Grading Ledgers Using Latent Tidal Analysis"),
      paper("l3", "Latent Tidal Analysis Of Quills"),
      paper("b", "Building A Large-Scale Tidal Atlas"),
      ...written("LTA"),
    ]);
    expect(["l1", "l2", "l3"].every((id) => aliasesOf(all, id).some(([a]) => a === "LTA"))).toBe(true);
    // "Large-Scale Tidal Atlas" spells LTA too, in one title against three.
    expect(aliasesOf(all, "b").some(([a]) => a === "LTA")).toBe(false);
  });
});

describe("tasks cited by several entries", () => {
  it("are searchable for each entry, as a weak alias, when no entry's title or key names them", () => {
    const page = (key: string) => `bibtex:/tmp/invented/citations.bib#${key}`;
    const comment = "source: harness/tasks/quillmath/README.md";
    const all = learnAliases([
      paper("a", "Solving Tidal Problems With Ledgers", { recordNames: [{ kind: "source-comment", text: comment, page: page("a") }] }),
      paper("b", "Fixing The Harbour Board", { recordNames: [{ kind: "source-comment", text: comment, page: page("b") }] }),
    ]);
    expect(all.filter((a) => a.alias === "quillmath").map((a) => [a.paperId, a.kind, a.exact])).toEqual([
      ["a", "task-cited", false],
      ["b", "task-cited", false],
    ]);
  });
});
