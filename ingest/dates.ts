/**
 * Dates as pages print them ("14 Oct 2026", "2019/02/07", "2021/6", "August 2023") turned into ISO
 * strings; `findDate` also finds one inside a captured line where the page glued it to its
 * neighbours ("articleJan 1, 2023GOLD OA", "2019-04-21ICLR 2020").
 */

const MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "Oct", "October", "Sept" → 10; anything else → undefined. */
function monthNumber(word: string): number | undefined {
  const w = word.toLowerCase();
  if (w.length < 3) return undefined;
  const i = MONTH_NAMES.findIndex((name) => name.startsWith(w));
  return i < 0 ? undefined : i + 1;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function validDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "14 Oct 2026" / "October 14, 2026" → "2026-10-14"; undefined when it is not a date. */
export function parseHumanDate(text: string): string | undefined {
  const dmy = /\b(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(text);
  const mdy = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/.exec(text);
  const candidates: [string | undefined, string | undefined, string | undefined][] = [];
  if (dmy) candidates.push([dmy[1], dmy[2], dmy[3]]);
  if (mdy) candidates.push([mdy[2], mdy[1], mdy[3]]);
  for (const [day, month, year] of candidates) {
    if (!day || !month || !year) continue;
    const m = monthNumber(month);
    const y = Number(year);
    const d = Number(day);
    if (m && validDay(y, m, d)) return `${y}-${pad(m)}-${pad(d)}`;
  }
  return undefined;
}

/** "2019/02/07", "2019-02-07", "2021/6", "2004" → ISO of the same precision. */
export function parseNumericDate(text: string): string | undefined {
  const m = /^\s*(\d{4})(?:[-/](\d{1,2})(?:[-/](\d{1,2}))?)?/.exec(text);
  if (!m?.[1]) return undefined;
  const y = Number(m[1]);
  if (y < 1000 || y > 2999) return undefined;
  if (!m[2]) return String(y);
  const month = Number(m[2]);
  if (month < 1 || month > 12) return String(y);
  if (!m[3]) return `${y}-${pad(month)}`;
  const day = Number(m[3]);
  return validDay(y, month, day) ? `${y}-${pad(month)}-${pad(day)}` : `${y}-${pad(month)}`;
}

/** Any date a page may print: numeric forms first, then human ones. */
export function parseAnyDate(text: string): string | undefined {
  return parseNumericDate(text) ?? parseHumanDate(text);
}

export function yearOf(isoDate: string | undefined): number | undefined {
  if (!isoDate) return undefined;
  const y = Number(isoDate.slice(0, 4));
  return Number.isInteger(y) && y > 999 ? y : undefined;
}

/** "18,132" → 18132. */
export function parseCount(text: string): number | undefined {
  const n = Number(text.replace(/[,\s\u00a0\u202f]/g, ""));
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

const MONTH_WORD = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
/** "7 Jul 2021", "Mon, 7 Jul 2021", "07 July, 2021"; the month need not start a word. */
const DAY_MONTH_YEAR = new RegExp(String.raw`(?<!\d)(\d{1,2})(?:st|nd|rd|th)?\s+(${MONTH_WORD})\.?,?\s+((?:19|20)\d\d)(?!\d)`, "i");
/** "Jul 7, 2021", "July 7 2021"; glued on the left ("articleJan 1, 2023"). */
const MONTH_DAY_YEAR = new RegExp(String.raw`(${MONTH_WORD})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)(?!\d)`, "i");
/** "2019-04-21", "2019/04/21"; glued on the right ("2019-04-21ICLR"). */
const ISO_DAY = /(?<![\d.])((?:19|20)\d\d)[-/](0[1-9]|1[0-2])[-/](0[1-9]|[12]\d|3[01])(?!\d)/;
/** "04/20/2018": month first, as US pages print a date (a day over 12 makes it sure; else the month is taken first). */
const US_DAY = /(?<![\d./])(0?[1-9]|1[0-2])\/(0?[1-9]|[12]\d|3[01])\/((?:19|20)\d\d)(?![\d/])/;
/** "2020 Dec 11" (PubMed's order). */
const YEAR_MONTH_DAY = new RegExp(String.raw`(?<!\d)((?:19|20)\d\d)\s+(${MONTH_WORD})\.?\s+(\d{1,2})(?!\d)`, "i");
/** "2021 Mar". */
const YEAR_MONTH = new RegExp(String.raw`(?<!\d)((?:19|20)\d\d)\s+(${MONTH_WORD})\b`, "i");
/** "August 2023", "Aug. 2023". */
const MONTH_YEAR = new RegExp(String.raw`(?<![\p{L}])(${MONTH_WORD})\.?,?\s+((?:19|20)\d\d)(?!\d)`, "iu");

/** "August 2023" → "2023-08"; undefined when the text holds no month and year. */
export function parseMonthYear(text: string): string | undefined {
  const m = MONTH_YEAR.exec(text);
  const month = m?.[1] ? monthNumber(m[1].replace(/\.$/, "")) : undefined;
  return m?.[2] && month ? `${m[2]}-${pad(month)}` : undefined;
}

/**
 * The first full date in a line as a page prints it, wherever it sits in the line: day-month-year,
 * month-day-year or ISO (glued to neighbouring words or not); else a month and year. With the index
 * where it starts, so that a caller can tell a date that opens a line from one inside it.
 */
export function findDate(text: string): { iso: string; at: number } | undefined {
  const s = text.slice(0, 2000);
  const found: { iso: string; at: number }[] = [];
  const dmy = DAY_MONTH_YEAR.exec(s);
  if (dmy?.[1] && dmy[2] && dmy[3]) pushValid(found, Number(dmy[3]), monthNumber(dmy[2]), Number(dmy[1]), dmy.index);
  const mdy = MONTH_DAY_YEAR.exec(s);
  if (mdy?.[1] && mdy[2] && mdy[3]) pushValid(found, Number(mdy[3]), monthNumber(mdy[1]), Number(mdy[2]), mdy.index);
  const iso = ISO_DAY.exec(s);
  if (iso?.[1] && iso[2] && iso[3]) pushValid(found, Number(iso[1]), Number(iso[2]), Number(iso[3]), iso.index);
  const ymd = YEAR_MONTH_DAY.exec(s);
  if (ymd?.[1] && ymd[2] && ymd[3]) pushValid(found, Number(ymd[1]), monthNumber(ymd[2]), Number(ymd[3]), ymd.index);
  const us = US_DAY.exec(s);
  if (us?.[1] && us[2] && us[3]) pushValid(found, Number(us[3]), Number(us[1]), Number(us[2]), us.index);
  found.sort((a, b) => a.at - b.at);
  if (found[0]) return found[0];
  const my = MONTH_YEAR.exec(s);
  const iso2 = my ? parseMonthYear(my[0]) : undefined;
  if (my && iso2) return { iso: iso2, at: my.index };
  const ym = YEAR_MONTH.exec(s);
  const month = ym?.[2] ? monthNumber(ym[2]) : undefined;
  return ym?.[1] && month ? { iso: `${ym[1]}-${pad(month)}`, at: ym.index } : undefined;
}

function pushValid(into: { iso: string; at: number }[], y: number, m: number | undefined, d: number, at: number): void {
  if (m && validDay(y, m, d)) into.push({ iso: `${y}-${pad(m)}-${pad(d)}`, at });
}
