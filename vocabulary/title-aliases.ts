/**
 * The names a title gives its paper, and the short forms a collection of titles confirms (issue
 * 24; vocabulary/paper-aliases.ts learns them with the other aliases). Never a list of papers:
 * the collection's own way of writing words decides what is a name.
 *
 * - A title's own name: the part it begins or ends with ("Bleu: …", "…: The Penn Treebank"),
 *   `titleNames`. A name written with an inner capital or in capitals where the collection
 *   writes it so ("WordNet", "WORDNET", "BLEU") is coined: it names, wherever titles use it.
 * - Acronyms: the initials of a run of words between punctuation and the prepositions that end a
 *   phrase, inner "of", "the", "and" skipped; a compound word gives one initial or one per part
 *   (hyphenated "Context-Free", inner capitals "TreeBank", or a closed compound the collection
 *   writes hyphenated elsewhere, "Multiword" for "Multi-Word"); a compound alone gives its parts'
 *   initials ("Part-Of-Speech" → POS). `acronymCandidates`; the census says which are kept.
 * - The census (`NameCensus`): how the collection writes each word, in capitals ("WSD"), with
 *   inner capitals ("PropBank") or otherwise ("Tree"), and which compounds it splits.
 * - Clipped names (`clippedNames`): a word the collection writes with inner capitals, each part
 *   the clipped start of a word of a title's own name, "PropBank" for "The Proposition Bank: …",
 *   "SemCor" (from "MultiSemCor") for "A Semantic Concordance": its first part begins the first
 *   word, each later part's first two letters begin its word and its other letters follow in
 *   order (the matching of Schwartz & Hearst 2003, vocabulary/long-form.ts, word by word); never a
 *   word that some title takes as its own name ("CollabRank: …").
 */
import { decodeHTML } from "entities";
import { compactKey, searchWords } from "./search-text.ts";

/** Words that end a phrase: an acronym never spans them. */
const BOUNDARY = new Set([
  "in",
  "for",
  "with",
  "on",
  "using",
  "via",
  "to",
  "from",
  "by",
  "through",
  "at",
  "into",
  "over",
  "under",
  "without",
  "toward",
  "towards",
  "across",
  "against",
  "between",
  "among",
  "vs",
  "versus",
  "is",
  "are",
  "as",
]);
/** Words inside a phrase that an acronym skips. */
export const SKIPPED: ReadonlySet<string> = new Set(["of", "the", "a", "an", "and", "&"]);
const MAX_ACRONYM_WORDS = 6;
/** Variants of one run's acronym kept at most (compound words multiply them). */
const MAX_VARIANTS = 4;
/** Parts of a word with inner capitals looked at. */
const MAX_PARTS = 4;
/** A clipped name has at least this many letters ("SemCor"; not "MaTr" of "MaTrEx"). */
const MIN_CLIPPED = 5;
/** A closed compound has at least this many letters ("database", "multiword"). */
const MIN_SPLIT_WORD = 6;

interface TitleToken {
  text: string;
  /** Punctuation (":", ",", "?", a spaced dash, brackets) comes before it. */
  breakBefore: boolean;
}

function titleTokens(title: string): TitleToken[] {
  const tokens: TitleToken[] = [];
  const re = /([\p{L}\p{N}]+(?:['’][\p{L}]+)?(?:[-‐‑][\p{L}\p{N}]+)*)|([:;,.?!()[\]{}"“”]|\s[-–—]\s|[–—])/gu;
  let pendingBreak = false;
  for (const m of decodeHTML(title).normalize("NFKC").matchAll(re)) {
    if (m[2] !== undefined) pendingBreak = true;
    else if (m[1] !== undefined) {
      tokens.push({ text: m[1], breakBefore: pendingBreak });
      pendingBreak = false;
    }
  }
  return tokens;
}

/** The parts of a word written with inner capitals ("PropBank" → Prop, Bank; "MultiSemCor" → Multi, Sem, Cor), else none. */
export function camelParts(word: string): string[] {
  if (!/\p{Ll}\p{Lu}/u.test(word) || !/^\p{Lu}?\p{Ll}+(?:\p{Lu}\p{Ll}+)+$/u.test(word)) return [];
  return word.match(/\p{Lu}?\p{Ll}+/gu) ?? [];
}

/** The parts a compound word splits into: hyphenated, inner capitals, or as `split` knows it; none for a simple word. */
function compoundParts(word: string, split?: (word: string) => readonly string[] | undefined): readonly string[] {
  if (/[-‐‑]/.test(word)) return word.split(/[-‐‑]/).filter((p) => /^\p{L}/u.test(p));
  const camel = camelParts(word);
  if (camel.length > 1) return camel;
  return (word.length >= MIN_SPLIT_WORD && split?.(word.toLowerCase())) || [];
}

/** The initials a word may give: its own, and (a compound) one per part. */
function initials(word: string, split?: (word: string) => readonly string[] | undefined): string[] {
  const parts = compoundParts(word, split);
  if (parts.length === 0) return [word.charAt(0).toUpperCase()];
  const whole = (parts[0] ?? "").charAt(0).toUpperCase();
  const each = parts
    .map((p) => p.charAt(0))
    .join("")
    .toUpperCase();
  return each.length > 1 ? [whole, each] : [whole];
}

export interface AcronymCandidate {
  readonly letters: string;
  /** The words it abbreviates, made only when asked for. */
  words(): string;
  /** The whole first run of the title. */
  readonly leading: boolean;
  /** One compound word's parts ("Part-Of-Speech"). */
  readonly single: boolean;
}

/** A candidate holding its run and span (a title gives hundreds: no closure each). */
class Candidate implements AcronymCandidate {
  constructor(
    readonly letters: string,
    private readonly run: readonly string[],
    private readonly from: number,
    private readonly to: number,
    readonly leading: boolean,
    readonly single: boolean,
  ) {}

  words(): string {
    return this.run.slice(this.from, this.to + 1).join(" ");
  }
}

/** How acronyms are read from a collection's titles: closed compounds it splits, initials already read, which to keep. */
export interface AcronymReading {
  /** The parts of a closed compound the collection writes split elsewhere. */
  split?: (word: string) => readonly string[] | undefined;
  /** The initials of words read before (a collection repeats its words). */
  initials?: Map<string, string[]>;
  /** Whether to keep a candidate (its letters, whether it is the title's leading run, whether one compound's): all by default. */
  keep?: (letters: string, leading: boolean, single: boolean) => boolean;
}

/** Every acronym a title's runs of words may give (before the collection confirms them, unless `reading.keep` does). */
export function acronymCandidates(title: string, reading: AcronymReading = {}): AcronymCandidate[] {
  const { split, initials: known, keep = () => true } = reading;
  const initialsOf = (w: string) => {
    let i = known?.get(w);
    if (!i) {
      i = initials(w, split);
      known?.set(w, i);
    }
    return i;
  };
  const runs: string[][] = [[]];
  for (const t of titleTokens(title)) {
    const lower = t.text.toLowerCase();
    const boundary = BOUNDARY.has(lower);
    if (t.breakBefore || boundary) runs.push([]);
    if (!boundary && !SKIPPED.has(lower) && /^\p{L}/u.test(t.text)) runs[runs.length - 1]?.push(t.text);
  }
  const out: AcronymCandidate[] = [];
  for (let r = 0; r < runs.length; r++) {
    const content = runs[r] ?? [];
    const letters = content.map(initialsOf);
    for (let s = 0; s < content.length; s++) {
      let variants = letters[s] ?? [];
      for (const v of variants) if (v.length > 1 && keep(v, false, true)) out.push(new Candidate(v, content, s, s, false, true));
      for (let e = s + 1; e < content.length && e - s < MAX_ACRONYM_WORDS; e++) {
        const next: string[] = [];
        for (const v of variants) for (const i of letters[e] ?? []) if (next.length < MAX_VARIANTS && !next.includes(v + i)) next.push(v + i);
        variants = next;
        const leading = r === 0 && s === 0 && e === content.length - 1;
        for (const v of variants) if (keep(v, leading, false)) out.push(new Candidate(v, content, s, e, leading, false));
      }
    }
  }
  return out;
}

/** How a collection writes each word: in capitals ("WSD", "CRFs"), with inner capitals ("PropBank") or otherwise ("Tree"). */
export class NameCensus {
  private readonly capitals = new Map<string, number>();
  private readonly camel = new Map<string, number>();
  private readonly otherwise = new Map<string, number>();
  /** Closed compounds as the collection splits them elsewhere: "multiword" → multi, word. */
  private readonly splits = new Map<string, string[]>();
  /** Words written with inner capitals, as first written, with their parts. */
  private readonly camelForms = new Map<string, string[]>();

  add(title: string): void {
    const text = decodeHTML(title).normalize("NFKC");
    for (const m of text.matchAll(/[\p{L}\p{N}]+(?:[-‐‑][\p{L}\p{N}]+)+/gu)) {
      const parts = m[0].split(/[-‐‑]/);
      if (parts.every((p) => /^\p{L}+$/u.test(p)))
        this.splits.set(
          parts.join("").toLowerCase(),
          parts.map((p) => p.toLowerCase()),
        );
    }
    for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const w = m[0];
      const caps = /^(\p{Lu}{2,8})s?$/u.exec(w);
      const parts = camelParts(w);
      const key = w.toLowerCase();
      if (caps?.[1]) bump(this.capitals, caps[1].toLowerCase());
      else if (parts.length > 1) {
        bump(this.camel, key);
        if (!this.camelForms.has(key)) this.camelForms.set(key, parts);
        if (!this.splits.has(key))
          this.splits.set(
            key,
            parts.map((p) => p.toLowerCase()),
          );
      } else bump(this.otherwise, key);
    }
  }

  /** Written in capitals at least once, and at least as often as not. */
  confirms(key: string): boolean {
    const caps = this.capitals.get(key) ?? 0;
    return caps > 0 && caps >= (this.otherwise.get(key) ?? 0);
  }

  /** Never a word of the titles, in any case. */
  unknown(key: string): boolean {
    return !this.capitals.has(key) && !this.otherwise.has(key) && !this.camel.has(key);
  }

  /** Written as a name (in capitals or with inner capitals) at least once, and at least as often as not: "WordNet", "BLEU". */
  coined(key: string): boolean {
    const named = (this.capitals.get(key) ?? 0) + (this.camel.get(key) ?? 0);
    return named > 0 && named >= (this.otherwise.get(key) ?? 0);
  }

  /** The parts of a closed compound the collection writes split elsewhere (hyphenated, or with inner capitals). */
  readonly split = (word: string): readonly string[] | undefined => this.splits.get(word);

  /**
   * The words the collection writes with inner capitals, and each run of two or more of their
   * parts ("MultiSemCor" gives SemCor too), as written, with their parts.
   */
  *camelWords(): Iterable<{ form: string; parts: string[] }> {
    const seen = new Set<string>();
    for (const parts of this.camelForms.values()) {
      const n = Math.min(parts.length, MAX_PARTS);
      for (let s = 0; s < n; s++) {
        for (let e = s + 2; e <= n; e++) {
          const run = parts.slice(s, e);
          const form = run.join("");
          if (seen.has(form.toLowerCase())) continue;
          seen.add(form.toLowerCase());
          yield { form, parts: run };
        }
      }
    }
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Where a title's own name stops: a colon (not one inside a word, "WordNet::Similarity"), a spaced dash, an em dash. */
function nameCut(text: string): { index: number; length: number } | undefined {
  for (const m of text.matchAll(/:+\s*|\s[-–—]\s|\s?—\s?/g)) {
    const at = m.index ?? 0;
    const inWord = m[0].startsWith("::") && /[\p{L}\p{N}]/u.test(text[at - 1] ?? "") && /[\p{L}\p{N}]/u.test(text[at + m[0].length] ?? "");
    if (!inWord) return { index: at, length: m[0].length };
  }
  return undefined;
}

/** A title's parts before and after where its name stops ("Bleu" and "A Method For …"), if it has two. */
export function titleHalves(title: string): { head: string; tail: string } | undefined {
  const text = decodeHTML(title).normalize("NFKC").replace(/\s+/g, " ").trim();
  const cut = nameCut(text);
  if (!cut || cut.index <= 0) return undefined;
  return { head: text.slice(0, cut.index).trim(), tail: text.slice(cut.index + cut.length).trim() };
}

/** The name a title begins or ends with, when it has one (see the header). */
export function titleNames(title: string): { name: string; where: "begins" | "ends" }[] {
  const halves = titleHalves(title);
  if (!halves) return [];
  const { head, tail } = halves;
  const out: { name: string; where: "begins" | "ends" }[] = [];
  const words = (s: string) => searchWords(s).length;
  const withoutThe = (s: string) => s.replace(/^the\s+/i, "");
  const headNames = head && tail && words(head) <= 4 && head.length <= 40;
  if (headNames) out.push({ name: withoutThe(head), where: "begins" });
  // The closing part names the work only when the leading part cannot ("…: The Penn Treebank").
  const trimmedTail = tail.replace(/[.?!]+$/, "");
  if (head && !headNames && trimmedTail && words(trimmedTail) <= 3 && !/^(?:a|an)\s/i.test(trimmedTail) && !trimmedTail.includes(":")) {
    out.push({ name: withoutThe(trimmedTail), where: "ends" });
  }
  return out.filter((n) => /\p{L}/u.test(n.name) && compactKey(n.name).length >= 2);
}

/** Whether `part` is the clipped start of `word`: its first two letters begin the word, its others follow in order. */
function clips(part: string, word: string, first: boolean): boolean {
  const p = part.toLowerCase();
  if (first) return word.startsWith(p);
  const head = p.slice(0, 2);
  if (!word.startsWith(head)) return false;
  let at = head.length;
  for (const c of p.slice(head.length)) {
    at = word.indexOf(c, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * The clipped names of titles' own names (see the header): for each paper whose name (the part its
 * title begins or ends with, or the whole title when short) is the long form a coined word
 * clips, that word. `names` are the papers' names as `titleNames` reads them and their short whole
 * titles; `taken`, the words that are some title's own name already ("CollabRank: …" is CollabRank,
 * and "Collaborative Ranking: …" another work).
 */
export function clippedNames(census: NameCensus, names: readonly { paperId: string; name: string }[], taken: ReadonlySet<string> = new Set()): { paperId: string; alias: string; longForm: string }[] {
  // The names' words, indexed by the first two letters of each of their first k words.
  const windows = new Map<string, { paperId: string; name: string; words: string[] }[]>();
  const entries = names.map((n) => ({ paperId: n.paperId, name: n.name, words: searchWords(n.name).filter((w) => !SKIPPED.has(w)) }));
  for (const e of entries) {
    if (e.words.length < 2 || e.words.length > MAX_PARTS) continue;
    const key = e.words.map((w) => w.slice(0, 2)).join("|");
    let list = windows.get(key);
    if (!list) windows.set(key, (list = []));
    list.push(e);
  }
  const out: { paperId: string; alias: string; longForm: string }[] = [];
  for (const { form, parts } of census.camelWords()) {
    if (form.length < MIN_CLIPPED || parts.some((p) => p.length < 2) || taken.has(form.toLowerCase())) continue;
    for (const e of windows.get(parts.map((p) => p.slice(0, 2).toLowerCase()).join("|")) ?? []) {
      const clipped = parts.some((p, i) => (e.words[i] ?? "").length > p.length);
      if (clipped && parts.every((p, i) => clips(p, e.words[i] ?? "", i === 0))) out.push({ paperId: e.paperId, alias: form, longForm: e.name });
    }
  }
  return out;
}
