/**
 * Files of n invented records in each structured format `lineage import` reads (issue 29's
 * throughput target), seeded so every run writes the same bytes: BibTeX as reference managers
 * and publishers write it (braces and quotes, `Last, First and …` names, LaTeX accents, month
 * macros, a `@string` journal, eprints, DOIs, abstracts on some), RIS, CSL-JSON, Semantic Scholar
 * paper objects with references, and OpenAlex works with referenced works, so the imported graph
 * has citations. Titles are unique per record so each record is one paper.
 */
import { personName, Random, inventedTitle, inventedVenue } from "../scripts/source-fixtures/invented.ts";

export type ImportFormat = "bibtex" | "ris" | "csl-json" | "s2" | "openalex";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const ACCENTED = [String.raw`M{\"u}ller`, String.raw`Garc{\'\i}a`, String.raw`{\v{S}}koda`, String.raw`Ng{\~o}`, String.raw`{\O}stergaard`];
const ABSTRACT =
  "We measure how evaluation choices change the ranking of systems, across tasks, annotators and prompts, and release the judgements. " +
  "Scores move by up to twelve points when the rubric changes, and agreement between judges is lower than reported.";

interface Invented {
  i: number;
  title: string;
  authors: { given: string; family: string }[];
  year: number;
  month: number;
  venue: string;
  doi: string;
  arxiv?: string;
  abstract?: string;
}

function invent(r: Random, i: number): Invented {
  const n = r.int(1, 6);
  const authors = Array.from({ length: n }, () => personName(r));
  if (r.chance(0.1)) {
    const a = authors[0];
    if (a) a.family = r.pick(ACCENTED);
  }
  const year = r.int(1995, 2025);
  return {
    i,
    title: `${inventedTitle(r)}: Part ${i}`,
    authors,
    year,
    month: r.int(1, 12),
    venue: inventedVenue(r),
    doi: `10.5555/inv.${i}`,
    ...(r.chance(0.4) ? { arxiv: `${String(year % 100).padStart(2, "0")}${String(r.int(1, 12)).padStart(2, "0")}.9${String(i % 10000).padStart(4, "0")}` } : {}),
    ...(r.chance(0.3) ? { abstract: ABSTRACT } : {}),
  };
}

const plain = (s: string) => s.replace(/[{}\\"'^~v]/g, "");

function bibtexEntry(p: Invented, r: Random): string {
  const names = p.authors.map((a) => (r.chance(0.5) ? `${a.family}, ${a.given}` : `${a.given} ${a.family}`)).join(" and ");
  const quote = r.chance(0.3);
  const v = (s: string) => (quote ? `"${s}"` : `{${s}}`);
  const fields = [
    `  title = ${v(p.title.replace(/^(\w+)/, "{$1}"))}`,
    `  author = ${v(names)}`,
    r.chance(0.5) ? `  booktitle = ${v(p.venue)}` : "  journal = jie",
    `  year = ${r.chance(0.5) ? p.year : v(String(p.year))}`,
    `  month = ${MONTHS[p.month - 1]}`,
    `  pages = {${p.i % 300}--${(p.i % 300) + 12}}`,
    `  doi = {${p.doi}}`,
    ...(p.arxiv ? [`  eprint = {${p.arxiv}}`, "  archivePrefix = {arXiv}"] : []),
    ...(p.abstract ? [`  abstract = {${p.abstract}}`] : []),
    `  url = {https://doi.org/${p.doi}}`,
  ];
  return `@${r.chance(0.5) ? "inproceedings" : "article"}{key${p.i},\n${fields.join(",\n")}\n}\n`;
}

function risRecord(p: Invented): string {
  const lines = [
    "TY  - JOUR",
    `TI  - ${p.title}`,
    ...p.authors.map((a) => `AU  - ${plain(a.family)}, ${a.given}`),
    `PY  - ${p.year}`,
    `DA  - ${p.year}/${String(p.month).padStart(2, "0")}/`,
    `T2  - ${p.venue}`,
    `DO  - ${p.doi}`,
    ...(p.abstract ? [`AB  - ${p.abstract}`] : []),
    `UR  - https://doi.org/${p.doi}`,
    `ID  - key${p.i}`,
    "ER  - ",
  ];
  return lines.join("\n") + "\n";
}

function cslItem(p: Invented): Record<string, unknown> {
  return {
    id: `key${p.i}`,
    type: "article-journal",
    title: p.title,
    author: p.authors.map((a) => ({ family: plain(a.family), given: a.given })),
    issued: { "date-parts": [[p.year, p.month]] },
    "container-title": p.venue,
    DOI: p.doi,
    ...(p.abstract ? { abstract: p.abstract } : {}),
  };
}

const s2Id = (i: number) => i.toString(16).padStart(40, "0");

function s2Paper(p: Invented, r: Random, n: number): Record<string, unknown> {
  const refs = Array.from({ length: r.int(0, 8) }, () => r.int(0, n - 1)).filter((j) => j !== p.i);
  return {
    paperId: s2Id(p.i),
    externalIds: { DOI: p.doi, ...(p.arxiv ? { ArXiv: p.arxiv } : {}) },
    title: p.title,
    year: p.year,
    venue: p.venue,
    authors: p.authors.map((a) => ({ authorId: null, name: `${a.given} ${plain(a.family)}` })),
    citationCount: r.int(0, 500),
    referenceCount: refs.length,
    ...(p.abstract ? { abstract: p.abstract } : {}),
    references: refs.map((j) => ({ paperId: s2Id(j), title: null })),
  };
}

const workId = (i: number) => `https://openalex.org/W${900_000_000 + i}`;

function openAlexWork(p: Invented, r: Random, n: number): Record<string, unknown> {
  const refs = Array.from({ length: r.int(0, 8) }, () => r.int(0, n - 1)).filter((j) => j !== p.i);
  return {
    id: workId(p.i),
    doi: `https://doi.org/${p.doi}`,
    title: p.title,
    display_name: p.title,
    publication_year: p.year,
    publication_date: `${p.year}-${String(p.month).padStart(2, "0")}-01`,
    authorships: p.authors.map((a) => ({ author: { display_name: `${a.given} ${plain(a.family)}` } })),
    primary_location: { landing_page_url: `https://doi.org/${p.doi}`, source: { display_name: p.venue } },
    cited_by_count: r.int(0, 500),
    referenced_works: refs.map(workId),
    referenced_works_count: refs.length,
  };
}

/** The text of one file of `n` records of `format` (seed 29). */
export function importCorpus(format: ImportFormat, n: number, seed = 29): string {
  const r = new Random(seed);
  const papers = Array.from({ length: n }, (_, i) => invent(r, i));
  switch (format) {
    case "bibtex":
      return `% Invented entries for Lineage's import benchmark\n@string{jie = "Journal of Imaginary Evaluation"}\n\n${papers.map((p) => bibtexEntry(p, r)).join("\n")}`;
    case "ris":
      return papers.map(risRecord).join("\n");
    case "csl-json":
      return `[\n${papers.map((p) => JSON.stringify(cslItem(p))).join(",\n")}\n]\n`;
    case "s2":
      return papers.map((p) => JSON.stringify(s2Paper(p, r, n))).join("\n") + "\n";
    case "openalex":
      return `{"results":[\n${papers.map((p) => JSON.stringify(openAlexWork(p, r, n))).join(",\n")}\n]}\n`;
  }
}

export const CORPUS_FILES: Record<ImportFormat, string> = { bibtex: "records.bib", ris: "records.ris", "csl-json": "records.json", s2: "records.jsonl", openalex: "records.json" };
