/**
 * Encoded answers kept for the next client who asks the same thing of the same database: keyed
 * by the database, the commit the answer was made at and the request, so that a commit (an
 * ingest, an expand, a page's figures changed) leaves the old answers unreachable and they age
 * out. Least recently used answers go first once the kept bytes pass the budget; an answer
 * larger than a quarter of the budget is not kept.
 */
import type { EncodedAnswer } from "./encoded-answer.ts";

export const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

export class AnswerCache {
  private readonly answers = new Map<string, EncodedAnswer>();
  private bytes = 0;

  constructor(private readonly budgetBytes = ANSWER_CACHE_BYTES) {}

  /** Whether it keeps anything at all (a budget of 0 keeps nothing, as the benchmarks run). */
  get keeps(): boolean {
    return this.budgetBytes > 0;
  }

  /** `commit`: which commit the answer was made at (library/graph-session.ts `commitKey`). */
  static key(dbPath: string, commit: string, pathname: string, query: URLSearchParams): string {
    const sorted = [...query].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
    return `${dbPath}\n${commit}\n${pathname}?${new URLSearchParams(sorted).toString()}`;
  }

  get(key: string): EncodedAnswer | undefined {
    const answer = this.answers.get(key);
    if (answer) {
      // Most recently used last.
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: EncodedAnswer): void {
    const size = sizeOf(answer);
    if (answer.status !== 200 || size > this.budgetBytes / 4) return;
    const old = this.answers.get(key);
    if (old) this.bytes -= sizeOf(old);
    this.answers.delete(key);
    this.answers.set(key, answer);
    this.bytes += size;
    for (const [k, a] of this.answers) {
      if (this.bytes <= this.budgetBytes) break;
      this.answers.delete(k);
      this.bytes -= sizeOf(a);
    }
  }

  get size(): number {
    return this.answers.size;
  }
}

function sizeOf(a: EncodedAnswer): number {
  return a.json.length + (a.gzip?.length ?? 0);
}
