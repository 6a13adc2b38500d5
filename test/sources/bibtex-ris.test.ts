/**
 * BibTeX and RIS through citation-js: the lm-evaluation-harness citations (211 entries gathered
 * from its task READMEs, five malformed as found) and two RIS exports. Malformed entries are
 * reported with their line and key; every other entry becomes a paper with its identifiers.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseBibtex } from "../../ingest/sources/bibtex.ts";
import { parseRis } from "../../ingest/sources/ris.ts";
import { ROOT } from "../helpers/cli.ts";

const FIX = join(ROOT, "test/fixtures/sources");
const bib = (name: string) => parseBibtex(readFileSync(join(FIX, "bib", name), "utf8"), join(FIX, "bib", name));
const ris = (name: string) => parseRis(readFileSync(join(FIX, "ris", name), "utf8"), join(FIX, "ris", name));

describe("BibTeX", () => {
  const result = bib("lm_eval_task_citations.bib");
  const byKey = (key: string) => result.records.find((r) => r.source === `bibtex:lm_eval_task_citations.bib#${key}`)?.page;

  it("keeps the 206 well-formed entries and reports the 5 malformed ones by line and key", () => {
    expect(result.records).toHaveLength(206);
    expect(result.problems.map((p) => [p.line, p.key ?? null])).toEqual([
      [15, "kokel2025acp"],
      [151, null],
      [1420, "hendrycks2021ethics"],
      [1690, null],
      [1708, null],
    ]);
    expect(result.problems[0]?.reason).toMatch(/^line 15 \(kokel2025acp\): malformed entry: missing comma after the citation key/);
    expect(result.problems[1]?.reason).toMatch(/entry has no citation key/);
  });

  it("finds arXiv IDs in eprint, url and journal fields, ACL IDs in URLs and DOIs", () => {
    expect(byKey("KokelKSS25ACPHard")?.paper.ids).toEqual({ arxiv: "2503.24378" });
    expect(byKey("zhang-li-2023-large")?.paper).toMatchObject({ ids: { acl: "2023.alp-1.9" }, year: 2023, date: "2023-09", authors: ["Yixuan Zhang", "Haonan Li"] });
    expect(byKey("zhang-li-2023-large")?.paper.title).toBe("Can Large Language Model Comprehend Ancient Chinese? A Preliminary Test on ACLUE");
    expect(byKey("mckenzie2023inverse")?.paper.ids.arxiv).toBe("2306.09479");
    expect(byKey("2206.14858")?.paper.ids.arxiv).toBe("2206.14858");
    const identified = result.records.filter((r) => Object.keys(r.page.paper.ids).length > 0).length;
    expect(identified).toBeGreaterThan(150);
    expect(result.records.every((r) => r.page.format === "bibtex" && r.page.buildsOn.length === 0)).toBe(true);
  });

  it("gives repeated keys distinct sources and hashes each record by its content", () => {
    expect(new Set(result.records.map((r) => r.source)).size).toBe(result.records.length);
    const again = bib("lm_eval_task_citations.bib");
    expect(again.records.map((r) => r.contentHash)).toEqual(result.records.map((r) => r.contentHash));
  });

  it("reads the harness's own CITATION.bib, DOI and all", () => {
    const own = bib("lm_eval_harness_CITATION.bib");
    expect(own.problems).toEqual([]);
    expect(own.records[0]?.page.paper).toMatchObject({ title: "A framework for few-shot language model evaluation", year: 2023, ids: { doi: "10.5281/zenodo.10256836" } });
    expect(own.records[0]?.page.paper.authors).toHaveLength(24);
  });

  it("expands @string macros and says so when a file has no entries", () => {
    const r = parseBibtex('@string{acl = "Proceedings of ACL"}\n@inproceedings{a, title={T}, booktitle=acl, year=2020}\n', "m.bib");
    expect(r.records[0]?.page.paper.venue).toBe("Proceedings of ACL");
    expect(parseBibtex("just prose", "x.bib").problems[0]?.reason).toMatch(/no BibTeX entries/);
  });
});

describe("RIS", () => {
  it("reads citation-js's own RIS of the harness citations", () => {
    const r = ris("lm_eval_task_citations.ris");
    expect(r.problems).toEqual([]);
    expect(r.records).toHaveLength(12);
    const first = r.records[0]?.page.paper;
    expect(first).toMatchObject({ title: "Can Large Language Model Comprehend Ancient Chinese? A Preliminary Test on ACLUE", ids: { acl: "2023.alp-1.9" }, year: 2023 });
  });

  it("reads a reference manager's export (BOM, CRLF), keeps a record without ER, reports one without identity", () => {
    const r = ris("zotero_style_export.ris");
    expect(r.records.map((x) => x.page.paper.title)).toEqual([
      "Bleu: a Method for Automatic Evaluation of Machine Translation",
      "Building a Large Annotated Corpus of English: The Penn Treebank",
      "Holistic Evaluation of Language Models",
      "A framework for few-shot language model evaluation",
    ]);
    expect(r.records[0]?.page.paper.ids).toEqual({ doi: "10.3115/1073083.1073135", acl: "P02-1040" });
    expect(r.records[1]?.page.paper).toMatchObject({ ids: { acl: "J93-2004" }, year: 1993, venue: "Computational Linguistics" });
    expect(r.records[2]?.page.paper).toMatchObject({ ids: { arxiv: "2211.09110" }, year: 2022 });
    expect(r.records[2]?.page.warnings[0]).toMatch(/has no ER line/);
    expect(r.problems).toEqual([expect.objectContaining({ line: 33, reason: "line 33: record has neither a title nor an identifier" })]);
  });
});
