/**
 * A PDF's first page as a document host's text layer gives it, run onto one line with no heading
 * over it (issue 26): "Title Name Name Name Affiliation … e-mails Abstract …". Where the title ends
 * and the byline starts is told by the byline itself, never guessed:
 * - names in a comma list ("… Paraphrase Support Liang Zhou, Chin-Yew Lin, and Eduard Hovy
 *   University of …", "… Granularities Junguo Zhu1, Muyun Yang1, …"): the first name is the two
 *   words (three with a middle initial or a particle) before the first comma that opens a list of
 *   two names or more, up to the affiliations;
 * - names set apart by spaces only ("… Extraction Qian Yang Rebecca J. Passonneau Gerard de Melo
 *   IIIS, Tsinghua …"): as many names as the byline has e-mail addresses ("{a,b,c}@host" holds
 *   three), read from the last word before the affiliations backwards, each a given name and a
 *   surname with at most a middle initial or a particle between.
 * A proceedings header glued before the title ("Proceedings of the Thirtieth AAAI Conference on
 * Artificial Intelligence (AAAI-16) PEAK: …") is taken off. Accents the text layer set apart from
 * their letters ("Guzm´an", "Llu´ıs", "f¨ur") are joined back first. Pure, linear in the line.
 */
import { cleanName, isPersonName, joinDetachedAccents, parseAuthorList } from "./author-lists.ts";

/** How much of a line the byline is looked for in. */
const HEADER_CHARS = 2000;

/** Words that start the affiliations after a byline's names. */
const ORG_WORD =
  /^(?:university|universit[yàäé]t?|universidad|universidade|universiteit|institute|institut|instituto|istituto|college|school|faculty|department|dept\.?|laboratory|laboratories|lab|labs|research|centre|center|centro|academy|corporation|inc\.?|ltd\.?|google|microsoft|facebook|meta|ibm|amazon|nvidia|openai|deepmind|national|international)$/i;

/** A token that is no part of a name: an affiliation's word, an acronym, an e-mail, a digit alone, a bracket. */
function endsNames(token: string): boolean {
  const t = token.replace(/[,;]+$/, "");
  return ORG_WORD.test(t) || /^\p{Lu}{2,}$/u.test(t) || t.includes("@") || /^[{([]/.test(t) || /^\d+$/.test(t);
}

/** "{a,b,c}@host" counts three addresses, "ada@host" one, "[email protected]" one. */
export function emailCount(s: string): number {
  let n = 0;
  for (const m of s.matchAll(/\{([^{}]{1,400})\}\s?@/g)) n += (m[1] ?? "").split(/[,;]/).length;
  const plain = s.replace(/\{[^{}]{1,400}\}\s?@\S+/g, " ");
  // Word by word: a pattern over the whole line would rescan a long run of letters from each start.
  for (const word of plain.split(/\s+/)) if (word.length <= 200 && word.includes("@") && /^[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,6}[.,;)]?$/.test(word)) n++;
  n += plain.match(/\[email(?:&#160;|\s)protected\]/g)?.length ?? 0;
  return n;
}

const PARTICLE = /^(?:de|da|di|du|del|della|van|von|der|den|la|le|ten|ter|bin|al|el)$/;
const MIDDLE_INITIAL = /^\p{Lu}\.$/u;

/** `count` names read backwards from the end of `tokens`; where they start, or undefined. */
function namesFromEnd(tokens: readonly string[], count: number): { names: string[]; start: number } | undefined {
  const names: string[] = [];
  let k = tokens.length;
  while (names.length < count) {
    const surname = tokens[k - 1];
    if (surname === undefined) return undefined;
    let from = k - 2;
    while (from > 0 && (MIDDLE_INITIAL.test(tokens[from] ?? "") || PARTICLE.test(tokens[from] ?? "")) && k - from < 4) from--;
    const name = cleanName(tokens.slice(from, k).join(" "));
    if (from < 0 || !isPersonName(name)) return undefined;
    names.unshift(name);
    k = from;
  }
  return { names, start: k };
}

/** Words a title does not end on ("… Results with"). */
const OPEN_ENDING = /^(?:of|for|and|or|with|the|a|an|in|on|to|from|by|via|at|as|into|under|over|between|through)$/i;

function goodTitle(words: readonly string[]): boolean {
  return words.length >= 3 && !OPEN_ENDING.test(words.at(-1) ?? "") && /^\p{Lu}|^\p{N}/u.test(words[0] ?? "");
}

export interface PdfHeader {
  title: string;
  authors: string[];
  /** The year of a proceedings header's tag ("(AAAI-16)" → 2016), when it has one. */
  year?: number;
}

/** "Proceedings of the … (AAAI-16)" before the title: its length, and the tag's year. */
function proceedingsHeader(s: string): { length: number; year?: number } | undefined {
  const m = /^Proceedings of the [^()]{5,200}\((\p{Lu}[\p{Lu}\p{N}]{1,10})[-‐– ']?(\d{2}|(?:19|20)\d\d)\)\s+/u.exec(s);
  if (!m?.[2]) return undefined;
  const y = Number(m[2]);
  const year = m[2].length === 4 ? y : y <= 40 ? 2000 + y : 1900 + y;
  return { length: m[0].length, year };
}

/** The names of a comma list that starts a byline ("Liang Zhou, Chin-Yew Lin, and Eduard Hovy"), the last one cut off its affiliation. */
export function commaByline(byline: string): string[] | undefined {
  const items = byline
    .replace(/^[\s´`¨ˆ˜]+/u, "")
    .replace(/\s*,?\s+(?:and|&)\s+/g, ", ")
    .split(/\s*,\s*/)
    .filter((x) => x !== "");
  if (items.length < 2) return undefined;
  const names: string[] = [];
  for (const [k, item] of items.entries()) {
    const words = item.split(/\s+/);
    // The last name runs on into its affiliation ("Dilek Hakkani-Tur International Computer …"):
    // a given name and a surname, with a middle initial or a particle between.
    const take = MIDDLE_INITIAL.test(words[1] ?? "") || PARTICLE.test(words[1] ?? "") ? 3 : 2;
    const last = k === items.length - 1 && words.length > take;
    const name = cleanName(last ? words.slice(0, take).join(" ") : item);
    if (!isPersonName(name)) break;
    names.push(name);
    if (last) break;
  }
  return names.length >= 2 ? names : undefined;
}

/** The title and authors of a PDF header run onto one line, or undefined when the byline cannot be told apart. */
export function splitPdfHeader(line: string): PdfHeader | undefined {
  let s = joinDetachedAccents(line.slice(0, HEADER_CHARS));
  const proceedings = proceedingsHeader(s);
  if (proceedings) s = s.slice(proceedings.length);
  const abstract = /\s(?:Abstract|ABSTRACT|A BSTRACT)(?=[\s:.—-])/.exec(s);
  const head = abstract ? s.slice(0, abstract.index) : s;
  const emails = emailCount(head);
  if (!abstract && emails === 0) return undefined;
  const tokens = head.split(/\s+/).filter((t) => t !== "");
  const stopAfter = (from: number): number => tokens.findIndex((t, i) => i >= from && endsNames(t));
  const withYear = (h: PdfHeader): PdfHeader => (proceedings?.year !== undefined ? { ...h, year: proceedings.year } : h);
  const firstMail = tokens.findIndex((t) => t.includes("@"));
  // Names in a comma list: the first name is the words before a comma that opens two names or more.
  for (let c = 3, seen = 0; c < tokens.length && (firstMail < 0 || c < firstMail) && seen < 6; c++) {
    if (!(tokens[c] ?? "").endsWith(",")) continue;
    seen++;
    const stop = stopAfter(c + 1);
    if (stop < 0) break;
    // "Rebecca J. Passonneau,", "Josef van Genabith,": a middle initial or a particle makes the name three words.
    const before = tokens[c - 1] ?? "";
    for (const size of MIDDLE_INITIAL.test(before) || PARTICLE.test(before) ? [3] : [2, 3]) {
      const from = c + 1 - size;
      if (from < 3) continue;
      const names = commaByline(tokens.slice(from, stop).join(" "));
      const title = tokens.slice(0, from);
      if (
        names &&
        names[0] ===
          cleanName(
            tokens
              .slice(from, c + 1)
              .join(" ")
              .replace(/,$/, ""),
          ) &&
        goodTitle(title)
      )
        return withYear({ title: title.join(" "), authors: names });
    }
  }
  // Names set apart by spaces: as many as the e-mails (two or more), read from the last one backwards.
  const stop = stopAfter(3);
  if (stop >= 0 && emails >= 2 && !tokens.slice(0, stop).some((t) => t.endsWith(","))) {
    const found = namesFromEnd(tokens.slice(0, stop), emails);
    const title = found ? tokens.slice(0, found.start) : [];
    if (found && goodTitle(title)) return withYear({ title: title.join(" "), authors: found.names });
  }
  return undefined;
}

/**
 * "Labelled Dependencies in … Evaluation Karolina Owczarzak" over "Josef van Genabith" and "Andy
 * Way", one name a line: a title line that ends with the first author, the others under it. The
 * title and the names, when the lines under it are names and the title keeps three words or more.
 */
export function titleEndingWithName(lines: readonly string[], at: number): PdfHeader | undefined {
  const line = lines[at] ?? "";
  const below: string[] = [];
  let j = at + 1;
  for (; j < lines.length && j <= at + 8; j++) {
    const l = cleanName(lines[j] ?? "");
    if (!l) continue;
    if (!isPersonName(l) || l.split(/\s+/).length > 4) break;
    below.push(l);
  }
  if (below.length === 0) return undefined;
  // The affiliations under the names hold an e-mail for each, or one naming the first author.
  const after = lines.slice(j, j + 3).join(" ");
  const words = line.split(/\s+/);
  for (const size of MIDDLE_INITIAL.test(words.at(-2) ?? "") || PARTICLE.test(words.at(-2) ?? "") ? [3] : [2, 3]) {
    const name = cleanName(words.slice(-size).join(" "));
    const title = words.slice(0, -size);
    const surname = (name.split(" ").at(-1) ?? "").toLowerCase();
    const mailed = emailCount(after) === below.length + 1 || (surname.length >= 3 && new RegExp(`[{,\\s]${surname}[,}@]`, "i").test(after));
    if (mailed && isPersonName(name) && parseAuthorList([name, ...below].join(", ")) && goodTitle(title)) return { title: title.join(" "), authors: [name, ...below] };
  }
  return undefined;
}

/**
 * The names of a PDF's byline with its affiliations and e-mails after them (the text between a
 * title and "Abstract"): a comma list up to the affiliations, or names set apart by spaces, as
 * many as the e-mails. Empty when neither reads.
 */
export function pdfBylineNames(byline: string): string[] {
  const s = joinDetachedAccents(byline.slice(0, HEADER_CHARS)).replace(/^[\s´`¨ˆ˜]+/u, "");
  const tokens = s.split(/\s+/).filter((t) => t !== "");
  const stop = tokens.findIndex((t, i) => i >= 2 && endsNames(t));
  if (stop < 0) return [];
  const comma = commaByline(tokens.slice(0, stop).join(" "));
  if (comma) return comma;
  const emails = emailCount(s);
  const found = emails >= 2 ? namesFromEnd(tokens.slice(0, stop), emails) : undefined;
  return found && found.start === 0 ? found.names : [];
}
