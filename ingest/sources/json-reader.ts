/**
 * The one reader of untrusted JSON every importer in this folder uses (issue 17): a record (what a
 * file or an API answer says one paper is) is first checked, without recursion, for its nesting
 * depth and number of values (JSON_LIMITS); then each field Lineage needs is read by type: text,
 * a whole number in a range, true/false, an object, a list. A field that holds another type is
 * noted as an issue naming its path (`authors[1].name: expected text, found a number (5)`), and the
 * importer rejects the record with its file and position; an absent or null field is just absent.
 * Only own properties are read, so `__proto__`, `constructor` or `toString` are never inherited
 * values. Pure.
 */

export const JSON_LIMITS = {
  /** Levels of lists and objects in one record (real S2 and OpenAlex records have about 6). */
  maxDepth: 32,
  /** Values in one record (a paper with 10,000 citations has about 150,000). */
  maxValues: 1_000_000,
  /** Characters of one text field (an abstract has a few thousand). */
  maxTextChars: 1_000_000,
} as const;

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const count = (n: number) => n.toLocaleString("en");

/** What a value is, for a message: `a number (5)`, `text ("abc")`, `a list`, `an object`. */
export function found(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  switch (typeof v) {
    case "string":
      return `text (${JSON.stringify(v.length > 24 ? `${v.slice(0, 24)}…` : v)})`;
    case "number":
      return `a number (${v})`;
    case "boolean":
      return String(v);
    case "object":
      return "an object";
    default:
      return typeof v;
  }
}

/**
 * Why a value is too deep or too large to be one record, or undefined; a record's field that is
 * nested too deep is named. Iterative (an explicit stack), so a value nested 20,000 levels deep is
 * measured, not recursed into.
 */
export function shapeProblem(value: unknown, limits: { maxDepth: number; maxValues: number } = JSON_LIMITS): string | undefined {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  /** The record's field each value is under (undefined for the record and for a list's items). */
  const fields: (string | undefined)[] = [undefined];
  let seen = 0;
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop() ?? 0;
    const field = fields.pop();
    if (++seen > limits.maxValues) return `more than ${count(limits.maxValues)} values in one record`;
    if (typeof v !== "object" || v === null) continue;
    if (depth >= limits.maxDepth) return `${field !== undefined ? `${field}: ` : ""}nested more than ${limits.maxDepth} levels deep`;
    const entries: [string | undefined, unknown][] = Array.isArray(v) ? v.map((x) => [field, x]) : Object.entries(v).map(([k, x]) => [depth === 0 ? k : field, x]);
    for (const [f, child] of entries) {
      values.push(child);
      depths.push(depth + 1);
      fields.push(f);
    }
  }
  return undefined;
}

/** A path inside a record, for messages: `authors[1].name`. */
function join(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** One JSON object's fields, read by type; issues are shared by every reader of one record. */
export class JsonFields {
  private constructor(
    private readonly fields: JsonObject,
    readonly path: string,
    readonly issues: string[],
  ) {}

  /** A record: its shape checked first, then it must be an object. */
  static record(value: unknown): JsonFields | { reason: string } {
    const shape = shapeProblem(value);
    if (shape) return { reason: shape };
    return JsonFields.part(value);
  }

  /**
   * A page of records (an API's answer): its own fields' shape checked, the items of its
   * `listKey` list left to be checked one by one (`record`), so that one nested or oversized
   * item is refused alone and its neighbours kept.
   */
  static envelope(value: unknown, listKey: string): JsonFields | { reason: string } {
    if (!isObject(value)) return { reason: `expected an object, found ${found(value)}` };
    const limits = { maxDepth: JSON_LIMITS.maxDepth - 1, maxValues: JSON_LIMITS.maxValues };
    for (const [key, v] of Object.entries(value)) {
      if (key === listKey && Array.isArray(v)) {
        if (v.length > limits.maxValues) return { reason: `${key}: more than ${count(limits.maxValues)} items` };
        continue;
      }
      const shape = shapeProblem(v, limits);
      if (shape) return { reason: `${key}: ${shape}` };
    }
    return new JsonFields(value, "", []);
  }

  /** A part of a record whose shape was checked, read with issues of its own (a list entry). */
  static part(value: unknown, path = ""): JsonFields | { reason: string } {
    if (!isObject(value)) return { reason: `${path ? `${path}: ` : ""}expected an object, found ${found(value)}` };
    return new JsonFields(value, path, []);
  }

  /** The record's own value at `key` (undefined for absent and null). */
  raw(key: string): unknown {
    const v = Object.hasOwn(this.fields, key) ? this.fields[key] : undefined;
    return v === null ? undefined : v;
  }

  has(key: string): boolean {
    return this.raw(key) !== undefined;
  }

  keys(): string[] {
    return Object.keys(this.fields);
  }

  private wrong(key: string | number, expected: string, v: unknown): undefined {
    this.issues.push(`${join(this.path, key)}: expected ${expected}, found ${found(v)}`);
    return undefined;
  }

  private textValue(key: string | number, v: unknown): string | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string") return this.wrong(key, "text", v);
    if (v.length > JSON_LIMITS.maxTextChars) {
      this.issues.push(`${join(this.path, key)}: ${count(v.length)} characters, over the ${count(JSON_LIMITS.maxTextChars)} a field may hold`);
      return undefined;
    }
    return v;
  }

  text(key: string): string | undefined {
    return this.textValue(key, this.raw(key));
  }

  /** Text, or the first text of a list of them (citation-js gives a repeated field as a list). */
  firstText(key: string): string | undefined {
    const v = this.raw(key);
    if (!Array.isArray(v)) return this.textValue(key, v);
    const first = v.find((x) => x !== null);
    return first === undefined ? undefined : this.textValue(`${key}[0]` as string, first);
  }

  integer(key: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
    return this.integerValue(key, this.raw(key), min, max);
  }

  private integerValue(key: string | number, v: unknown, min: number, max: number): number | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
      return this.wrong(key, `a whole number from ${count(min)} to ${count(max)}`, v);
    }
    return v;
  }

  flag(key: string): boolean | undefined {
    const v = this.raw(key);
    if (v === undefined) return undefined;
    return typeof v === "boolean" ? v : this.wrong(key, "true or false", v);
  }

  /** Text, or a whole number given as text (S2 gives `CorpusId` either way). */
  textOrInteger(key: string): string | undefined {
    const v = this.raw(key);
    if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
    return typeof v === "number" ? this.wrong(key, "text or a whole number", v) : this.textValue(key, v);
  }

  /** A nested object, read with this record's issues. */
  object(key: string): JsonFields | undefined {
    const v = this.raw(key);
    if (v === undefined) return undefined;
    if (!isObject(v)) return this.wrong(key, "an object", v);
    return new JsonFields(v, join(this.path, key), this.issues);
  }

  /** A list's items, each with its path, unread. */
  list(key: string): { value: unknown; path: string }[] | undefined {
    const v = this.raw(key);
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) return this.wrong(key, "a list", v);
    const at = join(this.path, key);
    return v.map((value, i) => ({ value, path: join(at, i) }));
  }

  /** A list of texts (nulls skipped). */
  texts(key: string): string[] | undefined {
    const items = this.list(key);
    if (!items) return undefined;
    const out: string[] = [];
    items.forEach(({ value }, i) => {
      const t = this.textValue(`${key}[${i}]` as string, value);
      if (t !== undefined) out.push(t);
    });
    return out;
  }

  /** A list of whole numbers in a range (nulls skipped). */
  integers(key: string, min = 0, max = Number.MAX_SAFE_INTEGER): number[] | undefined {
    const items = this.list(key);
    if (!items) return undefined;
    const out: number[] = [];
    items.forEach(({ value }, i) => {
      const n = this.integerValue(`${key}[${i}]` as string, value, min, max);
      if (n !== undefined) out.push(n);
    });
    return out;
  }

  /** A list of objects, each read with this record's issues (nulls skipped). */
  objects(key: string): JsonFields[] | undefined {
    const items = this.list(key);
    if (!items) return undefined;
    const out: JsonFields[] = [];
    for (const { value, path } of items) {
      if (value === null) continue;
      if (isObject(value)) out.push(new JsonFields(value, path, this.issues));
      else this.issues.push(`${path}: expected an object, found ${found(value)}`);
    }
    return out;
  }
}

/** The issues of a record as one reason: the first, and how many more. */
export function issuesReason(issues: readonly string[]): string {
  const [first] = issues;
  return issues.length > 1 ? `${first} (and ${issues.length - 1} more)` : (first ?? "");
}
