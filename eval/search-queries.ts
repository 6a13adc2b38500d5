/**
 * The queries `npm run eval -- search` asks (eval/search.ts), typed as a new user would type them,
 * each with the paper it means. Two sets, written together before the ranking was tuned: `dev`,
 * the only one looked at while choosing the ranking's rules and weights, and `held-out`, measured
 * and reported but never used to choose anything. Two maps: the ACL Anthology Network release
 * (`aan`) and the seed pages with the lm-evaluation-harness task citations ingested beside them
 * (`seed`).
 *
 * Which paper a query means, by kind (so that a reader can check every answer):
 * - `name`: the paper the name is the name of (its title's own name, or the name the field
 *   knows it by); when several papers carry the name, the most cited of them in the map.
 * - `acronym`: the most cited paper whose title spells the acronym out or uses it.
 * - `author`: the author's most cited paper in the map (`author year`: of that year).
 * - `topic`: the most cited paper whose title holds the words (up to inflection).
 * - `typo`: what the query would mean spelt right.
 * - `identifier`: the paper it identifies; `title`: the paper of that title.
 * "Most cited" is citations in the map; on the seed map, where most papers are cited once or
 * twice in it, the count the pages report decides between papers the map cites alike.
 *
 * `meant` is an identifier (`acl:…`, `arxiv:…`) or `title:` and the exact title.
 */

export type QueryKind = "name" | "acronym" | "author" | "topic" | "typo" | "identifier" | "title";
export type QuerySet = "dev" | "held-out";
export type QueryMap = "aan" | "seed";

export interface SearchQuery {
  map: QueryMap;
  set: QuerySet;
  kind: QueryKind;
  query: string;
  meant: string;
}

const q = (map: QueryMap, set: QuerySet, kind: QueryKind, query: string, meant: string): SearchQuery => ({ map, set, kind, query, meant });

export const SEARCH_QUERIES: readonly SearchQuery[] = [
  // AAN, dev
  q("aan", "dev", "name", "BLEU", "acl:P02-1040"),
  q("aan", "dev", "name", "Penn Treebank", "acl:J93-2004"),
  q("aan", "dev", "name", "Moses", "acl:P07-2045"),
  q("aan", "dev", "name", "FrameNet", "acl:P98-1013"),
  q("aan", "dev", "name", "METEOR", "acl:W05-0909"),
  q("aan", "dev", "name", "TextTiling", "acl:J97-1003"),
  q("aan", "dev", "name", "Proposition Bank", "acl:J05-1004"),
  q("aan", "dev", "name", "OntoNotes", "acl:N06-2015"),
  q("aan", "dev", "acronym", "MERT", "acl:P03-1021"),
  q("aan", "dev", "acronym", "CRF", "acl:N03-1028"),
  q("aan", "dev", "acronym", "WSD", "acl:P95-1026"),
  q("aan", "dev", "acronym", "NER", "acl:W03-0419"),
  q("aan", "dev", "acronym", "PCFG", "acl:J98-4004"),
  q("aan", "dev", "author", "Och", "acl:P03-1021"),
  q("aan", "dev", "author", "Michael Collins", "acl:P97-1003"),
  q("aan", "dev", "author", "Charniak", "acl:A00-2018"),
  q("aan", "dev", "author", "Yarowsky", "acl:P95-1026"),
  q("aan", "dev", "author", "Lillian Lee", "acl:W02-1011"),
  q("aan", "dev", "author", "Marti Hearst", "acl:C92-2082"),
  q("aan", "dev", "author", "Jurafsky", "acl:J02-3001"),
  q("aan", "dev", "author", "Collins 2002", "acl:W02-1001"),
  q("aan", "dev", "topic", "phrase-based translation", "acl:N03-1017"),
  q("aan", "dev", "topic", "word sense disambiguation", "acl:P95-1026"),
  q("aan", "dev", "topic", "sentiment classification", "acl:W02-1011"),
  q("aan", "dev", "topic", "semantic role labeling", "acl:J02-3001"),
  q("aan", "dev", "topic", "coreference resolution", "acl:J01-4004"),
  q("aan", "dev", "topic", "maximum entropy", "acl:J96-1002"),
  q("aan", "dev", "topic", "statistical parsing", "acl:P97-1003"),
  q("aan", "dev", "topic", "automatic evaluation of summaries", "acl:N03-1020"),
  q("aan", "dev", "typo", "Treebnak", "acl:J93-2004"),
  q("aan", "dev", "typo", "minimun error rate training", "acl:P03-1021"),
  q("aan", "dev", "typo", "Yarowksy", "acl:P95-1026"),
  q("aan", "dev", "typo", "statistical aligment models", "acl:J03-1002"),
  q("aan", "dev", "typo", "Charnaik", "acl:A00-2018"),
  q("aan", "dev", "identifier", "P02-1040", "acl:P02-1040"),
  q("aan", "dev", "identifier", "J93-2004", "acl:J93-2004"),
  q("aan", "dev", "identifier", "https://aclanthology.org/P03-1021/", "acl:P03-1021"),
  q("aan", "dev", "title", "Accurate Unlexicalized Parsing", "acl:P03-1054"),
  q("aan", "dev", "title", "A Maximum Entropy Approach To Natural Language Processing", "acl:J96-1002"),
  q("aan", "dev", "title", "thumbs up sentiment classification", "acl:W02-1011"),
  q("aan", "dev", "title", "Statistical Phrase-Based Translation", "acl:N03-1017"),

  // AAN, held out
  q("aan", "held-out", "name", "ROUGE", "acl:W04-1013"),
  q("aan", "held-out", "name", "Xtract", "acl:J93-1007"),
  q("aan", "held-out", "name", "Nymble", "acl:A97-1029"),
  q("aan", "held-out", "name", "CCGbank", "acl:J07-3004"),
  q("aan", "held-out", "name", "TnT", "acl:A00-1031"),
  q("aan", "held-out", "name", "Centering", "acl:J95-2003"),
  q("aan", "held-out", "name", "TextRank", "acl:W04-3252"),
  q("aan", "held-out", "acronym", "ITG", "acl:J97-3002"),
  q("aan", "held-out", "acronym", "CCG", "acl:P04-1014"),
  q("aan", "held-out", "acronym", "SVM", "acl:N01-1025"),
  q("aan", "held-out", "acronym", "LFG", "acl:P02-1035"),
  q("aan", "held-out", "author", "Franz Och", "acl:P03-1021"),
  q("aan", "held-out", "author", "Koehn", "acl:N03-1017"),
  q("aan", "held-out", "author", "Daniel Marcu", "acl:N03-1017"),
  q("aan", "held-out", "author", "Dekang Lin", "acl:P98-2127"),
  q("aan", "held-out", "author", "Ratnaparkhi", "acl:W96-0213"),
  q("aan", "held-out", "author", "Eric Brill", "acl:J95-4004"),
  q("aan", "held-out", "author", "Kevin Knight", "acl:P01-1067"),
  q("aan", "held-out", "author", "Jason Eisner", "acl:C96-1058"),
  q("aan", "held-out", "author", "Charniak 2005", "acl:P05-1022"),
  q("aan", "held-out", "topic", "part-of-speech tagging", "acl:W96-0213"),
  q("aan", "held-out", "topic", "named entity recognition", "acl:W03-0419"),
  q("aan", "held-out", "topic", "text chunking", "acl:W95-0107"),
  q("aan", "held-out", "topic", "discourse structure", "acl:J86-3001"),
  q("aan", "held-out", "topic", "hyponym acquisition", "acl:C92-2082"),
  q("aan", "held-out", "typo", "Penn Treebnak", "acl:J93-2004"),
  q("aan", "held-out", "typo", "Ratnaparki", "acl:W96-0213"),
  q("aan", "held-out", "typo", "hierarchial phrase-based", "acl:P05-1033"),
  q("aan", "held-out", "typo", "Koehm", "acl:N03-1017"),
  q("aan", "held-out", "identifier", "W04-3250", "acl:W04-3250"),
  q("aan", "held-out", "identifier", "N03-1017", "acl:N03-1017"),
  q("aan", "held-out", "identifier", "https://aclanthology.org/J96-1002.pdf", "acl:J96-1002"),
  q("aan", "held-out", "title", "Improved Statistical Alignment Models", "acl:P00-1056"),
  q("aan", "held-out", "title", "alignment by agreement", "acl:N06-1014"),
  q("aan", "held-out", "title", "Automatic Labeling of Semantic Roles", "acl:J02-3001"),

  // Seed map (with the benchmark citation file), dev
  q("seed", "dev", "name", "MMLU", "arxiv:2009.03300"),
  q("seed", "dev", "name", "BIG-bench", "arxiv:2206.04615"),
  q("seed", "dev", "name", "bigbench", "arxiv:2206.04615"),
  q("seed", "dev", "name", "GSM8K", "arxiv:2110.14168"),
  q("seed", "dev", "name", "HumanEval", "arxiv:2107.03374"),
  q("seed", "dev", "name", "TruthfulQA", "arxiv:2109.07958"),
  q("seed", "dev", "name", "Chatbot Arena", "title:Chatbot Arena: An Open Platform for Evaluating LLMs by Human Preference"),
  q("seed", "dev", "author", "Hendrycks", "arxiv:2009.03300"),
  q("seed", "dev", "topic", "model metrology", "arxiv:2407.16711"),
  q("seed", "dev", "topic", "sociotechnical gap", "arxiv:2306.03100"),
  q("seed", "dev", "topic", "instruction following human feedback", "arxiv:2203.02155"),
  q("seed", "dev", "identifier", "2306.03100", "arxiv:2306.03100"),
  q("seed", "dev", "identifier", "https://arxiv.org/abs/2310.11986v1", "arxiv:2310.11986"),
  q("seed", "dev", "title", "GPT-4 technical report", "arxiv:2303.08774"),
  q("seed", "dev", "title", "Benchmarks as Microscopes", "arxiv:2407.16711"),

  // Seed map, held out
  q("seed", "held-out", "name", "HellaSwag", "title:HellaSwag: Can a Machine Really Finish Your Sentence?"),
  q("seed", "held-out", "name", "WinoGrande", "arxiv:1907.10641"),
  q("seed", "held-out", "name", "wikitext", "arxiv:1609.07843"),
  q("seed", "held-out", "name", "big bench", "arxiv:2206.04615"),
  q("seed", "held-out", "name", "GPQA", "arxiv:2311.12022"),
  q("seed", "held-out", "acronym", "sparks of AGI", "arxiv:2303.12712"),
  q("seed", "held-out", "author", "Aarohi Srivastava", "arxiv:2206.04615"),
  q("seed", "held-out", "topic", "foundation models opportunities risks", "arxiv:2108.07258"),
  q("seed", "held-out", "topic", "LLM as a judge", "title:Judging LLM-as-a-Judge with MT-Bench and Chatbot Arena"),
  q("seed", "held-out", "typo", "mesuring massive multitask", "arxiv:2009.03300"),
  q("seed", "held-out", "typo", "socio technical gap", "arxiv:2306.03100"),
  q("seed", "held-out", "identifier", "arXiv:2303.08774", "arxiv:2303.08774"),
  q("seed", "held-out", "identifier", "2407.16711", "arxiv:2407.16711"),
];
