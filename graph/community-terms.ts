/**
 * What a community is about, in the words of its papers' titles, weighted against the whole map:
 * class-based TF-IDF (c-TF-IDF, Grootendorst, "BERTopic: Neural topic modeling with a class-based
 * TF-IDF procedure", arXiv:2203.05794, 2022). All titles of a community make one document; a term
 * t of community c weighs
 *
 *     W(t, c) = tf(t, c) / |c's terms| × log(1 + A / f(t))
 *
 * where tf(t, c) is the number of c's titles holding t, f(t) the number of titles of the whole
 * map holding it, and A the mean number of terms per community. A word every cluster of the map
 * shares ("language", "models" on a map of language-model papers) weighs little however frequent
 * it is inside one; the words that set a community apart weigh most.
 *
 * Terms are words and the phrases of two or three words that titles spell in a row (no stopword
 * between), as BERTopic's n-grams: "word sense disambiguation" names a community that its three
 * words, listed apart, only hint at. A label takes the best terms that share no word with a term
 * already taken, and a word is replaced by the phrase it nearly always comes in (in at least
 * PHRASE_SHARE of the titles that hold it). On a map of few communities c-TF-IDF's weight still
 * favours what is merely frequent; so a term must also be over-represented in the community, in
 * at least MIN_LIFT times the share of titles it has on the whole map (a community as broad as
 * the map, where none is, is named by its single best term).
 */

const STOPWORDS = new Set(
  (
    "a an and are as at be by can do does for from has have how in into is it its of on or over our the their this to toward " +
    "towards under use using via what when where which who why with without we you not new study approach based method paper"
  ).split(" "),
);

/** A word is replaced by a phrase holding it when the phrase is in this share of the titles holding the word. */
export const PHRASE_SHARE = 0.6;

/** A label term is in at least this many times its share of the map's titles. */
export const MIN_LIFT = 1.5;

/** Words of at least three letters, lower-cased, accents folded, numbers and stopwords left out. */
export function titleWords(title: string): string[] {
  return tokens(title)
    .filter((t): t is Token => t !== null)
    .map((t) => t.word);
}

/** A title's word: lower-cased, and as a label shows it (an acronym keeps its capitals). */
interface Token {
  word: string;
  shown: string;
}

/**
 * The title's words in order, with null where a stopword, a number or a short word breaks a
 * phrase. A word in capitals ("ATIS", "ESL") is shown so, unless the whole title is in capitals.
 */
function tokens(title: string): (Token | null)[] {
  const folded = title.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const shouted = folded === folded.toUpperCase();
  return folded
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => {
      const word = w.toLowerCase();
      if (word.length < 3 || /^\d+$/.test(word) || STOPWORDS.has(word)) return null;
      return { word, shown: !shouted && /^[A-Z][A-Z0-9]+s?$/.test(w) ? w : word };
    });
}

/** Folds a plural onto its singular ("benchmarks" → "benchmark"), leaving "analysis" alone. */
export function stem(word: string): string {
  return word.length > 4 && word.endsWith("s") && !/(ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
}

/** The terms of one title: its words and the two- and three-word phrases it spells, as stems. */
function termsOf(title: string): { stems: string[]; surface: string[] }[] {
  const words = tokens(title);
  const out: { stems: string[]; surface: string[] }[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      if (run.some((w) => w === null)) break;
      const tokensOfRun = run as Token[];
      out.push({ stems: tokensOfRun.map((t) => stem(t.word)), surface: tokensOfRun.map((t) => t.shown) });
    }
  }
  return out;
}

interface Term {
  stems: string[];
  /** How often each spelling occurs, for display. */
  spellings: Map<string, number>;
}

export class CommunityTerms {
  /** Term keys per paper (each title's terms once). */
  private readonly termsOfPaper: string[][] = [];
  /** Titles of the whole map holding each term: f(t). */
  private readonly mapFrequency = new Map<string, number>();
  private readonly terms = new Map<string, Term>();
  private titled = 0;

  constructor(size: number, title: (index: number) => string | null) {
    for (let i = 0; i < size; i++) {
      const t = title(i);
      if (t) this.titled++;
      const keys = new Set<string>();
      for (const { stems, surface } of t ? termsOf(t) : []) {
        const key = stems.join(" ");
        keys.add(key);
        let term = this.terms.get(key);
        if (!term) this.terms.set(key, (term = { stems, spellings: new Map() }));
        const spelling = surface.join(" ");
        term.spellings.set(spelling, (term.spellings.get(spelling) ?? 0) + 1);
      }
      for (const k of keys) this.mapFrequency.set(k, (this.mapFrequency.get(k) ?? 0) + 1);
      this.termsOfPaper.push([...keys]);
    }
  }

  /**
   * The `count` most distinctive terms of each group (c-TF-IDF), groups given as member indices;
   * `groups` should be every community of the map (A, the mean size of a community's document,
   * is taken over them).
   */
  label(groups: ReadonlyMap<number, readonly number[]>, count: number, labelled: Iterable<number> = groups.keys()): Map<number, string[]> {
    let termsInAll = 0;
    for (const members of groups.values()) for (const m of members) termsInAll += this.termsOfPaper[m]?.length ?? 0;
    const average = termsInAll / Math.max(1, groups.size);
    const out = new Map<number, string[]>();
    for (const id of labelled) out.set(id, this.distinctive(groups.get(id) ?? [], count, average));
    return out;
  }

  private distinctive(members: readonly number[], count: number, average: number): string[] {
    const inCommunity = new Map<string, number>();
    let total = 0;
    for (const m of members) {
      for (const k of this.termsOfPaper[m] ?? []) {
        inCommunity.set(k, (inCommunity.get(k) ?? 0) + 1);
        total++;
      }
    }
    // A label term must be shared by at least two titles, unless the community is that small.
    const minShare = members.length >= 3 ? 2 : 1;
    const weight = (k: string, tf: number) => (tf / Math.max(1, total)) * Math.log(1 + average / (this.mapFrequency.get(k) ?? 1));
    const titled = members.filter((m) => (this.termsOfPaper[m]?.length ?? 0) > 0).length;
    const lift = (k: string, tf: number) => tf / Math.max(1, titled) / ((this.mapFrequency.get(k) ?? 1) / Math.max(1, this.titled));
    const ranked = [...inCommunity.entries()]
      .filter(([, tf]) => tf >= minShare)
      .map(([k, tf]) => ({ k, tf, score: weight(k, tf), lifted: lift(k, tf) >= MIN_LIFT }))
      .sort((a, b) => b.score - a.score || (a.k < b.k ? -1 : 1));
    const chosen: string[] = [];
    const used = new Set<string>();
    const distinct = ranked.filter((r) => r.lifted);
    // Only over-represented terms; a community as broad as the map is named by its best term.
    for (const candidate of distinct.length > 0 ? distinct : ranked.slice(0, 1)) {
      if (chosen.length >= count) break;
      const key = this.widen(candidate.k, candidate.tf, ranked);
      const stems = this.terms.get(key)?.stems ?? [];
      if (stems.some((s) => [...used].some((u) => related(s, u))) || chosen.some((c) => isAcronymOf(key, c) || isAcronymOf(c, key))) continue;
      for (const s of stems) used.add(s);
      chosen.push(key);
    }
    return chosen.map((k) => this.display(k));
  }

  /** The longest phrase holding every word of `key` that comes in at least PHRASE_SHARE of its titles, else `key`. */
  private widen(key: string, tf: number, ranked: readonly { k: string; tf: number; score: number }[]): string {
    const stems = this.terms.get(key)?.stems ?? [];
    let best = key;
    let bestLength = stems.length;
    for (const other of ranked) {
      if (other.tf < PHRASE_SHARE * tf) continue;
      const longer = this.terms.get(other.k)?.stems ?? [];
      if (longer.length <= bestLength || !containsRun(longer, stems)) continue;
      best = other.k;
      bestLength = longer.length;
    }
    return best;
  }

  private display(key: string): string {
    const forms = [...(this.terms.get(key)?.spellings ?? new Map<string, number>()).entries()];
    forms.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return forms[0]?.[0] ?? key;
  }
}

/**
 * Whether two stems are one word's forms: equal, or sharing a prefix of six letters or more that
 * is most of the shorter ("morphology" and "morphological", "summarization" and "summaries").
 */
export function related(a: string, b: string): boolean {
  if (a === b) return true;
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n >= 6 && n >= 0.7 * Math.min(a.length, b.length);
}

/** Whether a one-word term is the initials of a phrase ("wsd" of "word sense disambiguation"). */
function isAcronymOf(word: string, phrase: string): boolean {
  const parts = phrase.split(" ");
  return !word.includes(" ") && parts.length > 1 && parts.map((p) => p[0]).join("") === word;
}

/** Whether `run` occurs in `words` as consecutive words. */
function containsRun(words: readonly string[], run: readonly string[]): boolean {
  for (let i = 0; i + run.length <= words.length; i++) if (run.every((w, j) => words[i + j] === w)) return true;
  return false;
}
