/**
 * Invented records in the shapes the structured sources use (Semantic Scholar Graph API paper and
 * citation-edge objects, OpenAlex works, BibTeX entries, RIS records, AAN metadata records), for
 * tests that mutate them. Every title, name and identifier here is made up: DOIs use the 10.5555
 * example prefix, arXiv numbers are past any month's real count, and S2 paperIds are patterns.
 */

/** A 40-hex-digit S2 paperId made from a digit. */
export const s2Id = (n: number): string => String(n % 10).repeat(8) + "abcdef0123456789abcdef0123456789".slice(0, 32);

/** An S2 paper object with every field Lineage reads, references and citations included. */
export function inventedS2Paper(n: number): Record<string, unknown> {
  return {
    paperId: s2Id(n),
    corpusId: 900_000 + n,
    externalIds: { DOI: `10.5555/lineage.s2.${n}`, ArXiv: `2401.9${String(n).padStart(4, "0")}`, CorpusId: 900_000 + n, MAG: `77${n}` },
    url: `https://www.semanticscholar.org/paper/${s2Id(n)}`,
    title: `Invented Paper Number ${n} on Imaginary Reasoners`,
    abstract: `We study imaginary reasoners, number ${n}. They reason about nothing at all.`,
    venue: "Proceedings of the Invented Workshop",
    publicationVenue: { id: "v1", name: "Invented Workshop" },
    journal: { name: "Journal of Made-Up Results", volume: "3" },
    year: 2020 + (n % 5),
    publicationDate: `202${n % 5}-03-0${(n % 9) + 1}`,
    authors: [
      { authorId: "1", name: "Ada Placeholder" },
      { authorId: null, name: `Bo Fictional ${n}` },
    ],
    citationCount: 10 + n,
    referenceCount: 2,
    fieldsOfStudy: ["Computer Science", "Linguistics"],
    references: [
      { paperId: s2Id(n + 50), title: `A Reference Invented for Paper ${n}`, year: 2019, externalIds: { DOI: `10.5555/lineage.ref.${n}` } },
      { paperId: null, title: `A Title-Only Reference of Paper ${n}`, year: null, externalIds: null },
    ],
    citations: [{ paperId: s2Id(n + 70), title: `A Later Paper Citing Number ${n}`, year: 2026, citationCount: 1, url: null }],
  };
}

/** One entry of an S2 `/references` list page. */
export function inventedS2Edge(n: number): Record<string, unknown> {
  return {
    isInfluential: n % 2 === 0,
    intents: ["background", "methodology"],
    contexts: [`as shown in the invented study ${n}`],
    citedPaper: { paperId: s2Id(n + 30), title: `An Edge Target Invented as ${n}`, year: 2018, externalIds: { ArXiv: `2312.9${String(n).padStart(4, "0")}` } },
  };
}

export const openAlexId = (n: number): string => `https://openalex.org/W99000${String(n).padStart(4, "0")}`;

/** An OpenAlex work with every field Lineage reads. `refs` are the numbers of works it references. */
export function inventedOpenAlexWork(n: number, refs: readonly number[] = []): Record<string, unknown> {
  return {
    id: openAlexId(n),
    doi: `https://doi.org/10.5555/lineage.oa.${n}`,
    title: `An Invented Work Number ${n} about Pretend Metrics`,
    display_name: `An Invented Work Number ${n} about Pretend Metrics`,
    publication_year: 2021 + (n % 4),
    publication_date: `202${1 + (n % 4)}-06-1${n % 10}`,
    ids: { openalex: openAlexId(n), doi: `https://doi.org/10.5555/lineage.oa.${n}`, mag: `55${n}` },
    authorships: [
      { author_position: "first", author: { id: "https://openalex.org/A1", display_name: "Cy Madeup" }, institutions: [{ display_name: "Nowhere U" }] },
      { author_position: "last", author: { display_name: `Di Notreal ${n}` }, institutions: [] },
    ],
    primary_location: {
      is_oa: true,
      landing_page_url: `https://doi.org/10.5555/lineage.oa.${n}`,
      pdf_url: `https://arxiv.org/pdf/2402.9${String(n).padStart(4, "0")}`,
      source: { display_name: "Transactions on Invented Evaluation", issn: ["0000-0000"] },
    },
    locations: [{ landing_page_url: `https://example.org/works/${n}`, pdf_url: null, source: null }],
    cited_by_count: 3 * n,
    referenced_works: refs.map(openAlexId),
    referenced_works_count: refs.length,
    abstract_inverted_index: { Pretend: [0], metrics: [1, 4], measure: [2], nothing: [3] },
    updated_date: "2026-01-02T03:04:05.000000",
    concepts: [
      { display_name: "Computer science", level: 0, score: 0.9 },
      { display_name: "Invented subfield", level: 2, score: 0.1 },
    ],
  };
}

/** A BibTeX entry (one line per field) with the given field values. */
export function inventedBibtex(n: number, fields: Record<string, string> = {}): string {
  const all: Record<string, string> = {
    title: `Invented Entry ${n}: Evaluating Nothing Carefully`,
    author: `Placeholder, Ada and Fictional, Bo${n}`,
    year: String(2010 + n),
    journal: "Journal of Made-Up Results",
    doi: `10.5555/lineage.bib.${n}`,
    ...fields,
  };
  return [`@article{invented${n},`, ...Object.entries(all).map(([k, v]) => `  ${k} = {${v}},`), "}"].join("\n");
}

/** A RIS record with the given tag values (each one line). */
export function inventedRis(n: number, tags: Record<string, string> = {}): string {
  const all: Record<string, string> = {
    TI: `Invented Record ${n}: Pretend Benchmarks`,
    AU: `Placeholder, Ada`,
    PY: String(2010 + n),
    JO: "Journal of Made-Up Results",
    DO: `10.5555/lineage.ris.${n}`,
    ID: `ris${n}`,
    ...tags,
  };
  return ["TY  - JOUR", ...Object.entries(all).map(([k, v]) => `${k}  - ${v}`), "ER  - "].join("\n");
}

/** An AAN metadata record (acl-metadata.txt layout) with an invented ACL ID. */
export function inventedAan(n: number, fields: Record<string, string> = {}): string {
  const all: Record<string, string> = {
    id: `Z9${n % 10}-${String(9000 + n).padStart(4, "0")}`,
    author: `Placeholder, Ada; Fictional, Bo${n}`,
    title: `Invented Anthology Paper ${n}`,
    venue: "Invented Workshop",
    year: String(1990 + n),
    ...fields,
  };
  return Object.entries(all)
    .map(([k, v]) => `${k} = {${v}}`)
    .join("\n");
}
