/** Dates as pages print them ("14 Oct 2026", "2019/02/07", "2021/6") turned into ISO strings. */

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
