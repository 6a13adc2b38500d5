/**
 * Invented OpenAlex work objects (https://docs.openalex.org/api-entities/works) for the fixtures
 * in test/fixtures/sources/openalex: a journal article (abstract as an inverted index, 45
 * references known only by ID, seven levels of nesting as the API sends), a conference paper with
 * no source (49 references, the newer fields: awards, funders, content URLs), and a search-results
 * page holding a journal article and its preprint (an arXiv DOI). Written by
 * scripts/gen-source-fixtures.ts.
 */
import { inventedOpenAlexWork, Random } from "./invented.ts";

const OA = "https://openalex.org";

/** Each word at each of its positions, keyed in order of first use, as OpenAlex stores an abstract. */
export function invertedIndex(text: string): Record<string, number[]> {
  const index = new Map<string, number[]>();
  text.split(" ").forEach((word, i) => {
    const at = index.get(word);
    if (at) at.push(i);
    else index.set(word, [i]);
  });
  return Object.fromEntries(index);
}

function authorship(r: Random, name: string, position: string, institution: string): Record<string, unknown> {
  const inst = `${OA}/I99${r.int(1_000_000, 9_999_999)}`;
  return {
    author_position: position,
    author: { id: `${OA}/A99${r.int(10_000_000, 99_999_999)}`, display_name: name, orcid: r.chance(0.5) ? `https://orcid.org/0000-000${r.int(1, 9)}-${r.int(1000, 9999)}-${r.int(1000, 9999)}` : null },
    institutions: [{ id: inst, display_name: institution, ror: `https://ror.org/0${r.hex(6)}`, country_code: "NL", type: "education", lineage: [inst] }],
    countries: ["NL"],
    is_corresponding: position === "first",
    raw_author_name: name,
    raw_affiliation_strings: [`${institution}, Harbourside`],
    affiliations: [{ raw_affiliation_string: `${institution}, Harbourside`, institution_ids: [inst] }],
  };
}

function authorships(r: Random, names: string[]): Record<string, unknown>[] {
  const institutions = ["Harbour Institute of Technology", "Lakeside College of Accounts", "Tidewater Data Trust"];
  return names.map((name, i) => authorship(r, name, i === 0 ? "first" : i === names.length - 1 ? "last" : "middle", r.pick(institutions)));
}

function topic(id: string, name: string, score: number): Record<string, unknown> {
  return {
    id: `${OA}/T${id}`,
    display_name: name,
    score,
    subfield: { id: `${OA}/subfields/1804`, display_name: "Statistics, Probability and Uncertainty" },
    field: { id: `${OA}/fields/18`, display_name: "Decision Sciences" },
    domain: { id: `${OA}/domains/2`, display_name: "Social Sciences" },
  };
}

function concept(r: Random, name: string, level: number): Record<string, unknown> {
  return { id: `${OA}/C99${r.int(1_000_000, 9_999_999)}`, wikidata: `https://www.wikidata.org/wiki/Q99${r.int(10_000, 99_999)}`, display_name: name, level, score: Math.round(r.next() * 1e6) / 1e6 };
}

function source(r: Random, name: string, type: string, issn: string | null): Record<string, unknown> {
  const host = `${OA}/P99${r.int(1_000_000, 9_999_999)}`;
  return {
    id: `${OA}/S99${r.int(1_000_000, 9_999_999)}`,
    display_name: name,
    issn_l: issn,
    issn: issn ? [issn] : null,
    is_oa: true,
    is_in_doaj: type === "journal",
    is_indexed_in_scopus: type === "journal",
    is_core: type === "journal",
    host_organization: type === "journal" ? host : null,
    host_organization_name: type === "journal" ? "Harbour Open Press" : null,
    host_organization_lineage: type === "journal" ? [host] : [],
    host_organization_lineage_names: type === "journal" ? ["Harbour Open Press"] : [],
    type,
  };
}

function location(landing: string, pdf: string | null, src: Record<string, unknown> | null, published: boolean): Record<string, unknown> {
  return {
    is_oa: pdf !== null,
    landing_page_url: landing,
    pdf_url: pdf,
    source: src,
    license: published ? "cc-by" : null,
    license_id: published ? `${OA}/licenses/cc-by` : null,
    version: published ? "publishedVersion" : null,
    is_accepted: published,
    is_published: published,
  };
}

const JOURNAL_ABSTRACT =
  "Despite growing interest in openly licensed evaluation data, there is no large-scale, up-to-date and reproducible census of how " +
  "much of it exists and who uses it. We address this need with Tally, an open service that determines the licence status of 1.2 " +
  "million datasets. We draw three samples of 10,000 datasets each: (1) all datasets with a registered DOI, (2) datasets cited in " +
  "recent benchmark papers, and (3) datasets opened by users of a browser extension. We estimate that at least 31% of the datasets " +
  "are openly licensed and that this share is growing. We also find that openly licensed datasets receive 14% more citations than " +
  "average, and we encourage further research using the free Tally service.";

export const JOURNAL_WORK_ID = "W9904175201";
export const JOURNAL_DOI = "10.5555/jom.2018.4375";

/** A journal article with its full record, as `GET /works/W…` returns it. */
export function journalWork(): Record<string, unknown> {
  const r = new Random(4375);
  const doiUrl = `https://doi.org/${JOURNAL_DOI}`;
  const primary = location(doiUrl, "https://jom.example.org/articles/4375.pdf", source(r, "Journal of Open Measurement", "journal", "2999-0417"), true);
  return {
    id: `${OA}/${JOURNAL_WORK_ID}`,
    doi: doiUrl,
    title: "Counting the commons: a large-scale census of openly licensed evaluation datasets",
    display_name: "Counting the commons: a large-scale census of openly licensed evaluation datasets",
    publication_year: 2018,
    publication_date: "2018-02-13",
    ids: { openalex: `${OA}/${JOURNAL_WORK_ID}`, doi: doiUrl, mag: "9904175201", pmid: "https://pubmed.ncbi.nlm.nih.gov/99456894", pmcid: "https://www.ncbi.nlm.nih.gov/pmc/articles/9915332" },
    language: "en",
    primary_location: primary,
    type: "article",
    type_crossref: "journal-article",
    indexed_in: ["crossref", "doaj", "pubmed"],
    open_access: { is_oa: true, oa_status: "gold", oa_url: "https://jom.example.org/articles/4375.pdf", any_repository_has_fulltext: true },
    authorships: authorships(r, ["Ilse Hallowell", "Kofi Brannigan", "Maëlle Corbeau", "Joaquim Rautio", "Sunniva Ekwueme", "Bram Underhill"]),
    institution_assertions: [],
    countries_distinct_count: 2,
    institutions_distinct_count: 3,
    corresponding_author_ids: [],
    corresponding_institution_ids: [],
    apc_list: { value: 1395, currency: "USD", value_usd: 1395 },
    apc_paid: { value: 1395, currency: "USD", value_usd: 1395 },
    fwci: 12.517,
    has_fulltext: true,
    fulltext_origin: "pdf",
    cited_by_count: 731,
    citation_normalized_percentile: { value: 0.998812, is_in_top_1_percent: true, is_in_top_10_percent: true },
    cited_by_percentile_year: { min: 99, max: 100 },
    biblio: { volume: "6", issue: null, first_page: "e4375", last_page: "e4375" },
    is_retracted: false,
    is_paratext: false,
    primary_topic: topic("99102", "census methods for research data", 0.9969),
    topics: [topic("99102", "census methods for research data", 0.9969), topic("99311", "open licensing of datasets", 0.9412)],
    keywords: [{ id: `${OA}/keywords/open-data`, display_name: "Open data", score: 0.5683152 }],
    concepts: [concept(r, "Census", 2), concept(r, "Licence", 2), concept(r, "Computer science", 0), concept(r, "Data curation", 1), concept(r, "Political science", 0), concept(r, "Open science", 3)],
    mesh: [],
    locations_count: 3,
    locations: [
      primary,
      location("https://doaj.example.org/article/9f0e4375", null, source(r, "DOAJ-like Directory of Open Datasets", "repository", null), false),
      location("https://pubmed.ncbi.nlm.nih.gov/99456894", null, null, false),
    ],
    best_oa_location: primary,
    sustainable_development_goals: [],
    grants: [],
    datasets: [],
    versions: [],
    referenced_works_count: 45,
    referenced_works: Array.from({ length: 45 }, () => inventedOpenAlexWork(r)),
    related_works: Array.from({ length: 10 }, () => inventedOpenAlexWork(r)),
    abstract_inverted_index: invertedIndex(JOURNAL_ABSTRACT),
    abstract_inverted_index_v3: null,
    cited_by_api_url: `https://api.openalex.org/works?filter=cites:${JOURNAL_WORK_ID}`,
    counts_by_year: [2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018].map((year) => ({ year, cited_by_count: r.int(5, 150) })),
    updated_date: "2025-05-19T04:12:09.118204",
    created_date: "2017-08-08",
  };
}

const CONFERENCE_ABSTRACT =
  "Today's sketches, such as quotient and counting sketches, trade speed against space: the fast ones waste memory and the compact " +
  "ones are slow under concurrent insertion. We present the quotient sketch, which is both compact and fast. It uses two-choice " +
  "hashing with vector instructions to make every insertion a constant number of cache-line operations. Inserts are thread-safe " +
  "and scale 3\u00d7 with four threads compared with a single thread.";

export const CONFERENCE_WORK_ID = "W9931744278";
export const CONFERENCE_DOI = "10.5555/sigdata.2021.1386";

/** A conference paper whose location has no source, in the API's newer shape. */
export function conferenceWork(): Record<string, unknown> {
  const r = new Random(1386);
  const doiUrl = `https://doi.org/${CONFERENCE_DOI}`;
  const primary = Object.assign({ id: `doi:${CONFERENCE_DOI}` }, location(doiUrl, `https://dl.example.org/doi/pdf/${CONFERENCE_DOI}`, null, true), {
    raw_source_name: "Proceedings of the 2021 International Conference on Data Stewardship",
    raw_type: "proceedings-article",
  });
  return {
    id: `${OA}/${CONFERENCE_WORK_ID}`,
    doi: doiUrl,
    title: "Quotient Sketches for Streaming Deduplication",
    display_name: "Quotient Sketches for Streaming Deduplication",
    publication_year: 2021,
    publication_date: "2021-06-09",
    ids: { openalex: `${OA}/${CONFERENCE_WORK_ID}`, doi: doiUrl, mag: "9931744278" },
    language: "en",
    primary_location: primary,
    type: "conference-paper",
    indexed_in: ["crossref"],
    open_access: { is_oa: true, oa_status: "gold", oa_url: `https://dl.example.org/doi/pdf/${CONFERENCE_DOI}`, any_repository_has_fulltext: null },
    authorships: authorships(r, ["Soren Dunmore", "Ayelet Castellanos", "Goran Ferreira-Lund", "Hallie Zarankin"]),
    institutions: [],
    countries_distinct_count: 1,
    institutions_distinct_count: 3,
    corresponding_author_ids: [],
    corresponding_institution_ids: [],
    apc_list: null,
    apc_paid: null,
    fwci: null,
    has_fulltext: true,
    cited_by_count: 39,
    citation_normalized_percentile: null,
    cited_by_percentile_year: null,
    biblio: { volume: null, issue: null, first_page: "1386", last_page: "1399" },
    is_retracted: false,
    is_paratext: false,
    is_xpac: false,
    primary_topic: topic("99478", "Sketching and approximate membership", 0.9999),
    topics: [topic("99478", "Sketching and approximate membership", 0.9999)],
    keywords: [{ id: `${OA}/keywords/quotient`, display_name: "Quotient", score: 0.665390133857727 }],
    concepts: [concept(r, "Quotient", 2), concept(r, "Computer science", 0), concept(r, "Hash function", 2), concept(r, "Parallel computing", 1), concept(r, "Mathematics", 0)],
    mesh: [],
    locations_count: 1,
    locations: [primary],
    best_oa_location: primary,
    sustainable_development_goals: [],
    awards: [
      { id: `${OA}/G9910712163`, display_name: null, funder_award_id: "HX-00417", funder_id: `${OA}/F9943203321`, funder_display_name: "Harbour Science Council" },
      {
        id: `${OA}/G9911414327`,
        display_name: "Collaborative research: sketches for shared memory",
        funder_award_id: "1600417",
        funder_id: `${OA}/F9943206076`,
        funder_display_name: "Tidewater Research Fund",
      },
    ],
    funders: [
      { id: `${OA}/F9943203321`, display_name: "Harbour Science Council", ror: "https://ror.org/0aaaa0417" },
      { id: `${OA}/F9943206076`, display_name: "Tidewater Research Fund", ror: "https://ror.org/0bbbb0417" },
    ],
    has_content: { grobid_xml: true, pdf: true },
    content_urls: { pdf: `https://content.openalex.org/works/${CONFERENCE_WORK_ID}.pdf`, grobid_xml: `https://content.openalex.org/works/${CONFERENCE_WORK_ID}.grobid-xml` },
    referenced_works_count: 49,
    referenced_works: Array.from({ length: 49 }, () => inventedOpenAlexWork(r)),
    related_works: Array.from({ length: 10 }, () => inventedOpenAlexWork(r)),
    abstract_inverted_index: invertedIndex(CONFERENCE_ABSTRACT),
    counts_by_year: [2026, 2025, 2024, 2023, 2022, 2021].map((year) => ({ year, cited_by_count: r.int(1, 17) })),
    updated_date: "2026-03-02T07:51:19.307946",
    created_date: "2025-10-10T00:00:00",
  };
}

export const SEARCH_TITLE = "Augmenting language models with laboratory instruments";
export const SEARCH_JOURNAL_DOI = "10.5555/nmi.2024.00832";
export const SEARCH_PREPRINT_ARXIV = "2304.95376";

function searchResult(
  r: Random,
  spec: { id: string; doi: string; title: string; year: number; date: string; locations: Record<string, unknown>[]; ids: Record<string, string> },
): Record<string, unknown> {
  const [primary] = spec.locations;
  return {
    id: `${OA}/${spec.id}`,
    doi: spec.doi,
    title: spec.title,
    display_name: spec.title,
    relevance_score: Math.round(r.next() * 1e5) / 100,
    publication_year: spec.year,
    publication_date: spec.date,
    ids: Object.assign({ openalex: `${OA}/${spec.id}` }, spec.ids),
    language: "en",
    primary_location: primary,
    type: "article",
    type_crossref: "journal-article",
    indexed_in: ["crossref"],
    open_access: { is_oa: true, oa_status: "green", oa_url: null, any_repository_has_fulltext: true },
    authorships: authorships(r, ["Rosalind Marchetti", "Kaveh Thorvaldsen", "Efua Pettersen"]),
    institution_assertions: [],
    countries_distinct_count: 1,
    institutions_distinct_count: 2,
    corresponding_author_ids: [],
    corresponding_institution_ids: [],
    apc_list: null,
    apc_paid: null,
    fwci: null,
    has_fulltext: false,
    cited_by_count: r.int(10, 400),
    citation_normalized_percentile: null,
    cited_by_percentile_year: null,
    biblio: { volume: null, issue: null, first_page: null, last_page: null },
    is_retracted: false,
    is_paratext: false,
    primary_topic: null,
    topics: [],
    keywords: [],
    concepts: [concept(r, "Chemistry", 0)],
    mesh: [],
    locations_count: spec.locations.length,
    locations: spec.locations,
    best_oa_location: primary,
    sustainable_development_goals: [],
    grants: [],
    datasets: [],
    versions: [],
    referenced_works_count: 3,
    referenced_works: Array.from({ length: 3 }, () => inventedOpenAlexWork(r)),
    related_works: [],
    abstract_inverted_index: null,
    cited_by_api_url: `https://api.openalex.org/works?filter=cites:${spec.id}`,
    counts_by_year: [],
    updated_date: "2025-09-01T10:00:00.000000",
    created_date: "2023-04-14",
  };
}

/** A `GET /works?filter=title.search:…` page: the journal article and its arXiv preprint. */
export function searchResults(): Record<string, unknown> {
  const r = new Random(832);
  const journalDoi = `https://doi.org/${SEARCH_JOURNAL_DOI}`;
  const arxivDoi = `https://doi.org/10.48550/arxiv.${SEARCH_PREPRINT_ARXIV}`;
  const journal = searchResult(r, {
    id: "W9943967237",
    doi: journalDoi,
    title: SEARCH_TITLE,
    year: 2024,
    date: "2024-05-08",
    ids: { doi: journalDoi, pmid: "https://pubmed.ncbi.nlm.nih.gov/99799228" },
    locations: [
      location(journalDoi, "https://nmi.example.org/articles/00832.pdf", source(r, "Journal of Machine Laboratories", "journal", "2999-5839"), true),
      location("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC99116106", null, null, false),
      location("https://pubmed.ncbi.nlm.nih.gov/99799228", null, null, false),
    ],
  });
  const preprint = searchResult(r, {
    id: "W9943655972",
    doi: arxivDoi,
    title: `LabBench: ${SEARCH_TITLE.replace("language models", "large-language models")}`,
    year: 2023,
    date: "2023-04-11",
    ids: { doi: arxivDoi },
    locations: [
      location(`https://arxiv.org/abs/${SEARCH_PREPRINT_ARXIV}`, null, source(r, "arXiv (Cornell University)", "repository", null), false),
      location(`http://arxiv.org/abs/${SEARCH_PREPRINT_ARXIV}`, `http://arxiv.org/pdf/${SEARCH_PREPRINT_ARXIV}`, null, false),
      location(`https://api.datacite.org/dois/10.48550/arxiv.${SEARCH_PREPRINT_ARXIV}`, null, null, false),
    ],
  });
  return { meta: { count: 2, db_response_time_ms: 211, page: 1, per_page: 25, groups_count: null }, results: [journal, preprint], group_by: [] };
}
