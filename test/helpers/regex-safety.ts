/**
 * Regular expressions that take super-linear time on the text they were given (issue 29). scslre
 * (the analysis eslint-plugin-regexp's `no-super-linear-*` rules run) tells which characters,
 * repeated, make an expression backtrack polynomially (`\S+@\S+` on a word of letters) or fail at
 * every start position (`\s+$` on a megabyte of spaces); the work each start position can cost
 * is the length of the run of those characters in the text. So an expression is unsafe on the
 * texts it searched when they hold a long run of its attack characters: a super-linear pattern
 * that only ever sees capture lines, whose spaces are collapsed, costs at most a step per space.
 * Used on the expressions the work meter saw search long texts (test/helpers/work-meter.ts).
 */
import { analyse } from "scslre";

/** Runs of attack characters this long make a super-linear expression's cost grow with the text. */
export const MAX_SAFE_RUN = 256;

export interface UnsafeRegex {
  pattern: string;
  why: string;
  run: number;
}

const analysed = new Map<string, ReturnType<typeof analyse>["reports"]>();

function reportsOf(re: RegExp): ReturnType<typeof analyse>["reports"] {
  const key = `/${re.source}/${re.flags}`;
  let reports = analysed.get(key);
  if (!reports) {
    try {
      reports = analyse({ source: re.source, flags: re.flags.replace(/[dgv]/g, "") }).reports;
    } catch {
      reports = []; // a pattern scslre cannot parse (a newer syntax) is not judged
    }
    analysed.set(key, reports);
  }
  return reports;
}

/** The longest run, in any of the texts, of characters the set holds. */
function longestRun(texts: readonly string[], has: (cp: number) => boolean): number {
  let best = 0;
  for (const text of texts) {
    let run = 0;
    for (const ch of text) {
      if (has(ch.codePointAt(0) ?? 0)) best = Math.max(best, ++run);
      else run = 0;
    }
  }
  return best;
}

/** How `re` is super-linear on `texts`, or undefined when it is not (or only on short runs). */
export function unsafeOn(re: RegExp, texts: readonly string[]): UnsafeRegex | undefined {
  for (const report of reportsOf(re)) {
    const run = longestRun(texts, (cp) => report.character.set.has(cp));
    if (run < MAX_SAFE_RUN) continue;
    const how = report.type === "Move" ? "fails at every start position of" : "backtracks polynomially on";
    return {
      pattern: `/${re.source.length > 120 ? `${re.source.slice(0, 120)}…` : re.source}/${re.flags}`,
      why: `${how} a run of ${JSON.stringify(report.character.pick)} (${run.toLocaleString("en")} long here)`,
      run,
    };
  }
  return undefined;
}
