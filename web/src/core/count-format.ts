/**
 * Numbers as the explorer writes them, with a comma between thousands ("19,267"), as
 * `toLocaleString("en-US")` does, without Intl: a page's first Intl number format loads ICU's
 * locale data on the main thread, in whatever task first asks (on AAN, the task that shows the
 * loaded map's counts; issue 25).
 */

/** `n` with commas between thousands and at most three decimals, as en-US writes it. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? "∞" : n < 0 ? "-∞" : "NaN";
  const rounded = Number.isInteger(n) ? Math.abs(n) : Math.round(Math.abs(n) * 1000) / 1000;
  const [whole = "0", fraction] = String(rounded).split(".");
  let grouped = "";
  for (let i = 0; i < whole.length; i++) grouped += (i > 0 && (whole.length - i) % 3 === 0 ? "," : "") + whole[i];
  const sign = n < 0 && rounded !== 0 ? "-" : "";
  return `${sign}${grouped}${fraction ? `.${fraction}` : ""}`;
}
