/**
 * The other names a paper goes by, learnt from what the user's data says of it (issue 24), each
 * with where it was learnt; never a list of papers written here. Search matches a query against
 * them (db/search-index.ts) and `lineage explain` lists them.
 *
 * From a paper's own title:
 * - the name it begins or ends with: "Bleu: A Method …" is "Bleu", "TnT - A Statistical …" is
 *   "TnT", "Building A Large Annotated Corpus Of English: The Penn Treebank" is "Penn Treebank"
 *   (a leading part of at most four words; else a closing part of at most three that does not
 *   begin with "a"/"an"; a leading "the" is dropped). A part that begins or ends the titles of three or
 *   more papers is a series label ("Squibs:", ": A Survey"), not a name, and is dropped.
 * - acronyms of its words: the initials of a run of words between punctuation and the
 *   prepositions that end a phrase ("in", "for", "with", …), inner "of", "the", "and" skipped; a
 *   hyphenated word gives one initial or one per part ("Context-Free": C or CF). The run a title
 *   begins with gives its acronym when it has three letters or more and is not itself a word of
 *   the collection's titles ("Minimum Error Rate Training In …" → MERT, "Holistic Evaluation of
 *   Language Models" → HELM). Any shorter run of two to six words inside a phrase gives one only
 *   when the collection writes that acronym in capitals at least as often as otherwise ("Word
 *   Sense Disambiguation" → WSD because titles say "WSD"): the collection, not a list, decides
 *   which acronyms are real, so the initials of arbitrary words never become names.
 * From its abstract: a parenthesised short form whose long form (found as Schwartz and Hearst
 *   2003, "A simple algorithm for identifying abbreviation definitions in biomedical text")
 *   follows "we introduce/present/propose/…" ("… we introduce the Beyond the Imitation Game
 *   benchmark (BIG-bench)"), or shares half its words with the title when the title names no
 *   other thing first (CMMLU's abstract defines "MMLU", which is not CMMLU's name); and a coined
 *   name introduced so ("we introduce BIG-bench").
 * From its records (vocabulary/paper-page.ts `recordNames`): a BibTeX key and the name in it
 *   ("hendrycks2021mmlu" → "mmlu", unless that is a word or the leading words of the title),
 *   `shorttitle`, and the task named by a benchmark citation file's `% source:
 *   …/tasks/NAME/README.md` comment. A task named for several entries of one file belongs to those
 *   whose title or key holds the name, and to none when no title does.
 *
 * `exact` aliases are names, matched whole: a query that is exactly a name the data gave the
 * paper (a record's, an abstract's) ranks it with an exact title; one that is exactly the name its
 * title begins or ends with ranks it above the other papers holding those words unless they matter
 * far more (a title's leading words may be a topic, "Summarization: …", as well as a name).
 * Acronyms are words the paper's title stands for, and rank as title words do.
 */
import { decodeHTML } from "entities";
import type { RecordName } from "./paper-page.ts";
import { compactKey, searchWords } from "./search-text.ts";

export type AliasKind = "title-name" | "acronym" | "abstract-name" | "citation-key" | "key-name" | "short-title" | "task-name";

export interface AliasSubject {
  id: string;
  title: string | null;
  abstract: string | null;
  /** What records call the paper besides its title, each with the page it came from. */
  recordNames: (RecordName & { page: string })[];
}

export interface PaperAlias {
  paperId: string;
  /** As shown: "Penn Treebank", "MERT", "bigbench". */
  alias: string;
  /** The compact key it is matched by (search-text.ts `compactKey`). */
  key: string;
  kind: AliasKind;
  /** Where it was learnt, for `lineage explain`. */
  source: string;
  /** A name (matched whole, ranked as an exact title), or a word form (an acronym). */
  exact: boolean;
  /**
   * For a name a title begins or ends with: how many papers' titles hold it as a phrase (itself
   * included). "Chatbot Arena" is in two; "Anaphora Resolution" in sixty, a topic more than a name.
   */
  titles?: number;
}

/** Papers sharing a leading or closing title part that make it a series label. */
const LABEL_PAPERS = 3;
const MAX_ACRONYM_WORDS = 6;

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
const SKIPPED = new Set(["of", "the", "a", "an", "and", "&"]);

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

/** The initials a word may give: its own, and (hyphenated) one per alphabetic part. */
function initials(word: string): string[] {
  if (!/[-‐‑]/.test(word)) return [word.charAt(0).toUpperCase()];
  const parts = word.split(/[-‐‑]/).filter((p) => /^\p{L}/u.test(p));
  if (parts.length === 0) return [];
  const whole = (parts[0] ?? "").charAt(0).toUpperCase();
  const each = parts
    .map((p) => p.charAt(0))
    .join("")
    .toUpperCase();
  return each.length > 1 ? [whole, each] : [whole];
}

export interface AcronymCandidate {
  letters: string;
  /** The words it abbreviates, made only when asked for. */
  words: () => string;
  leading: boolean;
}

/** Variants of one run's acronym kept at most (hyphenated words multiply them). */
const MAX_VARIANTS = 4;

/** Every acronym a title's runs of words may give (before the collection confirms them). */
export function acronymCandidates(title: string): AcronymCandidate[] {
  const runs: string[][] = [[]];
  for (const t of titleTokens(title)) {
    const lower = t.text.toLowerCase();
    const boundary = BOUNDARY.has(lower);
    if (t.breakBefore || boundary) runs.push([]);
    if (!boundary && !SKIPPED.has(lower) && /^\p{L}/u.test(t.text)) runs[runs.length - 1]?.push(t.text);
  }
  const out: AcronymCandidate[] = [];
  runs.forEach((content, r) => {
    const letters = content.map(initials);
    for (let s = 0; s < content.length; s++) {
      let variants = letters[s] ?? [];
      for (let e = s + 1; e < content.length && e - s < MAX_ACRONYM_WORDS; e++) {
        const next: string[] = [];
        for (const v of variants) for (const i of letters[e] ?? []) if (next.length < MAX_VARIANTS && !next.includes(v + i)) next.push(v + i);
        variants = next;
        const leading = r === 0 && s === 0 && e === content.length - 1;
        const from = s;
        const to = e;
        for (const v of variants) out.push({ letters: v, words: () => content.slice(from, to + 1).join(" "), leading });
      }
    }
  });
  return out;
}

/** How a collection writes each word: in capitals ("WSD", "CRFs") or otherwise ("Tree"). */
export class CapitalsCensus {
  private readonly capitals = new Map<string, number>();
  private readonly otherwise = new Map<string, number>();

  add(title: string): void {
    for (const m of decodeHTML(title)
      .normalize("NFKC")
      .matchAll(/[\p{L}\p{N}]+/gu)) {
      const w = m[0];
      const caps = /^(\p{Lu}{2,8})s?$/u.exec(w);
      if (caps?.[1]) bump(this.capitals, caps[1].toLowerCase());
      else bump(this.otherwise, w.toLowerCase());
    }
  }

  /** Written in capitals at least once, and at least as often as not. */
  confirms(key: string): boolean {
    const caps = this.capitals.get(key) ?? 0;
    return caps > 0 && caps >= (this.otherwise.get(key) ?? 0);
  }

  /** Never a word of the titles, in any case. */
  unknown(key: string): boolean {
    return !this.capitals.has(key) && !this.otherwise.has(key);
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The name a title begins or ends with, when it has one (see the header). */
export function titleNames(title: string): { name: string; where: "begins" | "ends" }[] {
  const text = decodeHTML(title).normalize("NFKC").replace(/\s+/g, " ").trim();
  const cut = /:+\s*|\s[-–—]\s|\s?—\s?/.exec(text);
  if (!cut || cut.index <= 0) return [];
  const head = text.slice(0, cut.index).trim();
  const tail = text.slice(cut.index + cut[0].length).trim();
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

const INTRODUCING = /\bwe\s+(?:introduce|present|propose|release|call|name|dub|create|construct|develop|build|curate)\b/i;

/** A coined name: capitals inside, a digit, or a hyphen ("BIG-bench", "TruthfulQA", "GSM8K"). */
function coined(word: string): boolean {
  return (word.match(/\p{Lu}/gu)?.length ?? 0) >= 2 || (/\p{Lu}/u.test(word) && /\d|-/.test(word));
}

/**
 * The long form of `short` among the words before it (Schwartz & Hearst 2003): its letters found
 * right to left, the first at the start of a word. Undefined when there is none.
 */
export function longForm(short: string, before: string): string | undefined {
  const letters = short.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  const words = before.trim().split(/\s+/);
  const window = words.slice(-Math.min(letters.length + 5, letters.length * 2)).join(" ");
  const text = window.toLowerCase();
  let s = letters.length - 1;
  let l = text.length - 1;
  while (s >= 0) {
    const c = letters[s] ?? "";
    if (!/[\p{L}\p{N}]/u.test(c)) {
      s--;
      continue;
    }
    while (l >= 0 && (text[l] !== c || (s === 0 && l > 0 && /[\p{L}\p{N}]/u.test(text[l - 1] ?? "")))) l--;
    if (l < 0) return undefined;
    l--;
    s--;
  }
  const start = text.lastIndexOf(" ", l + 1) + 1;
  return window.slice(start).trim() || undefined;
}

/** Names an abstract gives the paper (see the header). */
export function abstractNames(abstract: string, title: string): { name: string; context: string }[] {
  const out: { name: string; context: string }[] = [];
  const titleWords = new Set(searchWords(title));
  const ownName = titleNames(title).find((n) => n.where === "begins");
  for (const sentence of abstract.split(/(?<=[.!?])\s+/).slice(0, 40)) {
    for (const m of sentence.matchAll(/\(([\p{L}][\p{L}\p{N}-]{1,24})\)/gu)) {
      const short = m[1] ?? "";
      if (!coined(short) && !/^\p{Lu}{2,}$/u.test(short)) continue;
      const before = sentence.slice(0, m.index);
      const long = longForm(short, before);
      if (!long) continue;
      const longWords = searchWords(long).filter((w) => !SKIPPED.has(w));
      const shared = longWords.filter((w) => titleWords.has(w)).length;
      const describesTitle = longWords.length > 0 && shared * 2 >= longWords.length && (!ownName || compactKey(ownName.name) === compactKey(short));
      if (describesTitle || INTRODUCING.test(before)) out.push({ name: short, context: `${long} (${short})` });
    }
    for (const m of sentence.matchAll(/\bwe\s+(?:introduce|present|propose|release)\s+(?:the\s+)?([\p{L}][\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*)/giu)) {
      const name = m[1] ?? "";
      if (coined(name)) out.push({ name, context: m[0] });
    }
  }
  return out;
}

/** The name in a BibTeX key after its author and year, unless the title already says it. */
export function keyName(key: string, title: string | null): string | undefined {
  const m = /^(\p{L}[^]*?)((?:19|20)\d\d)[-_:]?(\p{L}[\p{L}\p{N}_-]*)$/u.exec(key.toLowerCase());
  const tail = m?.[3];
  if (!tail) return undefined;
  const name = tail.replace(/[-_]+/g, "");
  if (name.length < 3) return undefined;
  const words = searchWords(title ?? "");
  if (words.includes(name)) return undefined;
  // The title's words run together ("measuringmassivemultitasklanguage"), from any word on.
  for (let i = 0; i < words.length; i++) if (words.slice(i).join("").startsWith(name)) return undefined;
  return tail;
}

/** The task a `% source:` comment's path names: the folder holding the README. */
export function taskName(comment: string): string | undefined {
  const path = comment.trim().replace(/^source:\s*/i, "");
  if (!path.includes("/")) return undefined;
  const parts = path.split("/").filter(Boolean);
  const last = parts[parts.length - 1] ?? "";
  if (/^readme/i.test(last) || /\.\w{1,5}$/.test(last)) parts.pop();
  const task = parts[parts.length - 1];
  return task && /[\p{L}]/u.test(task) && task.length <= 60 ? task : undefined;
}

/** A page as an alias's source names it: its file and record ("lm_eval_task_citations.bib#mmlu"), not its whole path. */
function pageName(page: string): string {
  const located = page.replace(/^[a-z-]+:(?!\/\/)/i, "");
  return located.split(/[\\/]/).pop() || page;
}

/** How many titles hold a phrase, by their words' posting lists. */
class PhraseCounter {
  private readonly titles: string[][] = [];
  private readonly postings = new Map<string, number[]>();

  constructor(subjects: readonly AliasSubject[]) {
    for (const s of subjects) {
      if (!s.title) continue;
      const words = searchWords(s.title);
      const i = this.titles.push(words) - 1;
      for (const w of new Set(words)) {
        const list = this.postings.get(w);
        if (list) list.push(i);
        else this.postings.set(w, [i]);
      }
    }
  }

  count(phrase: string): number {
    const words = searchWords(phrase);
    if (words.length === 0) return 0;
    const lists = words.map((w) => this.postings.get(w) ?? []).sort((a, b) => a.length - b.length);
    const rarest = lists[0] ?? [];
    if (words.length === 1) return rarest.length;
    let n = 0;
    for (const i of rarest) {
      const t = this.titles[i] ?? [];
      for (let k = 0; k + words.length <= t.length; k++) {
        if (words.every((w, j) => t[k + j] === w)) {
          n++;
          break;
        }
      }
    }
    return n;
  }
}

/** Every alias of every paper, learnt together (labels, acronyms and tasks need the collection). */
export function learnAliases(subjects: readonly AliasSubject[]): PaperAlias[] {
  const census = new CapitalsCensus();
  for (const s of subjects) if (s.title) census.add(s.title);
  const out: PaperAlias[] = [];
  const add = (paperId: string, alias: string, kind: AliasKind, source: string, exact: boolean) => {
    const key = compactKey(alias);
    if (key.length >= 2) out.push({ paperId, alias, key, kind, source, exact });
  };

  const titleNamePapers = new Map<string, Set<string>>();
  const named: { s: AliasSubject; name: string; where: string }[] = [];
  for (const s of subjects) {
    if (!s.title) continue;
    for (const n of titleNames(s.title)) {
      named.push({ s, name: n.name, where: n.where });
      const key = compactKey(n.name);
      let papers = titleNamePapers.get(key);
      if (!papers) titleNamePapers.set(key, (papers = new Set()));
      papers.add(s.id);
    }
  }
  const phrases = new PhraseCounter(subjects);
  for (const { s, name, where } of named) {
    if ((titleNamePapers.get(compactKey(name))?.size ?? 0) >= LABEL_PAPERS) continue;
    const key = compactKey(name);
    if (key.length >= 2) out.push({ paperId: s.id, alias: name, key, kind: "title-name", source: `the name its title ${where} with`, exact: true, titles: phrases.count(name) });
  }

  for (const s of subjects) {
    if (!s.title) continue;
    const titleWords = new Set(searchWords(s.title));
    const seen = new Set<string>();
    for (const c of acronymCandidates(s.title)) {
      const key = c.letters.toLowerCase();
      if (seen.has(key) || titleWords.has(key)) continue;
      const keep = census.confirms(key) || (c.leading && c.letters.length >= 3 && census.unknown(key));
      if (!keep) continue;
      seen.add(key);
      add(s.id, c.letters, "acronym", `the initials of "${c.words()}" in its title`, false);
    }
    if (s.abstract) {
      for (const n of abstractNames(s.abstract, s.title)) add(s.id, n.name, "abstract-name", `"${n.context}" in its abstract`, true);
    }
  }

  const tasks: { s: AliasSubject; task: string; file: string; page: string; comment: string; keys: string[] }[] = [];
  for (const s of subjects) {
    const keys = s.recordNames.filter((n) => n.kind === "citation-key").map((n) => n.text);
    for (const n of s.recordNames) {
      if (n.kind === "citation-key") {
        add(s.id, n.text, "citation-key", `its BibTeX key in ${pageName(n.page)}`, true);
        const name = keyName(n.text, s.title);
        if (name) add(s.id, name, "key-name", `the name in its BibTeX key "${n.text}" (${pageName(n.page)})`, true);
      } else if (n.kind === "short-title") {
        if (compactKey(n.text) !== compactKey(s.title ?? "")) add(s.id, n.text, "short-title", `its shorttitle in ${pageName(n.page)}`, true);
      } else {
        const task = taskName(n.text);
        if (task) tasks.push({ s, task, file: n.page.replace(/#[^#]*$/, ""), page: n.page, comment: n.text, keys });
      }
    }
  }
  const taskPapers = new Map<string, Set<string>>();
  for (const t of tasks) {
    const group = `${t.file}\n${compactKey(t.task)}`;
    let papers = taskPapers.get(group);
    if (!papers) taskPapers.set(group, (papers = new Set()));
    papers.add(t.s.id);
  }
  for (const t of tasks) {
    const key = compactKey(t.task);
    const shared = (taskPapers.get(`${t.file}\n${key}`)?.size ?? 0) > 1;
    if (shared && !compactKey(t.s.title ?? "").includes(key) && !t.keys.some((k) => compactKey(k).includes(key))) continue;
    add(t.s.id, t.task, "task-name", `the task of "% ${t.comment}" in ${pageName(t.page)}`, true);
  }

  const unique = new Map<string, PaperAlias>();
  for (const a of out) {
    const id = `${a.paperId}\n${a.key}\n${a.kind}`;
    if (!unique.has(id)) unique.set(id, a);
  }
  return [...unique.values()];
}
