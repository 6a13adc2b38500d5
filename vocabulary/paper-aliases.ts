/**
 * The other names a paper goes by, learnt from what the user's data says of it (issue 24), each
 * with where it was learnt; never a list of papers written here. Search matches a query against
 * them (db/search-index.ts) and `lineage explain` lists them.
 *
 * From its title (how a title is read: vocabulary/title-aliases.ts): the name it begins or ends
 * with, unless three or more titles share that part (a series label, "Squibs:"); its clipped name
 * ("PropBank"); and acronyms. The run of words a title begins with gives its acronym when it has
 * three letters or more and is no word of the collection ("Minimum Error Rate Training In …" →
 * MERT); any other run of up to six words only when the collection writes that acronym in
 * capitals at least as often as otherwise and spells that long form at least half as often as
 * its commonest ("Latent Semantic Analysis" → LSA): the collection decides which acronyms are real.
 * From its abstract: a parenthesised short form whose long form (vocabulary/long-form.ts, after
 * Schwartz and Hearst 2003) follows "we introduce/present/propose/…" or shares half its words
 * with the title when the title names no other thing first; and a name so introduced ("we
 * introduce BIG-bench").
 * From its records (vocabulary/paper-page.ts `recordNames`): a BibTeX key and the name in it
 * ("hendrycks2021mmlu" → "mmlu", unless a word or the title's leading words), `shorttitle`, and
 * the task of a benchmark citation file's `% source: …/tasks/NAME/README.md`. A task named for
 * several entries of one file belongs to those whose title or key holds the name; else each is
 * only cited for it (`task-cited`: searchable words, a weak match, not a name).
 *
 * `exact` aliases are names, matched whole: a query that is exactly a name the data gave the
 * paper ranks it with an exact title; one that is exactly its title's own name ranks it above the
 * other papers holding those words unless they matter far more (a title's leading words may be a
 * topic, "Summarization: …"). Acronyms rank as title words do.
 */
import { longForm } from "./long-form.ts";
import type { RecordName } from "./paper-page.ts";
import { compactKey, searchWords, singular } from "./search-text.ts";
import { acronymCandidates, clippedNames, NameCensus, SKIPPED, titleNames } from "./title-aliases.ts";

export type AliasKind = "title-name" | "clipped-name" | "acronym" | "abstract-name" | "citation-key" | "key-name" | "short-title" | "task-name" | "task-cited";

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
   * For a name a title begins or ends with (or clips): how many papers' titles hold it as a phrase
   * (itself included). "Chatbot Arena" is in two; "Anaphora Resolution" in sixty, a topic more
   * than a name. A coined name counts only the titles it names: "WordNet" is in a hundred titles
   * but names one.
   */
  titles?: number;
}

/** Different titles sharing a leading or closing part that make it a series label. */
const LABEL_PAPERS = 3;
/** A title with no name of its own this short may be a name whole ("A Semantic Concordance"). */
const SHORT_TITLE_CHARS = 60;

const INTRODUCING = /\bwe\s+(?:introduce|present|propose|release|call|name|dub|create|construct|develop|build|curate)\b/i;

/** A coined name: capitals inside, a digit, or a hyphen ("BIG-bench", "TruthfulQA", "GSM8K"). */
function coined(word: string): boolean {
  return (word.match(/\p{Lu}/gu)?.length ?? 0) >= 2 || (/\p{Lu}/u.test(word) && /\d|-/.test(word));
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

/** Every alias of every paper, learnt together (labels, acronyms, clipped names and tasks need the collection). */
export function learnAliases(subjects: readonly AliasSubject[]): PaperAlias[] {
  const census = new NameCensus();
  for (const s of subjects) if (s.title) census.add(s.title);
  const out: PaperAlias[] = [];
  const add = (paperId: string, alias: string, kind: AliasKind, source: string, exact: boolean, titles?: number) => {
    const key = compactKey(alias);
    if (key.length >= 2) out.push({ paperId, alias, key, kind, source, exact, ...(titles === undefined ? {} : { titles }) });
  };

  // The distinct titles each name begins or ends: one work printed thrice under one title is not a series.
  const titleNamePapers = new Map<string, Set<string>>();
  const named: { s: AliasSubject; name: string; where: string }[] = [];
  // A title with no name of its own is its own name when it is short ("A Semantic Concordance").
  const unnamed: { paperId: string; name: string }[] = [];
  for (const s of subjects) {
    if (!s.title) continue;
    const own = titleNames(s.title);
    if (own.length === 0 && s.title.length <= SHORT_TITLE_CHARS) unnamed.push({ paperId: s.id, name: s.title });
    for (const n of own) {
      named.push({ s, name: n.name, where: n.where });
      const key = compactKey(n.name);
      let titles = titleNamePapers.get(key);
      if (!titles) titleNamePapers.set(key, (titles = new Set()));
      titles.add(compactKey(s.title));
    }
  }
  const phrases = new PhraseCounter(subjects);
  const names = unnamed;
  for (const { s, name, where } of named) {
    const key = compactKey(name);
    const naming = titleNamePapers.get(key)?.size ?? 0;
    if (naming >= LABEL_PAPERS) continue;
    names.push({ paperId: s.id, name });
    add(s.id, name, "title-name", `the name its title ${where} with`, true, census.coined(key) ? naming : phrases.count(name));
  }
  for (const c of clippedNames(census, names, new Set(titleNamePapers.keys())))
    add(c.paperId, c.alias, "clipped-name", `clipped from "${c.longForm}", its title's name, as other titles write it`, true, 1);

  acronyms(subjects, census, add);
  for (const s of subjects) {
    if (s.title && s.abstract) for (const n of abstractNames(s.abstract, s.title)) add(s.id, n.name, "abstract-name", `"${n.context}" in its abstract`, true);
  }
  recordAliases(subjects, add);

  const unique = new Map<string, PaperAlias>();
  for (const a of out) {
    const id = `${a.paperId}\n${a.key}\n${a.kind}`;
    if (!unique.has(id)) unique.set(id, a);
  }
  return [...unique.values()];
}

type AddAlias = (paperId: string, alias: string, kind: AliasKind, source: string, exact: boolean) => void;

/** The acronyms the collection confirms (see the header), each paper's once per letters. */
function acronyms(subjects: readonly AliasSubject[], census: NameCensus, add: AddAlias): void {
  const found: { paperId: string; letters: string; key: string; words: string; form: string; leading: boolean }[] = [];
  // How many titles spell each acronym with each long form.
  const spelt = new Map<string, Map<string, number>>();
  const firstRun = (letters: string, leading: boolean, single: boolean) => !single && leading && letters.length >= 3 && census.unknown(letters.toLowerCase());
  const reading = {
    split: census.split,
    initials: new Map<string, string[]>(),
    keep: (letters: string, leading: boolean, single: boolean) => census.confirms(letters.toLowerCase()) || firstRun(letters, leading, single),
  };
  for (const s of subjects) {
    if (!s.title) continue;
    const titleWords = new Set(searchWords(s.title));
    const seen = new Set<string>();
    for (const c of acronymCandidates(s.title, reading)) {
      const key = c.letters.toLowerCase();
      if (seen.has(key) || titleWords.has(key)) continue;
      const leading = firstRun(c.letters, c.leading, c.single);
      seen.add(key);
      const words = c.words();
      const form = words
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .map(singular)
        .join("");
      found.push({ paperId: s.id, letters: c.letters, key, words, form, leading });
      // A paper spells each acronym once (`seen`): counting forms counts papers.
      let forms = spelt.get(key);
      if (!forms) spelt.set(key, (forms = new Map()));
      forms.set(form, (forms.get(form) ?? 0) + 1);
    }
  }
  const commonest = new Map<string, number>();
  for (const [key, forms] of spelt) commonest.set(key, Math.max(...forms.values()));
  for (const f of found) {
    if (!f.leading && (spelt.get(f.key)?.get(f.form) ?? 0) * 2 < (commonest.get(f.key) ?? 0)) continue;
    add(f.paperId, f.letters, "acronym", `the initials of "${f.words}" in its title`, false);
  }
}

/** Names from records: BibTeX keys and the names in them, shorttitles, benchmark tasks (see the header). */
function recordAliases(subjects: readonly AliasSubject[], add: AddAlias): void {
  const tasks: { s: AliasSubject; task: string; file: string; page: string; comment: string; names: boolean }[] = [];
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
        if (!task) continue;
        const key = compactKey(task);
        const names = compactKey(s.title ?? "").includes(key) || keys.some((k) => compactKey(k).includes(key));
        tasks.push({ s, task, file: n.page.replace(/#[^#]*$/, ""), page: n.page, comment: n.text, names });
      }
    }
  }
  // Per task of a file: the papers its entries cite, and whether any of them says the task's name.
  const groups = new Map<string, { papers: Set<string>; named: boolean }>();
  for (const t of tasks) {
    const group = `${t.file}\n${compactKey(t.task)}`;
    let g = groups.get(group);
    if (!g) groups.set(group, (g = { papers: new Set(), named: false }));
    g.papers.add(t.s.id);
    g.named ||= t.names;
  }
  for (const t of tasks) {
    const g = groups.get(`${t.file}\n${compactKey(t.task)}`);
    const source = `the task of "% ${t.comment}" in ${pageName(t.page)}`;
    if ((g?.papers.size ?? 0) <= 1 || t.names) add(t.s.id, t.task, "task-name", source, true);
    else if (!g?.named) add(t.s.id, t.task, "task-cited", `cited for ${source}, beside other papers`, false);
  }
}
