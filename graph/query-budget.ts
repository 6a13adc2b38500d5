/**
 * A time budget for one graph query, so that a path, closure or main path over millions of
 * citations returns or stops cleanly instead of holding the server (issue 6). The model is
 * datasette's `sql_time_limit_ms`: the query is interrupted and the user told which limit it hit.
 * Algorithms call `tick()` once per unit of work; the clock is read every 1024 ticks.
 */

export class QueryBudgetExceeded extends Error {
  constructor(readonly limitMs: number) {
    super(`the query took longer than its ${limitMs} ms budget; ask a narrower question (a smaller depth, closer papers, or seed papers)`);
  }
}

export interface QueryBudget {
  tick(): void;
}

/** No limit: the CLI and the library default. */
export const UNBOUNDED: QueryBudget = { tick: () => undefined };

export function timeBudget(limitMs: number, now: () => number = () => performance.now()): QueryBudget {
  const deadline = now() + limitMs;
  let ticks = 0;
  return {
    tick() {
      if ((++ticks & 1023) === 0 && now() > deadline) throw new QueryBudgetExceeded(limitMs);
    },
  };
}
