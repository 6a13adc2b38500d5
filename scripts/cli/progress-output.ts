/**
 * `--progress`: long commands print how far they are as JSON lines on stderr
 * (`{"progress":{"step":"layout","done":20,"total":50,"label":"laying out 19,267 papers"}}`),
 * at most every 200 ms and at every new step, for the server's jobs (web/server/jobs.ts) and
 * scripts. Without it, nothing is printed.
 */
import { NO_PROGRESS, type Progress, type ProgressListener } from "../../library/progress.ts";
import type { CommandContext } from "./context.ts";

export function progressOf(ctx: CommandContext): ProgressListener {
  if (ctx.values.progress !== true) return NO_PROGRESS;
  let last: Progress | undefined;
  let printedAt = -Infinity;
  return (p) => {
    const now = performance.now();
    const finished = p.total > 0 && p.done >= p.total;
    if (last?.step === p.step && !finished && now - printedAt < 200) return;
    last = p;
    printedAt = now;
    ctx.err(JSON.stringify({ progress: p }));
  };
}
