/**
 * Invented content for the structured-source test fixtures (scripts/gen-source-fixtures.ts): a
 * seeded random source, and names, titles and identifiers that are well-formed but belong to no
 * real work. arXiv numbers are 9xxxx (no month has reached 90,000 submissions), DOIs use the
 * 10.5555 prefix Crossref keeps for examples (ACL DOIs keep 10.18653/v1/ with invented IDs),
 * OpenAlex IDs start W99 (assigned IDs have not reached W5…), S2 paper IDs are random hex.
 */

/** mulberry32: a small seeded PRNG, so the fixtures come out byte-identical on every run. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  hex(length: number): string {
    let s = "";
    while (s.length < length) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
}

const GIVEN = [
  "Maren",
  "Tobiah",
  "Ilse",
  "Oren",
  "Sunniva",
  "Kofi",
  "Ayelet",
  "Bram",
  "Catalina",
  "Dario",
  "Efua",
  "Fenna",
  "Goran",
  "Hallie",
  "Ines",
  "Joaquim",
  "Kaveh",
  "Liesel",
  "Mireille",
  "Nnamdi",
  "Odile",
  "Piet",
  "Quilla",
  "Rosalind",
  "Soren",
  "Tamsin",
  "Ulla",
  "Vesna",
  "Wendeline",
  "Xiadani",
  "Yusuf",
  "Zofia",
];
const FAMILY = [
  "Oduya",
  "Welland",
  "Vartanian",
  "Quisbert",
  "Hallowell",
  "Brannigan",
  "Ekwueme",
  "Lindqvist",
  "Marchetti",
  "Nakashima-Rey",
  "Okonkwo-Hale",
  "Pettersen",
  "Rautio",
  "Saltmarsh",
  "Thorvaldsen",
  "Underhill",
  "Vasquez-Mora",
  "Wexford",
  "Yildirim-Ames",
  "Zarankin",
  "Abernethy",
  "Castellanos",
  "Dunmore",
  "Ferreira-Lund",
];

export function personName(r: Random): { given: string; family: string } {
  return { given: r.pick(GIVEN), family: r.pick(FAMILY) };
}

/** "M. Oduya", as Semantic Scholar often abbreviates. */
export function shortName(r: Random): string {
  const n = personName(r);
  return r.chance(0.4) ? `${n.given[0]}. ${n.family}` : `${n.given} ${n.family}`;
}

const OPENERS = ["Probing", "Measuring", "Auditing", "Scoring", "Stress-Testing", "Calibrating", "Benchmarking", "Revisiting", "Tracing", "Sampling"];
const OBJECTS = [
  "Ledger Reasoning",
  "Tidal Forecasts",
  "Harbor Logistics Models",
  "Counterfactual Grading",
  "Rubric Drift",
  "Annotator Fatigue",
  "Long-Context Recall",
  "Tool-Using Agents",
  "Orchard Yield Predictors",
  "Multilingual Proverb Understanding",
  "Spreadsheet Question Answering",
  "Chart Captioning",
  "Refusal Behaviour",
  "Arithmetic Word Problems",
  "Map Reading",
];
const SETTINGS = [
  "in Low-Resource Settings",
  "under Distribution Shift",
  "with Synthetic Juries",
  "across Forty Dialects",
  "at Scale",
  "without Reference Answers",
  "for Small Museums",
  "in the Wild",
  "with Paired Human Judgements",
  "over Ten Years of Logs",
];

/** A plausible, invented paper title. */
export function inventedTitle(r: Random): string {
  return `${r.pick(OPENERS)} ${r.pick(OBJECTS)} ${r.pick(SETTINGS)}`;
}

const VENUES = [
  "Journal of Imaginary Evaluation",
  "Proceedings of the Workshop on Harbor Informatics",
  "Transactions on Invented Benchmarks",
  "Annals of Applied Ledger Studies",
  "Conference on Measurement Folklore",
];

export function inventedVenue(r: Random): string {
  return r.pick(VENUES);
}

/** An arXiv ID no month has reached: yymm.9xxxx. */
export function inventedArxiv(r: Random, year: number): string {
  const yy = String(year % 100).padStart(2, "0");
  const mm = String(r.int(1, 12)).padStart(2, "0");
  return `${yy}${mm}.9${String(r.int(0, 9999)).padStart(4, "0")}`;
}

export function inventedDoi(r: Random, tag: string): string {
  return `10.5555/${tag}.${r.int(1000, 9999)}.${r.int(100, 999)}`;
}

export function inventedOpenAlexWork(r: Random): string {
  return `https://openalex.org/W99${String(r.int(0, 99_999_999)).padStart(8, "0")}`;
}
