/** Formatted citations, embedded BibTeX and JSON records, and the citation lists of a capture. */
import { describe, expect, it } from "vitest";
import { parseFormattedCitation, trailingShortCitation, leadingShortCitation } from "../../../ingest/adapters/capture/formatted-citations.ts";
import { bibtexRecord, jsonRecord } from "../../../ingest/adapters/capture/embedded-records.ts";
import { citationLists, listHeading } from "../../../ingest/adapters/capture/reference-lists.ts";

describe("formatted citations", () => {
  it("reads APA, inside a sentence too", () => {
    const c = parseFormattedCitation(
      "Our group read this: Quill, A., Okoye, B., & Varga, C. (2022). Lighthouse evaluations for flood models. In arXiv [physics.ao-ph]. arXiv. http://arxiv.org/abs/2209.96140",
    );
    expect(c).toMatchObject({ title: "Lighthouse evaluations for flood models", authors: ["A. Quill", "B. Okoye", "C. Varga"], year: 2022, venue: "arXiv", ids: { arxiv: "2209.96140" } });
  });

  it("reads the Anthology's, ACM's, a catalogue's and the lecture notes' styles", () => {
    expect(parseFormattedCitation("Ada Quill, Bram Okoye, and Cy Varga. 2023. Gloss Before You Guess. In Proceedings of Invented NLP, pages 1–9.")).toMatchObject({
      title: "Gloss Before You Guess",
      year: 2023,
      authors: ["Ada Quill", "Bram Okoye", "Cy Varga"],
    });
    expect(parseFormattedCitation("Quill, A. 2020. Provenance for cell outputs. Invented Journal of Data Tools 3, 2 (2020), 77–90.")).toMatchObject({
      title: "Provenance for cell outputs",
      year: 2020,
      authors: ["A. Quill"],
    });
    expect(parseFormattedCitation("Undertow: Measuring Hidden Instability. Quill, A., Okoye, B., & Varga, C. arXiv:2312.97460 [cs], December, 2023. arXiv: 2312.97460Paper")).toMatchObject({
      title: "Undertow: Measuring Hidden Instability",
      year: 2023,
      ids: { arxiv: "2312.97460" },
    });
    expect(parseFormattedCitation("Quill, A., Okoye, B.: Sparse sensing at the edge. In: Proceedings of the Invented Workshop, pp. 1–9 (2018)")).toMatchObject({
      title: "Sparse sensing at the edge",
      year: 2018,
    });
  });

  it("is not fooled by prose with a year in it", () => {
    expect(parseFormattedCitation("In 2019 we collected invented data. It was large. We used it in 2020.")).toBeUndefined();
    expect(parseFormattedCitation("Recent work by Quill et al. (2018) introduced a new task of invented inference.")).toBeUndefined();
  });

  it("splits a trailing short citation off a title", () => {
    expect(trailingShortCitation("Switchback: Can Agents Undo Mistakes? (Okoro et al., 2025)")).toEqual({ title: "Switchback: Can Agents Undo Mistakes?", surname: "Okoro", year: 2025 });
    expect(trailingShortCitation("Learning (and Forgetting) in 2025")).toBeUndefined();
    expect(leadingShortCitation("Okoro et al 2025: Switchback: Can Agents Undo Mistakes?")).toEqual({ title: "Switchback: Can Agents Undo Mistakes?", surname: "Okoro", year: 2025 });
    expect(leadingShortCitation("Okoro and Lind (2025): Switchback")).toEqual({ title: "Switchback", surname: "Okoro", year: 2025 });
    expect(leadingShortCitation("Switchback 2025: Can Agents Undo Mistakes?")).toBeUndefined();
  });
});

describe("embedded records", () => {
  it("reads a BibTeX entry in a page, cut short or not", () => {
    const r = bibtexRecord(
      "Citation\n@misc{quill2024tidepool,\n title={Tidepool: {A} Benchmark},\n author={Ada Quill and Okoye, Bram},\n year={2024},\n eprint={2406.95318},\n archivePrefix={arXiv}\n}",
    );
    expect(r).toEqual({ title: "Tidepool: A Benchmark", authors: ["Ada Quill", "Bram Okoye"], year: 2024, ids: { arxiv: "2406.95318" } });
    expect(bibtexRecord("@article{x,\n title = {Undertow: {Measuring} Things},\n url = {http://arxiv.org/abs/2312.97460},\n abstract = {Merging fine-tuned models of")).toMatchObject({
      title: "Undertow: Measuring Things",
      ids: { arxiv: "2312.97460" },
    });
    expect(bibtexRecord("no entry here")).toBeUndefined();
  });

  it("reads a JSON document shown with a viewer's line numbers between its tokens", () => {
    const r = jsonRecord('1 { 2 "paper": { 3 "title": "Keel: Anchor Policies", 4 "authors": [ 5 "Ada Quill", 6 "Bram Okoye" 7 ], 8 "year": 2024, 9 "arxiv_id": "2408.96631" 10 }');
    expect(r).toEqual({ title: "Keel: Anchor Policies", authors: ["Ada Quill", "Bram Okoye"], year: 2024, ids: { arxiv: "2408.96631" } });
  });
});

describe("citation lists", () => {
  it("opens lists only under their own headings, never under a sidebar's or a metric's", () => {
    expect(listHeading("References")).toEqual({ list: "buildsOn" });
    expect(listHeading("SHOWING 1-10 OF 57 REFERENCES")).toEqual({ list: "buildsOn", total: 57 });
    expect(listHeading("12 Citations")).toEqual({ list: "builtBy", total: 12 });
    expect(listHeading("References & Citations")).toBeUndefined();
    expect(citationLists(["References", "35", "Citations per year", "Authors"]).buildsOn).toEqual([]);
  });

  it("reads entries with attribute bullets, and the bullets are never entries", () => {
    const lists = citationLists([
      "References",
      "Temporal Convolutions for Vegetation",
      "- Computer Science",
      "- 2019",
      "- 45",
      "- Highly Influential",
      "- PDF",
      "Cloud Masks Are Labels Too",
      "- 2020",
    ]);
    expect(lists.buildsOn).toEqual([
      { ids: {}, title: "Temporal Convolutions for Vegetation", year: 2019, citedByCount: 45, attributes: { isInfluential: true } },
      { ids: {}, title: "Cloud Masks Are Labels Too", year: 2020 },
    ]);
  });

  it("takes a bare last title only from a capture cut short", () => {
    const lines = ["References", "An Entry With Bullets", "- 2019", "A Cut Entry Title"];
    expect(citationLists(lines, true).buildsOn.map((r) => r.title)).toEqual(["An Entry With Bullets", "A Cut Entry Title"]);
    expect(citationLists(lines, false).buildsOn.map((r) => r.title)).toEqual(["An Entry With Bullets"]);
  });

  it("ends a list of formatted citations at the next section, whose lines are no entries", () => {
    const lists = citationLists([
      "References",
      "Quill, A.: Sparse sensing. In: Invented Workshop, pp. 1–9 (2018)",
      "Rights and permissions",
      "About this paper",
      "Quill, A. (2021). The Page's Own Paper. In: Invented Conference.",
    ]);
    expect(lists.buildsOn.map((r) => r.title)).toEqual(["Sparse sensing"]);
  });
});
