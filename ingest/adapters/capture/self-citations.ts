/**
 * The page's citation of its own paper: a labelled one ("Cite (ACL):", "Suggested Citation:"), a
 * formatted citation naming the page's title, a sentence naming the paper in quotes ("a review of
 * the paper "X" by A, B and C"), and the heading that ends in a cited title ("Notes on X"). Which
 * titles are the same title is decided here too. Pure.
 */
import { normalizeTitle, squashed, titleParts } from "../../../vocabulary/titles.ts";
import { hasIdentifier } from "../../../vocabulary/identifiers.ts";
import { identifiersIn } from "../page-text.ts";
import { parseAuthorList } from "./author-lists.ts";
import { parseFormattedCitation, type FormattedCitation } from "./formatted-citations.ts";
import type { LabelledValue } from "./labels.ts";

/** How many lines are searched for the page's citation of itself. */
const SELF_CITATION_LINES = 600;

export function sameTitle(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = normalizeTitle(a);
  const y = normalizeTitle(b);
  return x === y || (Math.min(x.length, y.length) >= 20 && (x.startsWith(y) || y.startsWith(x)));
}

/**
 * The page's citation of itself: a labelled one ("Cite (ACL):", "Citation:") or any naming its
 * title; with `endingTitle`, one whose title ends the page's heading ("Notes on X" citing X).
 */
export function findSelfCitation(
  lines: readonly string[],
  labels: readonly LabelledValue[],
  title: string | undefined,
  excluded: (i: number) => boolean,
  endingTitle?: string,
): FormattedCitation | undefined {
  const fits = (c: FormattedCitation): boolean => (endingTitle ? titleTail(endingTitle, c.title) !== undefined : !title || sameTitle(c.title, title));
  for (const v of labels) {
    if (v.kind !== "self-citation") continue;
    const c = parseFormattedCitation(v.value);
    if (c && fits(c)) return c;
  }
  if (!title && !endingTitle) return undefined;
  // Near the top, or in a "Cite this" block: the first lines of a page, each a paragraph at most.
  for (let i = 0; i < lines.length && i < SELF_CITATION_LINES; i++) {
    const l = (lines[i] ?? "").replace(/^>\s*/, "");
    if (excluded(i) || l.length < 40 || l.length > 3000 || !/(?:19|20)\d\d/.test(l)) continue;
    const c = parseFormattedCitation(l);
    if (c && fits(c)) return c;
  }
  return undefined;
}

/** Two titles with the same letters and digits, whatever their punctuation ("X — Y" and "X: Y"). */
export function sameLetters(a: string, b: string): boolean {
  const key = (t: string) =>
    t
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "");
  return key(a).length >= 12 && key(a) === key(b);
}

/**
 * "the paper "Glimmer: …" by Ines Wong, Tobias Keller and Farah Nasser, published … in 2024", or
 * with no authors "This paper, titled "Glimmer: …," explores …" (a year there is the sentence's,
 * often wrong: "This 2000 paper", not taken).
 */
export function namedPaper(lines: readonly string[], end: number): FormattedCitation | undefined {
  for (const l of lines.slice(0, Math.min(end, SELF_CITATION_LINES))) {
    if (l.length > 3000) continue;
    const titled = /\b(?:paper|study|article|preprint),?\s(?:titled|entitled)\s[“"]([^”"]{8,300}?)[,.]?[”"]/u.exec(l);
    if (titled?.[1] && !/[”"],?\sby\s/u.test(l.slice(titled.index ?? 0, (titled.index ?? 0) + titled[0].length + 6))) {
      return { title: titled[1].trim(), authors: [], truncated: false, ids: {} };
    }
    const m = /\bpaper,?\s(?:titled\s|entitled\s|called\s|named\s)?[“"]([^”"]{8,300}?)[,.]?[”"],?\sby\s([^.()]{3,400})/u.exec(l);
    if (!m?.[1] || !m[2]) continue;
    const authorsText = m[2].split(/,?\s(?:published|presented|which|that|in|at|from|accepted|appeared|and published)\b/)[0] ?? "";
    const list = parseAuthorList(authorsText, { labelled: true });
    const rest = l.slice((m.index ?? 0) + m[0].length - m[2].length).split(/[.!?](?:\s|$)/)[0] ?? "";
    const year = /(?<!\d)((?:19|20)\d\d)(?!\d)/.exec(rest)?.[1];
    const c: FormattedCitation = { title: m[1].trim(), authors: list?.names ?? [], truncated: list?.truncated !== undefined, ids: {} };
    if (year) c.year = Number(year);
    return c;
  }
  return undefined;
}

/** Where a sentence ends: ".", "!" or "?" after a word (not an initial) and before a capital. */
const SENTENCE_END = /(?<=[\p{Ll}\d)"”’]{2}[.!?])\s+(?=["“]?\p{Lu})/u;
/** The verbs that date a paper in a sentence about it ("presented at NeurIPS 2017", "submitted to arXiv on July 24, 2019"). */
const DATED =
  /\b(?:presented at|published (?:in|at|on)|submitted to arxiv(?: on)?|appeared (?:in|at|on)|accepted (?:at|to|by)|posted to arxiv(?: on)?)\s+(?:the\s+)?([^.;!?]{0,60}?)(?<!\d)((?:19|20)\d\d)(?!\d)/i;

/** Verbs before "by" whose agent is no author of the paper, or not its only one ("a team led by A and B"). */
const NOT_AUTHORED =
  /\b(?:reviewed|cited|followed|replaced|inspired|supported|funded|sponsored|used|adopted|extended|surpassed|outperformed|superseded|hosted|summari[sz]ed|explained|translated|discussed|critici[sz]ed|critiqued|analy[sz]ed|evaluated|studied|implemented|reproduced|annotated|illustrated|shared|recommended|read|covered|narrated|taught|edited|challenged|improved|refuted|replicated|presented to|led|headed|chaired|coordinated|organi[sz]ed)\s+$/i;

/**
 * A sentence that quotes the page's title and says who wrote it and when: "“Title,” submitted to
 * arXiv on July 24, 2019 by A, B, C, and D of the Allen Institute", "“Title” is a paper presented
 * at NeurIPS 2017, co-authored by A, B, …, and H from Google Brain". The names run from "by" to an
 * organisation ("of", "from", "at" …) or the sentence's end; the year is the one a publishing verb
 * dates. Only the page's own title counts: a quoted title of another work is another work.
 */
export function quotedTitleSentence(lines: readonly string[], title: string, end: number): FormattedCitation | undefined {
  const key = normalizeTitle(title);
  if (key.split(" ").length < 2) return undefined;
  for (const l of lines.slice(0, Math.min(end, SELF_CITATION_LINES))) {
    if (l.length > 3000 || !/["“]/.test(l)) continue;
    for (const q of l.matchAll(/["“]([^"“”]{8,300}?)[,.]?["”]/gu)) {
      if (!q[1] || normalizeTitle(q[1]) !== key) continue;
      const sentence = l.slice((q.index ?? 0) + q[0].length).split(SENTENCE_END)[0] ?? "";
      const by = /\bby\s+(\p{Lu}.{3,600})$/u.exec(sentence);
      // "reviewed by", "cited by", "followed by" …: people who did something else to the paper.
      if (by && NOT_AUTHORED.test(sentence.slice(0, by.index))) continue;
      const names = by?.[1]?.split(/,?\s(?:of|from|at|who|with|in|for)\s|\s[(–—]|;/u)[0]?.replace(/[\s,]+$/, "") ?? "";
      const list = names ? parseAuthorList(names, { labelled: true }) : undefined;
      const dated = DATED.exec(sentence);
      if (!list && !dated) continue;
      const c: FormattedCitation = { title: q[1].trim(), authors: list && list.names.length >= 2 ? list.names : [], truncated: list?.truncated !== undefined, ids: {} };
      if (dated?.[2]) c.year = Number(dated[2]);
      return c;
    }
  }
  return undefined;
}

/** The end of a heading that is a cited title ("Notes on Brambles: …" citing "Brambles: …"), as the heading prints it. */
export function titleTail(heading: string, cited: string): string | undefined {
  const h = normalizeTitle(heading);
  const c = normalizeTitle(cited);
  if (c.length < 12 || h === c || !h.endsWith(` ${c}`)) return undefined;
  const words = heading.trim().split(/\s+/);
  const count = c.split(" ").length;
  const tail = words.slice(words.length - count).join(" ");
  return normalizeTitle(tail) === c ? tail : undefined;
}

/**
 * "source: arxiv:2109.07958 — TruthfulQA: …", "arXiv 2306.05685 · Title": a line that names the
 * page's paper by its identifier and then its title. The title, and where it is.
 */
export function identifiedTitle(lines: readonly string[], within: number, isTitle: (s: string) => boolean): { title: string; at: number } | undefined {
  for (let i = 0; i < lines.length && i < within; i++) {
    const l = lines[i] ?? "";
    if (l.length > 400) continue;
    const m = /^(.{4,60}?)\s[—–·]\s(.{8,300})$/u.exec(l);
    if (!m?.[1] || !m[2] || m[1].split(/\s+/).length > 4 || !hasIdentifier(identifiersIn(m[1]))) continue;
    if (isTitle(m[2])) return { title: m[2].trim(), at: i };
  }
  return undefined;
}

/**
 * How the page's prose cites its own work: its title in quotes, or its name, followed by a short
 * citation ('"Measuring Massive Multitask Language Understanding" (Hendrycks et al., 2020; …)',
 * "TruthfulQA (Lin, Hilton & Evans, 2021)"). The title as quoted, and the year.
 */
export function citedInProse(lines: readonly string[], title: string, end: number): { title?: string; year: number } | undefined {
  const parts = titleParts(title);
  const names = [normalizeTitle(title), ...(parts ? [parts.name, parts.subtitle] : [])];
  const short = String.raw`\((\p{Lu}[\p{L}'’-]+)(?:,\s\p{Lu}[\p{L}'’-]+)*(?:,?\s(?:&|and)\s\p{Lu}[\p{L}'’-]+)?(?:\set al\.?)?,\s((?:19|20)\d\d)[a-z]?[;)]`;
  const quoted = new RegExp(String.raw`["“]([^"”]{8,300})["”]\s*` + short, "u");
  const named = new RegExp(String.raw`(?:^|[\s(])([\p{L}\p{N}][\p{L}\p{N}+-]{1,30})\s` + short, "gu");
  for (const l of lines.slice(0, Math.min(end, SELF_CITATION_LINES))) {
    if (l.length > 3000) continue;
    const q = quoted.exec(l);
    if (q?.[1] && q[3] && names.includes(normalizeTitle(q[1]))) return { title: q[1].trim(), year: Number(q[3]) };
    for (const n of l.matchAll(named)) {
      if (n[1] && n[3] && squashed(normalizeTitle(n[1])) === (parts?.name ?? squashed(normalizeTitle(title)))) return { year: Number(n[3]) };
    }
  }
  return undefined;
}
