/** Small helpers every benchmark shares: seeded sampling, percentiles, the machine, timing. */
import { cpus, loadavg, totalmem } from "node:os";
import { seededRandom } from "../graph/layout.ts";

export { seededRandom };

/** The value at quantile q (0..1) of the samples, nearest rank. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}

/** The middle sample (nearest rank: of an even count, the lower middle). */
export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

export interface Spread {
  n: number;
  median: number;
  p99: number;
  max: number;
}

export function spread(samples: readonly number[]): Spread {
  return { n: samples.length, median: median(samples), p99: quantile(samples, 0.99), max: quantile(samples, 1) };
}

/** Runs `fn` and returns its result with the elapsed milliseconds. */
export function timed<T>(fn: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = fn();
  return { value, ms: performance.now() - t0 };
}

export function machine(): { cpus: string; memoryGiB: number; node: string; loadAverage: number[] } {
  return {
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export function mib(bytes: number): number {
  return Math.round((bytes / 2 ** 20) * 10) / 10;
}

/** Figures for the record: three significant digits, ms below 1 kept to three decimals. */
export function fmt(value: number, digits = 3): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return "0";
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const decimals = Math.max(0, digits - 1 - magnitude);
  return value.toFixed(Math.min(decimals, 4));
}
