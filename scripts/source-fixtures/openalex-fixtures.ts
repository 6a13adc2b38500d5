/**
 * The OpenAlex fixtures (test/fixtures/sources/openalex): the invented works of openalex-works.ts
 * saved as API responses, and two cassettes: the conference paper fetched by its DOI URL (vcrpy
 * layout, a plain body), and a title search that a client sent to four APIs in turn (Crossref,
 * Semantic Scholar, OpenAlex, Unpaywall), reformatted by prettier, three of its bodies gzip and
 * stored as `!!binary` base64, only one of them holding OpenAlex works.
 */
import { gzipSync } from "node:zlib";
import { asciiJson, cassetteYaml, type RecordedExchange } from "./cassette-yaml.ts";
import { CONFERENCE_DOI, conferenceWork, journalWork, SEARCH_JOURNAL_DOI, SEARCH_PREPRINT_ARXIV, SEARCH_TITLE, searchResults } from "./openalex-works.ts";

const CLIENT_HEADERS = { Accept: ["*/*"], "Accept-Encoding": ["gzip, deflate, zstd"], Connection: ["keep-alive"], "User-Agent": ["fixture-client/0.4 (mailto:fixtures@example.org)"] };

function openAlexHeaders(length: number): Record<string, string[]> {
  return {
    "Access-Control-Allow-Headers": ["Accept, Accept-Language, Accept-Encoding, Authorization, Content-Type"],
    "Access-Control-Allow-Methods": ["GET, HEAD, POST, OPTIONS"],
    "Access-Control-Allow-Origin": ["*"],
    Connection: ["keep-alive"],
    "Content-Type": ["application/json"],
    Date: ["Thu, 05 Mar 2026 06:11:03 GMT"],
    Server: ["cloudflare"],
    "Transfer-Encoding": ["chunked"],
    "X-RateLimit-Limit": ["1000"],
    "X-RateLimit-Remaining": ["975"],
    "content-length": [String(length)],
  };
}

/** `GET /works/https://doi.org/…` answered with the conference paper. */
export function workByDoiCassette(): string {
  const body = asciiJson(conferenceWork()) + "\n";
  const exchange: RecordedExchange = {
    method: "GET",
    uri: `https://api.openalex.org/works/https://doi.org/${CONFERENCE_DOI}`,
    requestBody: null,
    requestHeaders: CLIENT_HEADERS,
    status: 200,
    responseHeaders: openAlexHeaders(Buffer.byteLength(body)),
    body,
  };
  return cassetteYaml([exchange], "vcrpy");
}

const QUERY = SEARCH_TITLE.replace(/ /g, "+");
const SEARCH_HEADERS = { accept: ["*/*"], "accept-encoding": ["gzip, deflate"], connection: ["keep-alive"], "user-agent": ["python-httpx/0.28.1"] };

function gzipped(value: unknown): Uint8Array {
  return new Uint8Array(gzipSync(Buffer.from(JSON.stringify(value))));
}

function crossrefSearch(): unknown {
  return {
    status: "ok",
    "message-type": "work-list",
    "message-version": "1.0.0",
    message: {
      facets: {},
      "total-results": 2041177,
      items: [
        {
          DOI: SEARCH_JOURNAL_DOI,
          type: "journal-article",
          title: [SEARCH_TITLE],
          author: [
            { given: "Rosalind", family: "Marchetti", sequence: "first", affiliation: [] },
            { given: "Kaveh", family: "Thorvaldsen", sequence: "additional", affiliation: [] },
          ],
          "container-title": ["Journal of Machine Laboratories"],
          published: { "date-parts": [[2024, 5, 8]] },
          "reference-count": 88,
          publisher: "Harbour Open Press",
          score: 91.4,
        },
      ],
      "items-per-page": 1,
      query: { "start-index": 0, "search-terms": null },
    },
  };
}

function s2Match(): unknown {
  return {
    data: [
      {
        paperId: "4d0c2b9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
        externalIds: { ArXiv: SEARCH_PREPRINT_ARXIV, DOI: SEARCH_JOURNAL_DOI, CorpusId: 258000417 },
        url: "https://www.semanticscholar.org/paper/4d0c2b9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
        title: SEARCH_TITLE,
        venue: "Journal of Machine Laboratories",
        year: 2024,
        citationCount: 301,
        matchScore: 212.7,
      },
    ],
  };
}

function unpaywallSearch(): unknown {
  return {
    results: [{ response: { doi: SEARCH_JOURNAL_DOI, year: 2024, genre: "journal-article", is_oa: true, title: SEARCH_TITLE, oa_status: "hybrid" }, score: 0.0041, snippet: `<b>${SEARCH_TITLE}</b>` }],
    elapsed_seconds: 0.412,
  };
}

const BIBTEX =
  ` @article{Marchetti_2024, title={${SEARCH_TITLE}}, volume={6}, ISSN={2999-5839}, url={http://dx.doi.org/${SEARCH_JOURNAL_DOI}}, ` +
  `DOI={${SEARCH_JOURNAL_DOI}}, number={5}, journal={Journal of Machine Laboratories}, publisher={Harbour Open Press}, ` +
  `author={Marchetti, Rosalind and Thorvaldsen, Kaveh and Pettersen, Efua}, year={2024}, month=may, pages={525\u2013535} }\n`;

/** One title searched on four APIs, as a client's test recorded it; prettier reformatted the file. */
export function titleSearchCassette(): string {
  const gzipHeaders = (type: string) => ({ "Content-Type": [type], "Content-Encoding": ["gzip"], Date: ["Thu, 11 Sep 2025 18:57:13 GMT"], Vary: ["Accept-Encoding"] });
  const get = (uri: string, body: string | Uint8Array, headers: Record<string, string[]>): RecordedExchange => ({
    method: "GET",
    uri,
    requestBody: "",
    requestHeaders: SEARCH_HEADERS,
    status: 200,
    responseHeaders: headers,
    body,
  });
  return cassetteYaml(
    [
      get(`https://api.crossref.org/works?mailto=fixtures%40example.org&query.title=${QUERY}&rows=1`, gzipped(crossrefSearch()), gzipHeaders("application/json")),
      get(`https://api.crossref.org/works/${encodeURIComponent(SEARCH_JOURNAL_DOI)}/transform/application/x-bibtex`, BIBTEX, {
        Date: ["Thu, 11 Sep 2025 18:57:13 GMT"],
        "Transfer-Encoding": ["chunked"],
      }),
      get(`https://api.semanticscholar.org/graph/v1/paper/search/match?query=${QUERY}&fields=externalIds%2Ctitle%2Curl%2Cvenue%2Cyear`, JSON.stringify(s2Match()) + "\n", {
        "Content-Type": ["application/json"],
      }),
      get(`https://api.openalex.org/works?filter=title.search%3A${QUERY}`, gzipped(searchResults()), gzipHeaders("application/json")),
      get(`https://api.unpaywall.org/v2/search?query=${encodeURIComponent(SEARCH_TITLE)}&email=fixtures@example.org`, gzipped(unpaywallSearch()), gzipHeaders("application/json")),
    ],
    "prettier",
  );
}

/** The files this module writes, by path under test/fixtures/sources. */
export function openAlexFixtures(): Map<string, string> {
  return new Map([
    ["openalex/journal-article-work.json", JSON.stringify(journalWork())],
    ["openalex/conference-paper-work.json", JSON.stringify(conferenceWork())],
    ["openalex/search-results-journal-and-preprint.json", JSON.stringify(searchResults())],
    ["openalex/cassette-work-by-doi.yaml", workByDoiCassette()],
    ["openalex/cassette-title-search-four-apis.yaml", titleSearchCassette()],
  ]);
}
