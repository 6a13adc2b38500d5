/**
 * Small pools of invented identifiers, titles, abstracts and years that random mentions and pages
 * are drawn from (test/db/identity-keys.test.ts, test/db/graph-increment.test.ts), chosen so that
 * every rule of identity resolution (vocabulary/identity.ts) merges, refuses and meets ambiguity:
 * "Name: subtitle" titles with close and distant subtitles, the bare name spaced otherwise, short
 * names that are a title's acronym or a short form an abstract defines, a series label, a generic
 * one-word title, identifiers that agree or conflict, and a word spelt the British way in one
 * title and the American way in another (the index holds both spellings, and counts only one), and
 * abstracts long enough to be one passage on several pages (rule 6) or to open alike and part.
 */
export const TITLES = [
  "Tidal Ledgers: A Benchmark Of Harbour Records",
  "Tidal Ledgers: Benchmark Of Harbour Records",
  "Tidal Ledgers: Counting Kelp",
  "TIDAL LEDGERS",
  "Tidal-Ledgers",
  "Holistic Evaluation Of Orchard Models",
  "HEOM",
  "Brightwater Harbour Benchmark",
  "BHB",
  "Attention",
  "Grading Harbour Models",
  "Grading Harbour Models Revisited",
  "Harbor Models",
  "Survey",
  "Squibs: Orchard Glossing",
  "Squibs: Kelp Counting",
];
const TIDE_OPENING = "Harbour records kept by tide clerks over two centuries describe ships, cargo, weather and tolls in a dozen hands.";
const TIDE_BODY =
  " We transcribe forty thousand ledger pages into tables, align their units and spellings, and ask whether language models can answer questions that need several entries read together. Models that read one entry well often fail when an answer spans a season of arrivals, and we release the tables, the questions and a scorer.";
export const ABSTRACTS = [
  "We introduce the Brightwater Harbour Benchmark (BHB), a set of tables.",
  "We present Holistic Evaluation of Orchard Models (HEOM).",
  "Kelp and tides.",
  // Rule 6's passages: one abstract, its revised version, and one that opens alike and then parts.
  TIDE_OPENING + TIDE_BODY,
  TIDE_OPENING + TIDE_BODY.replace("forty thousand", "forty-two thousand").replace("and we release", "and we publish"),
  TIDE_OPENING +
    " Instead of questions we study how the clerks abbreviated cargo names, proposing a lexicon of their shorthand, tested against parish registers and customs rolls from three ports, and measuring how often a later clerk expanded an earlier clerk's abbreviation the same way.",
];
export const ARXIV = ["2403.10001", "2403.10002", "2403.10003"];
export const DOI = ["10.5555/a", "10.5555/b"];
export const ACL = ["P19-1001", "P19-1002"];
export const YEARS = [2019, 2020, 2022];
