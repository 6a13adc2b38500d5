/**
 * BibTeX and RIS through their readers (ingest/sources/bibtex.ts, ris.ts): a benchmark
 * bibliography written for the tests the way real ones are gathered from task READMEs (40
 * entries, each after a `% source:` comment, five of them malformed: a missing comma after the
 * key, an empty key, no key, unbalanced braces, a missing comma between fields) and two RIS
 * exports. Malformed entries are reported with their line and key; every other entry becomes a
 * paper with its identifiers.
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
  const result = bib("benchmark-citations.bib");
  const byKey = (key: string) => result.records.find((r) => r.source === `bibtex:benchmark-citations.bib#${key}`)?.page;

  it("keeps the 35 well-formed entries and one with no key, and reports the 4 malformed ones by line and key", () => {
    expect(result.records).toHaveLength(36);
    expect(result.problems.map((p) => [p.line, p.key ?? null])).toEqual([
      [15, "ortega2025tide"],
      [81, null],
      [283, "sailor2020unbalanced"],
      [312, "drift2019fields"],
    ]);
    expect(result.problems[0]?.reason).toMatch(/^line 15 \(ortega2025tide\): malformed entry: missing comma after the citation key/);
    expect(result.problems[1]?.reason).toMatch(/entry has no citation key/);
    // "@misc{ author={…}, title={…}": no key, its fields right after the brace: read, and said.
    const keyless = result.records.find((r) => r.page.paper.title === "KOHARBOUR: A Korean Benchmark of Everyday Harbour Tasks")?.page;
    expect(keyless?.paper).toMatchObject({ year: 2022, authors: ["Haneul Park", "Jiwoo Seo", "Minsu Ryu", "Erin Dale"] });
    expect(keyless?.warnings.join(" ")).toMatch(/no citation key: its fields start right after the brace/);
  });

  it("finds arXiv IDs in eprint, url and journal fields, ACL IDs in URLs and DOIs", () => {
    expect(byKey("OrtegaWBL25TideHard")?.paper.ids).toEqual({ arxiv: "2503.94378" });
    expect(byKey("varga-lind-2023-harbour")?.paper).toMatchObject({ ids: { acl: "2023.hlw-1.97" }, year: 2023, date: "2023-09", authors: ["Edith Varga", "Oskar Lind"] });
    expect(byKey("varga-lind-2023-harbour")?.paper.title).toBe("Do Language Models Read Harbour Ledgers? First Results on HLB");
    expect(byKey("quisbert2023reverse")?.paper.ids.arxiv).toBe("2306.99479");
    expect(byKey("2206.94858")?.paper.ids.arxiv).toBe("2206.94858");
    expect(byKey("ekwueme-etal-2023-deltasenti")?.paper.ids).toEqual({ acl: "2023.cilr-main.962", doi: "10.18653/v1/2023.cilr-main.962" });
    const identified = result.records.filter((r) => Object.keys(r.page.paper.ids).length > 0).length;
    expect(identified).toBeGreaterThan(25);
    expect(result.records.every((r) => r.page.format === "bibtex" && r.page.buildsOn.length === 0)).toBe(true);
  });

  it("gives repeated keys distinct sources and hashes each record by its content", () => {
    expect(new Set(result.records.map((r) => r.source)).size).toBe(result.records.length);
    expect(byKey("welland2015tidetasks~2")?.paper.title).toBe(byKey("welland2015tidetasks")?.paper.title);
    const again = bib("benchmark-citations.bib");
    expect(again.records.map((r) => r.contentHash)).toEqual(result.records.map((r) => r.contentHash));
  });

  it("reads a software project's own citation file, DOI and all", () => {
    const own = bib("software-citation.bib");
    expect(own.problems).toEqual([]);
    expect(own.records[0]?.page.paper).toMatchObject({ title: "A harness for few-shot evaluation of tide models", year: 2023, ids: { doi: "10.5555/zenodo.9902417" } });
    expect(own.records[0]?.page.paper.authors).toHaveLength(24);
  });

  it("expands @string macros and says so when a file has no entries", () => {
    const r = parseBibtex('@string{acl = "Proceedings of ACL"}\n@inproceedings{a, title={T}, booktitle=acl, year=2020}\n', "m.bib");
    expect(r.records[0]?.page.paper.venue).toBe("Proceedings of ACL");
    expect(parseBibtex("just prose", "x.bib").problems[0]?.reason).toMatch(/no BibTeX entries/);
  });
});

describe("RIS", () => {
  it("reads citation-js's own RIS of the benchmark citations", () => {
    const r = ris("benchmark-citations.ris");
    expect(r.problems).toEqual([]);
    expect(r.records).toHaveLength(12);
    const first = r.records[0]?.page.paper;
    expect(first).toMatchObject({ title: "Do Language Models Read Harbour Ledgers? First Results on HLB", ids: { acl: "2023.hlw-1.97" }, year: 2023 });
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
