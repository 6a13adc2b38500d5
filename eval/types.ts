/** What an evaluation (eval/*.ts, run by eval/run.ts) gets and gives back. */

export interface EvalContext {
  /** The shared data folder (`../shared/data` beside the repository, or LINEAGE_SHARED_DATA). */
  sharedData: string;
  /** The options after the evaluation's name, as given (--json FILE is taken by eval/run.ts). */
  args: string[];
  log: (line: string) => void;
}

export interface EvalReport {
  name: string;
  date: string;
  /** The lines printed for a reader. */
  text: string;
  /** Machine-readable figures, written with --json FILE. */
  figures: unknown;
}

export type Evaluation = (ctx: EvalContext) => Promise<EvalReport> | EvalReport;
