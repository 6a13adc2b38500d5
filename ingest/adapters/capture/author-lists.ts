/**
 * Author lines as sites print them: "A, B, and C" (also without spaces, "A,B,C", or with a stray
 * "and," before the last), "A; B; C", "A · B · C", "Surname, I., Surname, I., & Surname, I.",
 * "Last, First; Last, First", footnote marks and affiliation digits on names ("Zhang∗†", "Liu1"),
 * and truncated lists: "A, B and 49 other authors", "A, B (+46 others)", "A, B et al.", "A, B,
 * 50 Authors, C", "+3 authors". Names come back in display order ("Marco Tulio Ribeiro",
 * "M. Chen"); a truncated list says how many authors the page counts when it says so. A line is an
 * author list only when nearly every item is a person's name, so titles, venues, affiliations and
 * keyword lists are not taken for one. Pure.
 */
import { replaceAtWords, trimEndWhere, trimStartWhere } from "../../../vocabulary/linear-text.ts";
import { GIVEN_NAMES } from "./given-names.ts";

export interface AuthorList {
  names: string[];
  /** Present when the page shows only some of the authors; `total` when it says how many. */
  truncated?: { total?: number };
}

const PARTICLES = new Set(["de", "da", "das", "do", "dos", "du", "del", "della", "der", "den", "di", "van", "von", "la", "le", "ten", "ter", "bin", "ibn", "al", "el", "y", "zu", "af", "d.", "v."]);

/** Words that are never part of a person's name as a list prints it. */
const NOT_NAMES = new Set(
  (
    "the a an of and or in on for with to from at by via is are was we our this that these their its as be not no new all more " +
    "university universität université universidad universidade institute institut department dept school college faculty lab labs laboratory " +
    "laboratories research center centre centro inc ltd llc gmbh corp corporation company group team foundation project society academy " +
    "google deepmind microsoft meta openai anthropic nvidia amazon apple ibm intel facebook baidu alibaba tencent huawei salesforce adobe " +
    "ai2 abstract paper papers pdf code view download introduction arxiv conference proceedings journal workshop association " +
    "computational linguistics learning language languages models model neural network networks data dataset datasets benchmark benchmarks " +
    "evaluation evaluating analysis survey towards toward using based large machine artificial intelligence science sciences " +
    "computer engineering technology systems system information national state states united kingdom china usa america europe " +
    "authors author citations citation references reference published publication submitted year venue online edition volume pages " +
    "january february march july september october november december " +
    "monday tuesday wednesday thursday friday saturday sunday tldr summary keywords topics tasks methods results home search sign share cite " +
    "best overall award oral poster spotlight accepted findings main demo student track " +
    "advanced clipboard guide user users save email send display options format full links menu login logout help settings view " +
    "download upload print export import copy paste edit delete open close next previous more less show hide filter sort page pages " +
    "account profile dashboard library collection collections notifications subscribe follow followers following reply replies comment comments"
  ).split(" "),
);

const FOOTNOTES = /[*∗†‡§¶⋆✝✉♠♣♥♦#⁰¹²³⁴⁵⁶⁷⁸⁹]+/gu;
const INITIALS = /^(?:\p{Lu}\.?(?:\s?-\s?\p{Lu}\.?)?\s?)+(?:[a-z]{1,3}\.\s?(?:\p{Lu}\.\s?)*)*$/u;
const CAPITALISED = /^\p{Lu}[\p{L}\p{M}'’]*[\p{Ll}\p{M}][\p{L}\p{M}'’]*(?:[-‐‑][\p{L}\p{M}'’]+)*\.?$/u;
const INITIAL = /^\p{Lu}\.?(?:-\p{Lu}\.?)?$/u;
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}·・]{2,8}$/u;
/**
 * Words of a Chinese page's labels and buttons ("视频信息" video info, "答案文本" answer text, "视频字幕"
 * subtitles, "论文摘要" abstract): a short line holding one is a label, never a person's name.
 */
const CJK_LABEL_WORDS =
  /视频|信息|文本|字幕|答案|摘要|论文|作者|下载|分享|评论|翻译|相关|推荐|首页|登录|注册|搜索|引用|收藏|详情|简介|介绍|标题|来源|发布|时间|日期|阅读|全文|原文|链接|代码|数据|模型|方法|结果|关键词|文章|页面|更多|目录|附件|版本|评分/u;
const SUFFIX = /^(?:jr|sr|ii|iii|iv)\.?$/i;
/** Endings of English nouns no name has ("Alignment", "Navigation", "Robustness", "Ethics"): a heading's words, not a person's. */
const NOUN_ENDING = /\p{Ll}(?:tion|sion|ment|ness|ity|ism|ship|ics|ology)s?$/u;
const NAMES_WITH_NOUN_ENDINGS = new Set(["clement", "guinness", "furness", "verity", "charity", "felicity", "trinity", "amity", "prosperity"]);

/** "Kilian Q. Weinberger†‡" → "Kilian Q. Weinberger"; "Yang Liu1" → "Yang Liu"; "Dr. A B" → "A B". */
export function cleanName(raw: string): string {
  const unmarked = raw
    .replace(/<sup>[^<]{0,20}<\/sup>/gi, "")
    .replace(/\\(?=[*_])/g, "")
    .replace(FOOTNOTES, "")
    .replace(/\s*\((?:[^()]{0,80})\)\s*$/, "")
    .replace(/\s*\[[^\]]{0,20}\]\s*$/, "");
  // E-mail-like words and the separators at the ends go by loops: /\S+@\S+/ and /[…]+$/ are
  // quadratic on a long line of letters or of commas (issue 29).
  const spaced = replaceAtWords(unmarked, " ")
    .replace(/(\p{L})\s?\d+(?:,\s?\d+)*$/u, "$1")
    .replace(/^(?:dr|prof|professor)\.?\s+/i, "")
    .replace(/\s+/g, " ");
  return trimEndWhere(
    trimStartWhere(spaced, (c) => LEADING_MARK.test(c)),
    (c) => TRAILING_MARK.test(c),
  ).trim();
}

const LEADING_MARK = /[\s,;:.·•▪◦-]/;
const TRAILING_MARK = /[\s,;:·•-]/;

/** A person's name as lists print them: 2-6 words of capitalised names, initials and particles. */
export function isPersonName(name: string, opts: { allowSingle?: boolean } = {}): boolean {
  const s = name.trim();
  if (!s || s.length > 80 || /[\d@:/\\()[\]{}<>|=+"“”]/.test(s)) return false;
  if (CJK_NAME.test(s.replace(/\s+/g, ""))) return !CJK_LABEL_WORDS.test(s);
  const tokens = s.split(/\s+/);
  if (tokens.length > 6 || (tokens.length < 2 && !opts.allowSingle)) return false;
  let words = 0;
  for (const [k, t] of tokens.entries()) {
    if (INITIAL.test(t)) continue;
    const lower = t.toLowerCase().replace(/[.,]$/, "");
    if (NOT_NAMES.has(lower) || (lower.length >= 6 && NOUN_ENDING.test(lower) && !NAMES_WITH_NOUN_ENDINGS.has(lower))) return false;
    if (CAPITALISED.test(t)) words++;
    else if (k > 0 && SUFFIX.test(t)) continue;
    else if (PARTICLES.has(t) && k > 0 && k < tokens.length - 1) continue;
    else return false;
  }
  const last = tokens[tokens.length - 1] ?? "";
  return words >= 1 && !PARTICLES.has(last) && (CAPITALISED.test(last) || SUFFIX.test(last) || tokens.length === 1 || INITIAL.test(last));
}

/**
 * "Ribeiro, Marco Tulio" → "Marco Tulio Ribeiro"; "Chen, M." → "M. Chen"; initials run together
 * without periods, as repositories and PubMed print them ("Brown, AR") → "A. R. Brown"; other
 * names unchanged.
 */
export function displayOrder(name: string): string {
  const parts = name.split(",").map((p) => p.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1] || SUFFIX.test(parts[1])) return name.trim();
  const given = /^\p{Lu}{1,3}$/u.test(parts[1]) ? [...parts[1]].map((c) => `${c}.`).join(" ") : parts[1];
  return `${given} ${parts[0]}`;
}

interface Truncation {
  rest: string;
  truncated?: { more?: number };
}

/** Take the marks of a truncated list off its end ("and 49 other authors", "(+46 others)", "et al."). */
function takeTruncation(line: string): Truncation {
  const patterns: [RegExp, boolean][] = [
    [/[\s,]*et\.?\s*al\.?\s*\(\+?\s?(\d[\d,]*)\s+(?:more|others?)\)\s*$/i, true],
    [/[\s,]*(?:and\s+)?\(?\+?\s?(\d[\d,]*)\s+(?:other|more)\s+authors?\)?\.?\s*$/i, true],
    [/[\s,]*\(\+\s?(\d[\d,]*)(?:\s+(?:others?|more|authors?))?\)\s*$/i, true],
    [/[\s,]*\+\s?(\d[\d,]*)\s+(?:authors?|more|others?)\s*$/i, true],
    [/[\s,]*(?:et\.?\s*al\.?|and\s+others|and\s+colleagues)\s*$/i, false],
    [/[\s,]*(?:…|\.\.\.)\s*$/, false],
  ];
  // The marks sit at the end: they are looked for in the last TRUNCATION_TAIL characters, and the
  // separators before them trimmed by a loop (on a whole line of commas, `[\s,]*…$` is quadratic).
  const tail = line.length > TRUNCATION_TAIL ? line.slice(-TRUNCATION_TAIL) : line;
  const offset = line.length - tail.length;
  for (const [re, counted] of patterns) {
    const m = re.exec(tail);
    if (!m) continue;
    const more = counted && m[1] ? Number(m[1].replace(/,/g, "")) : undefined;
    return { rest: trimEndWhere(line.slice(0, offset + m.index), (c) => c === "," || /\s/.test(c)), truncated: more === undefined ? {} : { more } };
  }
  return { rest: line };
}

const TRUNCATION_TAIL = 160;

/** "50 Authors", "+3 authors", "3 more": a placeholder a list prints where it hides names. */
function placeholderCount(item: string): number | undefined {
  if (/^(?:…|\.\.\.)$/.test(item.trim())) return 0;
  const m = /^\+?\s?(\d[\d,]*)\s+(?:more\s+)?(?:authors?|more|others?)$/i.exec(item.trim());
  return m?.[1] ? Number(m[1].replace(/,/g, "")) : undefined;
}

/** Split "Surname, I., Surname, I." items back into pairs when most items are initials. */
function pairInitials(parts: string[]): string[] | undefined {
  const initials = parts.filter((p) => INITIALS.test(p)).length;
  if (initials === 0 || initials * 2 < parts.length - 1) return undefined;
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] ?? "";
    const next = parts[i + 1];
    if (next !== undefined && !INITIALS.test(p) && INITIALS.test(next)) {
      out.push(`${next} ${p}`.replace(/\s+/g, " "));
      i++;
    } else out.push(p);
  }
  return out;
}

/**
 * "Liang, Percy, Bommasani, Rishi, …": every name written "Surname, Given" in one comma list, so
 * that most items are one word; paired back into "Given Surname" when they come in pairs.
 */
function pairSurnames(parts: string[]): string[] | undefined {
  if (parts.length < 4 || parts.length % 2 !== 0) return undefined;
  const single = parts.filter((p) => !/\s/.test(p.trim())).length;
  if (single * 5 < parts.length * 3) return undefined;
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) out.push(displayOrder(`${parts[i] ?? ""}, ${parts[i + 1] ?? ""}`));
  return out;
}

/**
 * True when a list of two-word names is printed surname first without commas ("Cobbe Karl,
 * Kosaraju Vineet, …"): most end with a given name and begin with none, and none the other way
 * round (vocabulary of given names seldom used as surnames: given-names.ts).
 */
function surnameFirst(names: readonly string[]): boolean {
  if (names.length < 3 || names.some((n) => n.split(" ").length !== 2 || /\./.test(n))) return false;
  const given = (w: string | undefined) => GIVEN_NAMES.has((w ?? "").toLowerCase());
  const reversed = names.filter((n) => {
    const [a, b] = n.split(" ");
    return given(b) && !given(a);
  }).length;
  const straight = names.filter((n) => {
    const [a, b] = n.split(" ");
    return given(a) && !given(b);
  }).length;
  return straight === 0 && reversed * 2 >= names.length;
}

const COMBINING: Readonly<Record<string, string>> = { "´": "\u0301", "`": "\u0300", "¨": "\u0308", ˆ: "\u0302", "˜": "\u0303" };

/**
 * "Guzm´an" → "Guzmán", "Llu´ıs" → "Lluís", "M`arquez" → "Màrquez", "f¨ur" → "für", "Kry´sci ´nski" →
 * "Kryściński": a spacing accent a PDF's text printed apart joined to the letter after it (a vowel,
 * n, s, c or z), and to the word before it when only a space stands between.
 */
export function joinDetachedAccents(s: string): string {
  if (!/[´`¨ˆ˜]/.test(s)) return s;
  return s
    .replace(/(?<=\p{L}) (?=´[nscz]\p{L})/gu, "")
    .replace(/(?<=\p{L})([´`¨ˆ˜])([aeiouyAEIOUYıN]|[nscz](?=\p{L}))/gu, (_, accent: string, letter: string) => `${letter === "ı" ? "i" : letter}${COMBINING[accent] ?? ""}`)
    .normalize("NFC");
}

/**
 * The authors an author line lists, or undefined when the line is not one. `labelled` (the line
 * follows an "Authors:" label or "By") lets a single name count.
 */
export function parseAuthorList(line: string, opts: { labelled?: boolean } = {}): AuthorList | undefined {
  let s = joinDetachedAccents(line.replace(/\s+/g, " ").trim());
  if (!s || s.length > 6000) return undefined;
  s = s.replace(/^(?:by|written by|authors?(?:\(s\))?\s*:)\s+/i, "").replace(/\s*\(\s*[*∗†‡]\s*[^()]{0,60}\)\s*$/u, "");
  // "A, B, C, et al. (Carnegie Mellon University)": the authors' affiliation after the whole list.
  if (/\)\s*$/.test(s)) s = s.replace(/(?<=et\.?\s?al\.?|\p{L})\s*\((?![^()]*\b(?:others?|more|authors?)\b)[^()\d]{3,80}\)\s*$/u, "");
  // "Tom Quill(Google (United States)), …": an affiliation holding its country, after each name.
  if (s.includes("((") || /\([^()]{0,80}\(/.test(s)) s = s.replace(/\s?\([^()]{0,80}\([^()]{0,40}\)[^()]{0,40}\)/g, "");
  // "Ada Quill<sup>§</sup> Bram Okoye<sup>†</sup>" (a paper converted to Markdown): the marks as printed.
  if (s.includes("<sup>")) s = s.replace(/<sup>([^<>]{1,12})<\/sup>/g, "$1");
  // "Arindam Quill∗ Bram Okoye∗ Cy Varga", "Ada Quill§ Bram Okoye†": names set apart only by their footnote marks.
  if (!/[,;·|]/.test(s) && (s.match(/\p{L}[*∗†‡§¶]+\s+\p{Lu}/gu)?.length ?? 0) >= 1) s = s.replace(/(?<=\p{L})([*∗†‡§¶]+)\s+(?=\p{Lu})/gu, "$1, ");
  const cut = takeTruncation(s);
  s = cut.rest
    // "A, B, … Z" ("A; B; … Z;"): the ellipsis stands for the hidden names.
    .replace(/([,;])?\s*(?:…|\.\.\.)\s*(?=\p{Lu})/gu, (_, sep: string | undefined) => (sep === ";" || (!sep && line.includes(";")) ? "; …; " : ", …, "))
    .replace(/\s*\band\s*,\s*/gi, ", ")
    .replace(/\s*,?\s+(?:and|&)\s+/gi, ", ")
    .replace(/^\s*(?:and|&)\s+/i, "")
    .trim();
  if (!s) return undefined;
  let items: string[];
  let flip = false;
  if (s.includes(";")) {
    items = s.split(/\s*;\s*/);
    flip = true;
  } else if (/\s[·|]\s|·/.test(s)) items = s.split(/\s*[·|]\s*/);
  else {
    const parts = s.split(/\s*,\s*/);
    items = pairInitials(parts) ?? pairSurnames(parts) ?? parts;
  }
  let hidden = cut.truncated?.more;
  let placeholder = false;
  let unknownTotal = false;
  const names: string[] = [];
  let bad = 0;
  for (const raw of items) {
    if (!raw.trim()) continue;
    const count = placeholderCount(raw);
    if (count !== undefined) {
      // An ellipsis hides names without saying how many: the total is then unknown.
      if (count === 0) unknownTotal = true;
      else hidden = (hidden ?? 0) + count;
      placeholder = true;
      continue;
    }
    const name = cleanName(flip ? displayOrder(raw) : raw);
    if (isPersonName(name, { allowSingle: opts.labelled === true || cut.truncated !== undefined })) names.push(name);
    else bad++;
  }
  if (names.length === 0 || bad * 4 > names.length) return undefined;
  if (!flip && surnameFirst(names)) names.splice(0, names.length, ...names.map((n) => n.split(" ").reverse().join(" ")));
  const truncated = cut.truncated !== undefined || placeholder;
  if (names.length < 2 && !truncated && !opts.labelled) return undefined;
  const list: AuthorList = { names };
  if (truncated) list.truncated = hidden === undefined || unknownTotal ? {} : { total: names.length + hidden };
  return list;
}
