/**
 * When to try again: exponential backoff with jitter after a 5xx or a network error ("full
 * jitter" halved: base·2^attempt·[0.5, 1.5)), and the wait a server asks for in `Retry-After`
 * (seconds, or an HTTP date). Pure; the random source is the crawler's seeded one.
 */

export const MAX_BACKOFF_MS = 60_000;

export function backoffDelay(attempt: number, baseMs: number, random: () => number): number {
  const exp = baseMs * 2 ** Math.max(0, attempt);
  return Math.min(MAX_BACKOFF_MS, Math.round(exp * (0.5 + random())));
}

/** Milliseconds to wait, from a Retry-After header; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const s = header.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  const at = Date.parse(s);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** A seeded uniform source in [0, 1) (graph/layout.ts's mulberry32), so that jitter is repeatable in tests. */
export { seededRandom } from "../graph/layout.ts";
