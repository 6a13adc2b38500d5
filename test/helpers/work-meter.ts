/**
 * Work counted without a clock (issue 29): while `measureWork` runs a synchronous function, the
 * built-in string, regular-expression and array operations are wrapped so that each charges the
 * characters or items it handles: a scan (`indexOf`, `split`, `trim`, `toLowerCase`, a regular
 * expression's search) the text it scans, a copy (`slice`, `concat`, a spread) what it copies, a
 * character read (`charCodeAt`) one. The total grows with the input for a linear reader, and with
 * its square for one that re-scans or re-copies what it read, whatever the machine's load: the same
 * input always costs the same count. What it cannot see is backtracking inside one regular
 * expression's match, so every expression that searched a long text is also returned, to be
 * checked for super-linear backtracking (test/helpers/regex-safety.ts).
 */

export interface Work {
  /** Characters and items handled by built-in operations. */
  steps: number;
  /** Each regular expression that searched a text longer than `longText`, with the longest such texts (at most 8). */
  longSubjects: Map<RegExp, string[]>;
}

type AnyFn = (this: unknown, ...args: unknown[]) => unknown;

/** Texts shorter than this are bounded by the readers (a line, a name): their expressions are not reported. */
export const LONG_TEXT = 2_000;

interface Patch {
  target: object;
  key: string | symbol;
  original: unknown;
}

const len = (v: unknown): number => (typeof v === "string" || Array.isArray(v) ? v.length : 0);

export function measureWork<T>(run: () => T, longText = LONG_TEXT): { result: T; work: Work } {
  const work: Work = { steps: 0, longSubjects: new Map() };
  const patches: Patch[] = [];
  // The meter's own bookkeeping is not charged (it runs as if inside a built-in).
  const keepSubject = (re: RegExp, subject: string) => {
    inside++;
    try {
      const kept = work.longSubjects.get(re) ?? [];
      if (kept.includes(subject)) return;
      kept.push(subject);
      kept.sort((a, b) => b.length - a.length);
      if (kept.length > 8) kept.length = 8;
      work.longSubjects.set(re, kept);
    } finally {
      inside--;
    }
  };
  let inside = 0;
  /**
   * `leaf`: a built-in that calls no code of ours, charged once even when it calls another built-in
   * (split calling exec). A built-in that takes a callback (map, forEach) is charged for its items
   * and the callback's own work is charged as it runs.
   */
  const wrap = (target: object, key: string | symbol, cost: (self: unknown, args: unknown[], result: unknown) => number, leaf = true) => {
    const original = (target as Record<string | symbol, AnyFn>)[key];
    if (typeof original !== "function") return;
    patches.push({ target, key, original });
    const wrapped = leaf
      ? function (this: unknown, ...args: unknown[]) {
          inside++;
          let result: unknown;
          try {
            result = original.apply(this, args);
          } finally {
            inside--;
          }
          if (inside === 0) work.steps += cost(this, args, result);
          return result;
        }
      : function (this: unknown, ...args: unknown[]) {
          if (inside === 0) work.steps += cost(this, args, undefined);
          return original.apply(this, args);
        };
    Object.defineProperty(target, key, { value: wrapped, writable: true, configurable: true });
  };
  const S = String.prototype;
  const scan = (self: unknown) => len(String(self));
  // A search from a position scans from there to what it finds (or to the end).
  wrap(S, "indexOf", (self, args, result) => {
    const from = Math.max(0, Number(args[1] ?? 0) || 0);
    return 1 + ((result as number) >= 0 ? (result as number) + len(args[0]) : scan(self)) - Math.min(from, scan(self));
  });
  wrap(S, "lastIndexOf", (self, args, result) => {
    const from = args[1] === undefined ? scan(self) : Math.min(scan(self), Number(args[1]) || 0);
    return 1 + from - Math.max(0, result as number);
  });
  wrap(S, "includes", (self, args) => 1 + scan(self) - Math.min(scan(self), Math.max(0, Number(args[1] ?? 0) || 0)));
  for (const k of ["split", "trim", "trimStart", "trimEnd", "toLowerCase", "toUpperCase", "normalize", "localeCompare", "padStart", "padEnd", "repeat"]) {
    wrap(S, k, (self, _args, result) => Math.max(scan(self), len(result)));
  }
  for (const k of ["slice", "substring", "substr", "concat", "at"]) wrap(S, k, (_self, _args, result) => 1 + len(result));
  for (const k of ["startsWith", "endsWith"]) wrap(S, k, (_self, args) => 1 + len(args[0]));
  for (const k of ["charCodeAt", "codePointAt", "charAt"]) wrap(S, k, () => 1);
  // Regular expressions: every search goes through exec (test, match, replace, split, matchAll).
  // A search from `start` scans to the end of its match, or of the text when it fails; a sticky
  // one (split's) looks only at `start`.
  const subjectCost = (re: RegExp, subject: string, start: number, result: unknown): number => {
    if (subject.length > longText) keepSubject(re, subject);
    const m = result as RegExpExecArray | null;
    if (m) return 1 + m.index + m[0].length - start;
    return 1 + (re.sticky ? 0 : subject.length - start);
  };
  const R = RegExp.prototype;
  const execOriginal = R.exec;
  patches.push({ target: R, key: "exec", original: execOriginal });
  Object.defineProperty(R, "exec", {
    value: function (this: RegExp, subject: string) {
      const text = String(subject);
      const start = this.global || this.sticky ? this.lastIndex : 0;
      const result = execOriginal.call(this, text);
      const cost = subjectCost(this, text, start, result);
      if (inside === 0) work.steps += cost;
      return result;
    },
    writable: true,
    configurable: true,
  });
  const A = Array.prototype;
  for (const k of ["indexOf", "lastIndexOf", "includes", "join", "reverse", "shift", "unshift", "fill", "flat"]) wrap(A, k, (self) => 1 + len(self));
  // splice moves what follows the removed items, and copies what it removes and inserts.
  wrap(A, "splice", (self, args, result) => {
    const length = len(self) + len(result) - Math.max(0, args.length - 2);
    const start = Number(args[0] ?? 0) || 0;
    const from = start < 0 ? Math.max(0, length + start) : Math.min(start, length);
    return 1 + len(result) + Math.max(0, args.length - 2) + Math.max(0, length - from - len(result));
  });
  for (const k of ["sort", "find", "findIndex", "findLast", "some", "every", "filter", "map", "forEach", "reduce", "flatMap"]) wrap(A, k, (self) => 1 + len(self), false);
  for (const k of ["slice", "concat"]) wrap(A, k, (_self, _args, result) => 1 + len(result));
  wrap(A, "push", (_self, args) => args.length);
  // Spreads and for…of over arrays: each item taken from an array iterator is a step.
  const iteratorProto = Object.getPrototypeOf([][Symbol.iterator]()) as object;
  wrap(iteratorProto, "next", () => 1);
  for (const k of ["entries", "keys", "values"]) wrap(Object, k, (_self, args) => 1 + (args[0] && typeof args[0] === "object" ? Object.getOwnPropertyNames(args[0]).length : 0));
  try {
    const result = run();
    return { result, work };
  } finally {
    for (const p of patches.reverse()) Object.defineProperty(p.target, p.key, { value: p.original, writable: true, configurable: true });
  }
}
