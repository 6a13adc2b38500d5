/**
 * Small pools of invented identifiers, titles, abstracts and years that random mentions and pages
 * are drawn from (test/db/identity-keys.test.ts, test/db/graph-increment.test.ts), chosen so that
 * every rule of identity resolution (vocabulary/identity.ts) merges, refuses and meets ambiguity:
 * "Name: subtitle" titles with close and distant subtitles, the bare name spaced otherwise, short
 * names that are a title's acronym or a short form an abstract defines, a series label, a generic
 * one-word title, identifiers that agree or conflict, and a word spelt the British way in one
 * title and the American way in another (the index holds both spellings, and counts only one).
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
export const ABSTRACTS = ["We introduce the Brightwater Harbour Benchmark (BHB), a set of tables.", "We present Holistic Evaluation of Orchard Models (HEOM).", "Kelp and tides."];
export const ARXIV = ["2403.10001", "2403.10002", "2403.10003"];
export const DOI = ["10.5555/a", "10.5555/b"];
export const ACL = ["P19-1001", "P19-1002"];
export const YEARS = [2019, 2020, 2022];
