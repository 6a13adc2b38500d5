/**
 * What a title line carries beside the title, taken off only when the page itself shows the
 * title without it: the site's name after a separator ("Title · The Site Contribute to …") when a
 * line under it holds the title alone or the text quotes it ("Title - A Complete Analysis …"), and a short name in parentheses ("Title (Codex)") when
 * the page's text quotes the title without it; and a heading that is only the work's short name
 * ("Big-Bench") over a bullet that gives the whole title, when the page defines the short name
 * ("… benchmark (BIG-bench)") or the whole title opens with it; and a heading that is only the
 * short name ("WinoGrande") when the page's text gives the whole title it begins ("WinoGrande: An
 * Adversarial …", quoted, on a line of its own or opening a sentence). Without that evidence the line
 * stays as it is. Also the repairs any title line needs: links before it, a title run on into a
 * label that repeats its name, a word in small capitals split after its first letter. Pure.
 */
import { normalizeTitle } from "../../../vocabulary/titles.ts";

/** How far under the title line its repetition is looked for. */
const REPEAT_WITHIN = 8;

/** The title the page confirms inside its title line, and the line that prints it alone. */
export function trimTitle(title: string, lines: readonly string[], titleLine: number | undefined): { title: string; at?: number } {
  return siteSuffixTrimmed(title, lines, titleLine) ?? shortNameTrimmed(title, lines) ?? wholeTitleUnder(title, lines, titleLine) ?? wholeTitleInText(title, lines) ?? { title };
}

/**
 * "Title · Site name …" over a line that is "Title": the title, on that line. "Title - A Complete
 * Analysis of …" (a post's headline) when the page's text quotes "Title" alone: the title.
 */
function siteSuffixTrimmed(title: string, lines: readonly string[], titleLine: number | undefined): { title: string; at?: number } | undefined {
  if (titleLine === undefined) return undefined;
  const parts = title.split(/\s+[·|–—]\s+|\s+-\s+/);
  if (parts.length < 2) return undefined;
  for (let cut = parts.length - 1; cut >= 1; cut--) {
    const head = parts.slice(0, cut).join(" ");
    const key = normalizeTitle(head);
    if (key.split(" ").length < 3) continue;
    for (let i = titleLine + 1; i < lines.length && i <= titleLine + REPEAT_WITHIN; i++) {
      const l = (lines[i] ?? "").replace(/^#{1,6}\s+/, "").trim();
      if (l && normalizeTitle(l) === key) return { title: l, at: i };
    }
    if (quotedInText(lines, key)) return { title: head };
  }
  return undefined;
}

/** True when the page's text quotes a title whose key is `key` ("“Title” is a paper …"). */
function quotedInText(lines: readonly string[], key: string): boolean {
  const quoted = /["“]([^"“”]{12,400}?)[,.]?["”]/g;
  for (const l of lines.slice(0, 400)) {
    if (l.length > 5000) continue;
    for (const q of l.matchAll(quoted)) if (q[1] && normalizeTitle(q[1]) === key) return true;
  }
  return false;
}

/** "Title (Short)" where the page's text quotes "Title" without the short name: the title. */
function shortNameTrimmed(title: string, lines: readonly string[]): { title: string } | undefined {
  const m = /^(.{12,}?)\s+\(([\p{L}\p{N}][\p{L}\p{N}'’.+-]{0,24}(?:\s[\p{L}\p{N}'’.+-]{1,24})?)\)$/u.exec(title);
  if (!m?.[1]) return undefined;
  const head = m[1];
  return quotedInText(lines, normalizeTitle(head)) ? { title: head } : undefined;
}

/** "Big-Bench" over "- Beyond the Imitation Game: Quantifying …", the page defining "(BIG-bench)": the bullet's title. */
function wholeTitleUnder(title: string, lines: readonly string[], titleLine: number | undefined): { title: string; at: number } | undefined {
  if (titleLine === undefined || title.length > 40 || title.split(/\s+/).length > 3 || title.includes(":")) return undefined;
  const at = lines.findIndex((l, i) => i > titleLine && l.trim() !== "");
  const bullet = /^[-*•]\s+(.{20,300})$/.exec((lines[at] ?? "").trim())?.[1]?.trim();
  if (!bullet || at > titleLine + 2 || !bullet.includes(":") || bullet.split(/\s+/).length < 5 || /[.!?]$/.test(bullet) || /\bhttps?:\/\//.test(bullet)) return undefined;
  const short = normalizeTitle(title);
  const opens = normalizeTitle(bullet).startsWith(short);
  const defines = lines.slice(0, 200).some((l) => [...l.matchAll(/\(([^()]{2,40})\)/g)].some((m) => m[1] !== undefined && normalizeTitle(m[1]) === short));
  return opens || defines ? { title: bullet, at } : undefined;
}

/** How many lines, and how much of each, are searched for the whole title a short name begins. */
const SEARCH_LINES = 200;
const SEARCH_CHARS = 2000;

/**
 * "WinoGrande" as the heading, and "WinoGrande: An Adversarial Winograd Schema Challenge at Scale"
 * in the text: the whole title, as the text prints it. The title after the short name's colon runs
 * to a quote, a bracket, a sentence's end or a citation's comma; it needs three words or more.
 */
function wholeTitleInText(title: string, lines: readonly string[]): { title: string } | undefined {
  const short = title.trim();
  if (short.length < 2 || short.length > 30 || short.split(/\s+/).length > 2 || /[:?!.]/.test(short)) return undefined;
  const key = short.toLowerCase();
  for (const l of lines.slice(0, SEARCH_LINES)) {
    const text = l.slice(0, SEARCH_CHARS);
    const lower = text.toLowerCase();
    if (!lower.includes(`${key}:`)) continue;
    let from = 0;
    for (let n = 0; n < 20; n++) {
      const at = lower.indexOf(`${key}:`, from);
      if (at < 0) break;
      from = at + key.length + 1;
      // The short name as a word of its own, at a line's or a quotation's start.
      if (at > 0 && !/["“'‘(\s*>]/.test(text[at - 1] ?? "")) continue;
      const rest = /^\s*([^"”'’()[\].!?\n]{8,200}?)(?=["”'’()[\]]|[.!?](?:\s|$)|,\s+(?:\p{Lu}[\p{L}-]+\s+et al|(?:19|20)\d\d)|\s+[-–—]\s|$)/u.exec(text.slice(from));
      // American style closes a quoted title with its comma inside the quotes (“Title,”).
      const tail = rest?.[1]?.trim().replace(/[,;]$/, "");
      if (!tail || tail.split(/\s+/).length < 3 || !/^\p{Lu}/u.test(tail)) continue;
      return { title: `${text.slice(at, at + short.length)}: ${tail}` };
    }
  }
  return undefined;
}

/**
 * "MMLU-Pro: A More Robust … BenchmarkMMLU-Pro published": a title run on into the next label,
 * which starts with the title's own name: cut where the name comes again, glued.
 */
export function cutGluedName(title: string): string {
  const name = /^([^:\s]{3,40}):\s/.exec(title)?.[1];
  if (!name) return title;
  const at = title.indexOf(name, name.length + 2);
  return at > name.length + 10 && /\p{Ll}/u.test(title[at - 1] ?? "") ? title.slice(0, at).trim() : title;
}

/** "Re-evaluating the Role of B LEU in …": a word set in small capitals, split after its first letter, joined back. */
export function joinSmallCaps(title: string): string {
  if (!/\p{Ll}{3}/u.test(title)) return title;
  return title.replace(/(?<=^|\s)(\p{Lu}) (\p{Lu}{2,})(?=\s|[,:;.]|$)/gu, "$1$2");
}

/** The line without the links it opens with ("https://a https://b Title" → "Title"); the line itself when it is only links or none. */
export function urlsOff(line: string): string {
  const m = /^(?:https?:\/\/\S{1,500}\s+){1,3}(?=\S)/.exec(line);
  return m && !/^https?:\/\//.test(line.slice(m[0].length)) ? line.slice(m[0].length) : line;
}
