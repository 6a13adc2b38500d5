/**
 * Where a capture prints its paper's authors: an author line (where the title's line says it
 * starts), names one per line with affiliations between, an "Authors" label over its list, a
 * table of names glued to their figures, an embedded record, "By X et al." in the text. Each
 * finder returns an author list or nothing; the reader tries them in order of trust. Pure.
 */
import { cleanName, isPersonName, parseAuthorList, type AuthorList } from "./author-lists.ts";
import { isSectionLabel } from "./chrome.ts";
import type { EmbeddedRecord } from "./embedded-records.ts";
import { labelAlone, type LabelledValue } from "./labels.ts";
import { authorsOn, isMetaLine, isProse, TOP_LINES } from "./line-kinds.ts";
import { isAffiliation } from "./non-titles.ts";

/** "Name" / "Order" / … table headers, then rows of a name glued to its figures ("Ada Lovelace154621.68"). */
function authorTable(lines: readonly string[]): string[] {
  const at = lines.findIndex((l) => /^name$/i.test(l));
  if (at < 0) return [];
  const names: string[] = [];
  for (let i = at + 1; i < lines.length && i < at + 200; i++) {
    const l = lines[i] ?? "";
    if (!l) continue;
    if (labelAlone(l) !== undefined && names.length === 0) continue;
    const m = /^(\p{Lu}[\p{L}\p{M}'’. -]{2,60}?)\d[\d.,]*$/u.exec(l);
    if (!m?.[1]) break;
    const list = parseAuthorList(m[1].trim(), { labelled: true });
    if (list?.names.length === 1 && list.names[0]) names.push(list.names[0]);
  }
  return names;
}

/**
 * "Maxwell Nye Maarten Bosma Henryk Michalewski": a PDF's line of names set apart by spaces only,
 * each a given name and a surname; undefined unless every pair is a person's name.
 */
export function namePairs(line: string): string[] | undefined {
  const words = line.split(/\s+/);
  if (words.length < 4 || words.length % 2 !== 0 || words.length > 24) return undefined;
  const names: string[] = [];
  for (let i = 0; i < words.length; i += 2) names.push(`${words[i]} ${words[i + 1]}`);
  return names.every((n) => isPersonName(n) && !/[.,]/.test(n)) ? names : undefined;
}

/**
 * "• Keisuke Sakaguchi Allen Institute for AI": a bullet holding a name with its affiliation after
 * it; the name is the shortest run of the first words that is one, the rest an affiliation.
 */
export function nameBeforeAffiliation(line: string): string[] | undefined {
  const m = /^[•·▪◦*-]\s*(.+)$/u.exec(line);
  if (!m?.[1]) return undefined;
  const words = m[1].split(/\s+/);
  for (let k = 2; k <= 4 && k < words.length; k++) {
    const name = words.slice(0, k).join(" ");
    // A name does not end on a particle ("Ronan Le" of "Ronan Le Bras").
    if (/^(?:Le|La|De|Da|Di|Du|Del|Della|Van|Von|Der|Den|Ten|Ter|Al|El|Bin|Ibn)$/.test(words[k - 1] ?? "")) continue;
    if (isPersonName(name) && isAffiliation(words.slice(k).join(" "))) return [name];
  }
  return undefined;
}

/** An author's e-mail under the name ("ada@example.org", "[email protected]" where a site hid it). */
function isEmailLine(line: string): boolean {
  return line.length <= 120 && /^(?:\S+@\S+\.\S+|\[email(?:&#160;|\s)protected\])$/.test(line.trim());
}

/**
 * The first line near the top that opens the authors: an author list (plain, or names among
 * affiliations), the first of names printed one per line, or an "Authors" label alone.
 */
export function findAuthorLine(lines: readonly string[], chrome: (i: number) => boolean, excluded: (i: number) => boolean): { at: number; label?: boolean } | undefined {
  for (let i = 0, seen = 0; i < lines.length && seen < TOP_LINES; i++) {
    const l = lines[i] ?? "";
    if (!l || chrome(i) || excluded(i)) continue;
    seen++;
    if (i === 0 || isProse(l)) continue;
    // An "Authors" label counts with names under it (a menu's "Authors" entry has none).
    const next = lines.findIndex((x, k) => k > i && x !== "" && !/^[,;&]$/.test(x) && !chrome(k));
    if ((labelAlone(l) === "authors" || labelAlone(l) === "author(s)") && next > 0 && (nameLines(lines, next, chrome).length >= 1 || authorsOn(lines[next] ?? ""))) return { at: i, label: true };
    const list = authorsOn(l);
    if (list && (list.names.length >= 2 || list.truncated)) return { at: i };
    if (nameLines(lines, i, chrome).length >= 2) return { at: i };
  }
  return undefined;
}

/** Words of an affiliation's name that are written in lower case ("School of Computer Science and Technology"). */
const CONNECTIVES = /^(?:of|for|and|the|at|in|on|de|du|des|di|del|della|der|für|und|la|le|y|e|&)$/;

/** How many lower-case words a line has besides connectives: one makes a description or a phrase, not an affiliation ("U-shaped curve"). */
function plainWords(line: string): number {
  return line.split(/\s+/).filter((w) => /^\p{Ll}{2,}/u.test(w) && !CONNECTIVES.test(w)).length;
}

/**
 * Authors printed one per line from line `from` on (a viewer's "Ada Quill" / "Invented University"
 * / "Bram Okoye" / …), affiliations and lone commas between them passed over; empty unless the
 * first line is a name. A line of lower-case words between them (a mind map's "Significant drop in
 * middle" under "Performance Degradation") is no affiliation: the names stop there.
 */
export function nameLines(lines: readonly string[], from: number, chrome: (i: number) => boolean): string[] {
  const names: string[] = [];
  for (let j = from, seen = 0; j < lines.length && seen < 30; j++) {
    const l = lines[j] ?? "";
    if (!l || /^[,;&]$/.test(l) || chrome(j) || isEmailLine(l)) continue;
    seen++;
    // A label alone ("摘要", "Abstract") is never a name, whatever its script.
    if (labelAlone(l) !== undefined) break;
    const name = cleanName(l.replace(/^[,;&]\s*|\s*[,;&]$/g, ""));
    const several = isPersonName(name) ? undefined : (namePairs(name) ?? nameBeforeAffiliation(l));
    if (isPersonName(name)) names.push(name);
    else if (several && (names.length > 0 || j === from)) names.push(...several);
    else if (names.length === 0 || isProse(l) || labelAlone(l) !== undefined || isSectionLabel(l) || isMetaLine(l) || /\d/.test(l) || l.length > 80 || plainWords(l) >= 1) break;
  }
  return names;
}

/** The author list on one of the few lines under the title (metadata lines in between skipped). */
export function authorsUnderTitle(lines: readonly string[], titleLine: number | undefined, chrome: (i: number) => boolean): AuthorList | undefined {
  if (titleLine === undefined) return undefined;
  for (let j = titleLine + 1, seen = 0; j < lines.length && seen < 4; j++) {
    const l = lines[j] ?? "";
    if (!l || chrome(j)) continue;
    seen++;
    const parts = l.split(/\s+·\s+/);
    // "A · B · C" is a list; "29 Mar 2023 · A, B, C ·" has the authors between the dots.
    for (const part of parts.length > 1 ? [l, ...parts] : [l]) {
      const list = authorsOn(part.replace(/\s*·\s*$/, ""));
      if (list) return part === l ? wrappedList(lines, j, list) : list;
    }
    const oneEach = nameLines(lines, j, chrome);
    if (oneEach.length >= 2) return { names: oneEach };
    // One author over the affiliation and address ("Ani Nenkova" / "Columbia University" / …), or
    // names set apart by spaces only ("Ada Quill Bram Okoye Cy Varga"), each a given name and a surname.
    const single = cleanName(l);
    const next = lines.slice(j + 1, j + 4).find((x) => x !== "") ?? "";
    if (seen === 1 && (isAffiliation(next) || isEmailLine(next))) {
      const pairs = namePairs(single);
      if (pairs) return { names: pairs };
      if (isPersonName(single) && single.split(/\s+/).length <= 3) return { names: [single] };
    }
    if (chrome(j) || isMetaLine(l)) continue;
    if (isProse(l) || isSectionLabel(l) || (/[.!?]$/.test(l) && l.split(/\s+/).length >= 8)) break;
  }
  return undefined;
}

/** The authors that start on line `at` (the author line findAuthorLine found): a list, or names one per line. */
export function authorsFrom(lines: readonly string[], at: number, chrome: (i: number) => boolean): AuthorList | undefined {
  const list = authorsOn(lines[at] ?? "");
  if (list) return wrappedList(lines, at, list);
  const names = nameLines(lines, at, chrome);
  if (names.length < 2) return undefined;
  // "438 other authors" under the names shown.
  const after = lines.slice(at, at + 120).find((l) => /^\+?\s?\d[\d,]*\s+(?:other|more)\s+authors?$/i.test(l));
  const more = after ? Number(/\d[\d,]*/.exec(after)?.[0].replace(/,/g, "")) : undefined;
  return more !== undefined ? { names, truncated: { total: names.length + more } } : { names };
}

/** An author list that goes on over the lines right under it (names wrapped over three lines). */
function wrappedList(lines: readonly string[], at: number, list: AuthorList): AuthorList {
  const names = [...list.names];
  let truncated = list.truncated;
  for (let j = at + 1; j < lines.length && j <= at + 10 && !truncated; j++) {
    const more = authorsOn(lines[j] ?? "");
    if (!more) break;
    names.push(...more.names);
    truncated = more.truncated;
  }
  return truncated ? { names, truncated } : { names };
}

/**
 * The list an "Authors" label introduces: on its line, or one name (or list) per line below it with
 * affiliations and lone commas between ("Authors:" / "Ada Lovelace" / "Invented University" / …),
 * and a "Show all 5 authors" line that says how many there are.
 */
export function labelledAuthorList(lines: readonly string[], label: LabelledValue): AuthorList | undefined {
  // "Clark, Peter" / "Cowhey, Isaac" one a line (a catalogue's record): each line one name, surname first.
  const inverted = label.valueLines.length >= 2 ? label.valueLines.map((at) => invertedName(lines[at] ?? "")) : [];
  if (inverted.length > 0 && inverted.every((n) => n !== undefined)) return { names: inverted as string[] };
  const whole = parseAuthorList(label.value, { labelled: true });
  if (whole || label.valueLines.length < 2) return whole;
  const names: string[] = [];
  let total: number | undefined;
  const last = label.valueLines[label.valueLines.length - 1] ?? label.at;
  const after = lines.slice(last + 1, last + 3).find((l) => l !== "");
  for (const at of [...label.valueLines, ...(after !== undefined ? [-1] : [])]) {
    const l = (at < 0 ? (after ?? "") : (lines[at] ?? "")).trim();
    const shown = /^(?:show|view|see) all (\d+) authors?$/i.exec(l);
    if (shown?.[1]) total = Number(shown[1]);
    if (!l || /^[,;&]$/.test(l) || at < 0) continue;
    const list = parseAuthorList(l.replace(/^[,;&]\s*|\s*[,;&]$/g, ""), { labelled: true });
    if (list && !isAffiliation(l)) names.push(...list.names);
    else names.push(...(nameBeforeAffiliation(l) ?? []));
  }
  if (names.length === 0) return undefined;
  return total !== undefined && total > names.length ? { names, truncated: { total } } : { names };
}

/** "Clark, Peter" → "Peter Clark": one name written surname first, or undefined. */
function invertedName(line: string): string | undefined {
  const m = /^([^,;]{2,40}),\s*([^,;]{1,40})$/.exec(line.trim());
  if (!m?.[1] || !m[2]) return undefined;
  const name = `${m[2].trim()} ${m[1].trim()}`;
  return isPersonName(name) ? name : undefined;
}

export function recordAuthors(records: readonly EmbeddedRecord[]): AuthorList | undefined {
  const r = records.find((x) => x.authors.length > 0);
  return r ? { names: r.authors } : undefined;
}

export function tableAuthors(lines: readonly string[]): AuthorList | undefined {
  const names = authorTable(lines);
  return names.length > 0 ? { names } : undefined;
}

/** "By Hsieh et al. (NVIDIA Research)." in the page's text: one named author of more. */
export function byLine(lines: readonly string[], end: number): AuthorList | undefined {
  for (const l of lines.slice(0, end)) {
    const m = /(?:^|[.!?]\s+)By (\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){0,2}) et al\./u.exec(l);
    const list = m?.[1] ? parseAuthorList(`${m[1]} et al.`) : undefined;
    if (list) return list;
  }
  return undefined;
}
