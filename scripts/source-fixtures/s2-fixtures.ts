/**
 * The Semantic Scholar fixtures (test/fixtures/sources/s2), invented, in the shapes the Graph API
 * answers and its Python client saves: a full paper record embedding 14 references (6 with a
 * null paperId) and 300 citations; recorded exchanges of a reference list in two pages (`next`,
 * 23 null paperIds, titles with mojibake), of a citation list in six pages requested by corpus
 * ID (httpx recorder layout), and of a batch request. The two single edges (reference-edge.json,
 * citation-edge.json) are written by hand.
 */
import { cassetteYaml, pythonJson, type RecordedExchange } from "./cassette-yaml.ts";
import { inventedArxiv, inventedTitle, inventedVenue, Random, shortName } from "./invented.ts";

/** The paper with references and citations; the tests name it by these. */
export const HEAD_PAPER_ID = "5e1f0c3a9d7b2e8f4a6c1d0b9e8f7a6b5c4d3e2f";
export const PAGED_REFERENCES_DOI = "10.5555/wp.2013.0417";
export const CITED_CORPUS_ID = 90417117;
const S2 = "https://api.semanticscholar.org/graph/v1";

function authorsOf(r: Random, n: number): { authorId: string; name: string }[] {
  return Array.from({ length: n }, () => ({ authorId: String(r.int(1_000_000, 2_999_999_999)), name: shortName(r) }));
}

/** A paper as the API nests it in a list: every field, some empty, as the real lists have. */
function listedPaper(r: Random, year: number): Record<string, unknown> {
  const paperId = r.hex(40);
  const corpusId = r.int(1_000_000, 280_000_000);
  const title = inventedTitle(r);
  const kind = r.int(0, 3);
  const externalIds: Record<string, unknown> = {};
  if (kind === 1 || kind === 3) externalIds.ArXiv = inventedArxiv(r, year);
  if (kind >= 1) externalIds.DBLP = `journals/corr/abs-${r.int(1000, 9999)}-${r.int(10000, 99999)}`;
  if (kind !== 3) externalIds.DOI = `10.5555/${r.pick(["LEDG", "tide", "Harbor", "ms"])}.${year}.${r.int(10000, 99999)}`;
  externalIds.CorpusId = corpusId;
  const venue = r.chance(0.3) ? inventedVenue(r) : "";
  const authors = authorsOf(r, r.int(1, 4));
  const first = authors[0]?.name.split(" ").pop() ?? "Anon";
  return {
    paperId,
    externalIds,
    corpusId,
    publicationVenue: venue ? { id: `${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}`, name: venue, type: "journal" } : null,
    url: `https://www.semanticscholar.org/paper/${paperId}`,
    title,
    abstract: r.chance(0.15) ? `We study ${title.toLowerCase()}. Results on ${r.int(3, 40)} invented tasks are reported.` : null,
    venue,
    year,
    referenceCount: r.int(0, 90),
    citationCount: r.int(0, 400),
    influentialCitationCount: r.int(0, 12),
    isOpenAccess: r.chance(0.5),
    openAccessPdf: null,
    fieldsOfStudy: r.chance(0.8) ? ["Computer Science"] : null,
    s2FieldsOfStudy: [{ category: "Computer Science", source: "s2-fos-model" }],
    publicationTypes: r.chance(0.5) ? ["JournalArticle"] : null,
    publicationDate: r.chance(0.7) ? `${year}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}` : null,
    journal: venue ? { name: venue, volume: String(r.int(1, 40)) } : null,
    citationStyles: { bibtex: `@Article{${first}${year}X,\n author = {${authors[0]?.name ?? ""}${authors.length > 1 ? " and others" : ""}},\n title = {${title}},\n year = {${year}}\n}\n` },
    authors,
  };
}

/** A reference the API could not match to a paper: a null paperId and a scrap of text as title. */
function unmatchedReference(title: string, year: number | null): Record<string, unknown> {
  return {
    paperId: null,
    externalIds: null,
    corpusId: null,
    publicationVenue: null,
    url: null,
    title,
    abstract: null,
    venue: title,
    year,
    referenceCount: null,
    citationCount: null,
    influentialCitationCount: null,
    isOpenAccess: null,
    openAccessPdf: null,
    fieldsOfStudy: null,
    s2FieldsOfStudy: [],
    publicationTypes: null,
    publicationDate: null,
    journal: null,
    citationStyles: null,
    authors: [],
  };
}

function headReferences(r: Random): Record<string, unknown>[] {
  const first = listedPaper(r, 1949);
  Object.assign(first, {
    title: "Tables for the Hand Calculation of Tidal Orbits",
    externalIds: { MAG: "1499217760", DOI: "10.5555/TIDE.1949.0031", CorpusId: 58800417 },
    corpusId: 58800417,
    venue: "",
    journal: { volume: "", name: "" },
    publicationDate: "1949-02-01",
  });
  const refs = [first];
  for (let i = 0; i < 7; i++) refs.push(listedPaper(r, r.int(1931, 1950)));
  refs.splice(4, 0, unmatchedReference("Harbour Math. Soc", 1937));
  refs.push(unmatchedReference("Editor's notes to a memoir on the tide-predicting engine of the Port Authority", 1842));
  refs.push(unmatchedReference("Lakeside College of Accounts. return to index FOOT NOTES", null));
  refs.push(unmatchedReference("See the harbourmaster's remark (p.212), which never uses the word 'always", null));
  refs.push(unmatchedReference("Names in bold refer to the list of sources", null));
  refs.push(unmatchedReference("Or rather 'posted', since our apprentice ledger keeps its entries on punched cards. The rules themselves need not be learnt", null));
  return refs;
}

export function headPaper(): Record<string, unknown> {
  const r = new Random(1950);
  const references = headReferences(r);
  // The citations were asked for with fewer fields (`citations.title,citations.year,…`), as a
  // client does to keep a 300-entry list small; the references carry every field.
  const citationFields = ["paperId", "externalIds", "url", "title", "venue", "year", "citationCount", "publicationDate", "authors"];
  const citations = Array.from({ length: 300 }, () => {
    const full = listedPaper(r, r.int(1990, 2025));
    return Object.fromEntries(citationFields.map((f) => [f, full[f]]));
  });
  const vector = Array.from({ length: 768 }, () => Math.round((r.next() * 12 - 6) * 1e6) / 1e6);
  return {
    paperId: HEAD_PAPER_ID,
    externalIds: { DBLP: "journals/x/Marwick53", MAG: "2145400417", DOI: "10.5555/LEDGER.LXII.0417", CorpusId: 14600417 },
    corpusId: 14600417,
    publicationVenue: null,
    url: `https://www.semanticscholar.org/paper/${HEAD_PAPER_ID}`,
    title: "Can a Ledger Judge? Notes on Mechanical Bookkeeping",
    abstract:
      "Whether a ledger can \u201cjudge\u201d\u2663 is asked here in earnest. The words \u201cledger\u201d and \u201cjudge\u201d must first " +
      "be pinned down; a survey of how clerks use them would tell us only about clerks. I replace the question by a game played " +
      "with an auditor, a clerk and a ledger, and ask how often the auditor is fooled.",
    venue: "Essays on Mechanical Reasoning",
    year: 1953,
    referenceCount: 14,
    citationCount: 4812,
    influentialCitationCount: 211,
    isOpenAccess: false,
    openAccessPdf: null,
    fieldsOfStudy: ["Computer Science", "Philosophy"],
    s2FieldsOfStudy: [
      { category: "Computer Science", source: "external" },
      { category: "Philosophy", source: "external" },
      { category: "Computer Science", source: "s2-fos-model" },
    ],
    tldr: { model: "tldr@v2.0.0", text: "The question whether a ledger can judge is replaced by a game in which an auditor tries to tell a ledger from a clerk." },
    publicationTypes: ["JournalArticle", "Review"],
    publicationDate: "1953-04-01",
    journal: { name: "Quarterly Review of Calculating Machines", pages: "211-239", volume: "LXII" },
    citationStyles: {
      bibtex:
        "@Article{Marwick1953CanAL,\n author = {E. Marwick},\n booktitle = {Essays on Mechanical Reasoning},\n journal = {Quarterly Review of Calculating Machines},\n" +
        " pages = {211-239},\n title = {Can a Ledger Judge? Notes on Mechanical Bookkeeping},\n volume = {LXII},\n year = {1953}\n}\n",
    },
    embedding: { model: "specter_v1", vector },
    authors: [
      {
        authorId: "2260417",
        externalIds: { DBLP: ["Edith M. Marwick"] },
        url: "https://www.semanticscholar.org/author/2260417",
        name: "E. Marwick",
        affiliations: [],
        homepage: null,
        paperCount: 41,
        citationCount: 6120,
        hIndex: 17,
      },
    ],
    citations,
    references,
  };
}

function requestHeaders(r: Random, extra: Record<string, string[]> = {}): Record<string, string[]> {
  return Object.assign({ accept: ["*/*"], "accept-encoding": ["gzip, deflate"], connection: ["keep-alive"] }, extra, {
    host: ["api.semanticscholar.org"],
    "user-agent": [`python-httpx/0.2${r.int(7, 8)}.${r.int(0, 1)}`],
  });
}

function responseHeaders(r: Random, body: string, date: string): Record<string, string[]> {
  const length = String(Buffer.byteLength(body));
  return {
    "Access-Control-Allow-Origin": ["*"],
    Connection: ["keep-alive"],
    "Content-Length": [length],
    "Content-Type": ["application/json"],
    Date: [date],
    Via: [`1.1 ${r.hex(32)}.cloudfront.net (CloudFront)`],
    "X-Amz-Cf-Id": [`${r.hex(20)}_${r.hex(30)}==`],
    "X-Amz-Cf-Pop": ["LHR50-P1"],
    "X-Cache": ["Miss from cloudfront"],
    "x-amz-apigw-id": [`${r.hex(14)}=`],
    "x-amzn-Remapped-Connection": ["keep-alive"],
    "x-amzn-Remapped-Content-Length": [length],
    "x-amzn-Remapped-Date": [date],
    "x-amzn-Remapped-Server": ["gunicorn"],
    "x-amzn-RequestId": [`${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}`],
  };
}

/** Titles S2 gave references it could not match: scraps of footnotes, mojibake, C1 control quotes. */
const UNMATCHED_PAGE_ONE = [
  "Harvest Ledgers of the World's Smallholders 2009\u20132010: A Field Survey",
  "Village lenders brace for a run on deposits",
  "The Regional Index of Household Bargaining",
  "Ferry fares and family budgets: a diary study",
  "Profile for Ashgrove Credit",
  "Grain bu\u00a4ers and market days: evidence from the delta. Lakeside College working paper",
  "How far does a ferry loan travel ?",
  "\u0093Ferry Tokens Flood the Night Market,\u0094The",
  "Stallholders' Ledgers, Volume II",
  "Note on the survey weights",
];
const UNMATCHED_PAGE_TWO = [
  "Do Night Markets Pay? Evidence from Four Ports",
  "\u0093Ferry\u0085token\u0092s \u0091hidden cost\u0092\u0096night markets emptied,\u0094Evening Ledger, 03/11/2009",
  "Harbour Statistics Office. Ferry Tables",
  "P\u2010values in this table use a step\u2010down correction across all ferry outcomes",
  "Spillover e\u00a4ects between neighbouring quays",
  "Port Indicators Table 2.7: Tolls and tariffs",
  "Quay Access Practice Note 4",
  "More Stalls for More Traders: Results of the Quayside Survey",
  "\u201c Lotteries and Ferry Licences",
  "Working paper series",
  "Table 5: Effects on traders who already had a stall",
  "0.41 for adults; 0.07 for children. A per-household weighting gives the same answer",
  "Stall spending (monthly): everything bought in the past year for the stall (even if also used at home",
];

function listPage(offset: number, next: number | undefined, data: unknown[]): string {
  return pythonJson(next === undefined ? { offset, data } : { offset, next, data }) + "\n";
}

export function pagedReferencesCassette(): string {
  const r = new Random(2013);
  const matched = (title?: string) => ({ citedPaper: { paperId: r.hex(40), title: title ?? inventedTitle(r) } });
  const unmatched = (title: string) => ({ citedPaper: { paperId: null, title } });
  const pageOne = [...Array.from({ length: 40 }, () => matched()), ...UNMATCHED_PAGE_ONE.map(unmatched)];
  const two = UNMATCHED_PAGE_TWO.map(unmatched);
  const pageTwo = [
    two[0],
    matched(),
    two[1],
    two[2],
    two[3],
    two[4],
    two[5],
    two[6],
    two[7],
    two[8],
    matched(),
    matched("Printed in Harbourside"),
    matched("Estimating the toll of"),
    two[9],
    two[10],
    two[11],
    two[12],
  ];
  const uri = (offset: number) => `${S2}/paper/${PAGED_REFERENCES_DOI}/references?fields=title&offset=${offset}&limit=50`;
  const bodies = [listPage(0, 50, pageOne), listPage(50, undefined, pageTwo)];
  const exchanges: RecordedExchange[] = bodies.map((body, i) => ({
    method: "GET",
    uri: uri(i * 50),
    requestHeaders: requestHeaders(r),
    status: 200,
    responseHeaders: responseHeaders(r, body, `Tue, 1${i} Dec 2024 10:4${i}:35 GMT`),
    body,
  }));
  return cassetteYaml(exchanges, "vcrpy");
}

/** 537 citations in pages of 100, requested by corpus ID, a few with a null paperId. */
export function pagedCitationsCassette(): string {
  const r = new Random(117);
  const total = 537;
  const exchanges: RecordedExchange[] = [];
  for (let offset = 0; offset < total; offset += 100) {
    const n = Math.min(100, total - offset);
    const data = Array.from({ length: n }, (_, i) => {
      const unmatched = offset >= 300 && (offset + i) % 37 === 5;
      return { citingPaper: { paperId: unmatched ? null : r.hex(40), title: inventedTitle(r) } };
    });
    const next = offset + n < total ? offset + n : undefined;
    const body = listPage(offset, next, data);
    exchanges.push({
      method: "GET",
      uri: `${S2}/paper/CorpusID:${CITED_CORPUS_ID}/citations?fields=title&offset=${offset}&limit=100`,
      requestHeaders: requestHeaders(r),
      status: 200,
      responseHeaders: responseHeaders(r, body, `Mon, 08 Jul 2024 02:1${offset / 100}:22 GMT`),
      body,
    });
  }
  return cassetteYaml(exchanges, "httpx");
}

export const BATCH_PAPER_IDS = ["3b8e2f61c0d94a7e5f1c2b3a4d5e6f708192a3b4", "7c4d1e9a2b3f5a6c8d0e1f2a3b4c5d6e7f809a1b", "a1f0e2d3c4b5a6978877665544332211ffeeddcc"];

/** POST /paper/batch for three IDs of three kinds: a corpus ID, a DOI and a paperId. */
export function batchCassette(): string {
  const r = new Random(470);
  const ids = [`CorpusId:4700417`, PAGED_REFERENCES_DOI, BATCH_PAPER_IDS[2]];
  const requestBody = JSON.stringify({ ids });
  const named = (name: string) => ({ authorId: String(r.int(1_000_000, 2_999_999_999)), name });
  const body =
    pythonJson([
      { paperId: BATCH_PAPER_IDS[0], authors: [named("Marisol Quintero"), named("E. Abernethy"), named("S. Lindqvist")] },
      { paperId: BATCH_PAPER_IDS[1], authors: [named("E. Abernethy"), named("T. Okonkwo-Hale"), named("R. Saltmarsh"), named("Ilse Brannigan")] },
      { paperId: BATCH_PAPER_IDS[2], authors: [named("E. Abernethy"), named("M. Pettersen"), named("Oren Wexford")] },
    ]) + "\n";
  const exchange: RecordedExchange = {
    method: "POST",
    uri: `${S2}/paper/batch?fields=authors`,
    requestBody,
    requestHeaders: requestHeaders(r, { "content-length": [String(requestBody.length)], "content-type": ["application/json"] }),
    status: 200,
    responseHeaders: responseHeaders(r, body, "Sun, 08 Dec 2024 00:44:53 GMT"),
    body,
  };
  return cassetteYaml([exchange], "vcrpy");
}

/** The files this module writes, by path under test/fixtures/sources. */
export function s2Fixtures(): Map<string, string> {
  return new Map([
    ["s2/paper-with-references-and-citations.json", pythonJson(headPaper())],
    ["s2/cassette-references-in-two-pages.yaml", pagedReferencesCassette()],
    ["s2/cassette-citations-by-corpus-id.yaml", pagedCitationsCassette()],
    ["s2/cassette-batch-of-three.yaml", batchCassette()],
  ]);
}
