/**
 * How a paper's two citation figures are worded, everywhere they are shown (the explorer, the
 * CLI, exports; issue 24), so that each number has one meaning: the papers of this map that cite
 * it ("cited by 33 in this map"), a count that is always known; and the count a page or a service
 * reports ("7,768 citations reported by Semantic Scholar (data through 2026-10-07)"), a figure of
 * another collection at another date, which may be unknown and is then said to be, never 0.
 */

/** Who reported a count and when (api/types.ts `CountReport`). */
export interface CountReportLike {
  by: string;
  through: string | null;
  read: string;
}

const grouped = (n: number) => n.toLocaleString("en-US");

/** "cited by 33 in this map", "cited by 1 in this map", "not cited in this map". */
export function citedInMapPhrase(n: number): string {
  return n === 0 ? "not cited in this map" : `cited by ${grouped(n)} in this map`;
}

/** "(data through 2026-10-07)", else "(read 2026-10-20)": the date a reported figure is of. */
export function reportDate(report: CountReportLike | null): string {
  if (!report) return "";
  return report.through ? `(data through ${report.through})` : `(read ${report.read})`;
}

/** "7,768 citations reported by 002_ab6c.txt (data through 2026-10-07)", or "no reported citation count". */
export function reportedPhrase(count: number | null, report: CountReportLike | null): string {
  if (count === null) return "no reported citation count";
  const by = report ? ` reported by ${report.by} ${reportDate(report)}` : " reported";
  return `${grouped(count)} citation${count === 1 ? "" : "s"}${by}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Oct 2026": the month a reported figure is of (its data-through date, else the day it was read). */
export function reportMonth(report: CountReportLike): string {
  const m = /^(\d{4})-(\d{2})/.exec(report.through ?? report.read);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${m[1]}` : "";
}

/** The short form lists use: "7,768 reported by Semantic Scholar (Oct 2026)", or null when unknown. */
export function reportedShort(count: number | null, report: CountReportLike | null): string | null {
  if (count === null) return null;
  if (!report) return `${grouped(count)} reported`;
  const month = reportMonth(report);
  return `${grouped(count)} reported by ${report.by}${month ? ` (${month})` : ""}`;
}

/**
 * A part of a whole given as exact decimal digits (main paths' search path counts, which pass
 * 2^53), as a percentage: "14.1%", "0.3%", "<0.1%"; computed in BigInt, never through Number's
 * rounding of the counts themselves. Empty when the whole is 0 or either is not digits.
 */
export function shareOf(partDigits: string, wholeDigits: string): string {
  if (!/^\d+$/.test(partDigits) || !/^\d+$/.test(wholeDigits) || /^0+$/.test(wholeDigits)) return "";
  const tenths = (BigInt(partDigits) * 1000n) / BigInt(wholeDigits);
  if (tenths === 0n && !/^0+$/.test(partDigits)) return "<0.1%";
  const whole = tenths / 10n;
  const rest = tenths % 10n;
  return `${whole.toLocaleString("en-US")}${whole < 10n && rest !== 0n ? `.${rest}` : ""}%`;
}

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/** A count too long to read digit by digit, in three figures: "6.08 × 10¹⁹"; up to 9 digits, grouped exactly. */
export function readableCount(digits: string): string {
  const m = /^0*(\d+)$/.exec(digits.trim());
  if (!m?.[1]) return digits;
  const d = m[1];
  if (d.length <= 9) return Number(d).toLocaleString("en-US");
  const exponent = String(d.length - 1)
    .split("")
    .map((c) => SUPERSCRIPT[Number(c)])
    .join("");
  return `${d[0]}.${d.slice(1, 3)} × 10${exponent}`;
}
