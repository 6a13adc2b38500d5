/**
 * Field-type mutations of structured records, for the importers' property tests: every path of a
 * JSON record, a hostile value of another type to put there (number, text, null, list, object,
 * boolean, a huge text, nesting 20,000 deep, control characters), the record's JSON text with the
 * value in place (written as text, so no recursive serialiser ever sees the deep value), and a
 * check that an imported page holds only well-typed, clean, bounded values.
 */
import fc from "fast-check";
import type { PaperPage, PaperRef } from "../../vocabulary/paper-page.ts";

export type JsonPath = (string | number)[];

/** Every path below the root of a JSON value, parents before children (found without recursion). */
export function pathsOf(value: unknown): JsonPath[] {
  const paths: JsonPath[] = [];
  const stack: { value: unknown; path: JsonPath }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop() as { value: unknown; path: JsonPath };
    if (path.length > 0) paths.push(path);
    if (Array.isArray(v)) v.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
    else if (typeof v === "object" && v !== null) for (const [k, item] of Object.entries(v)) stack.push({ value: item, path: [...path, k] });
  }
  return paths;
}

export function describePath(path: JsonPath): string {
  return path
    .map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`))
    .join("")
    .replace(/^\./, "");
}

/** A replacement value, as JSON text. */
export interface Hostile {
  kind: string;
  json: string;
}

const deepList = (n: number) => "[".repeat(n) + "]".repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);

export const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  fc.integer().map((n) => ({ kind: "integer", json: String(n) })),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => ({ kind: "number", json: JSON.stringify(n) })),
  fc.string({ maxLength: 30 }).map((s) => ({ kind: "text", json: JSON.stringify(s) })),
  fc.constant({ kind: "null", json: "null" }),
  fc.boolean().map((b) => ({ kind: "boolean", json: String(b) })),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }).map((a) => ({ kind: "list", json: JSON.stringify(a) })),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map((o) => ({ kind: "object", json: JSON.stringify(o) })),
  fc.constantFrom(
    { kind: "prototype keys", json: '{"__proto__":{"title":"polluted"},"constructor":{"name":1},"toString":2}' },
    { kind: "huge text", json: JSON.stringify("word ".repeat(60_000)) },
    { kind: "huge text past every bound", json: JSON.stringify("x".repeat(1_100_000)) },
    { kind: "deep list", json: deepList(20_000) },
    { kind: "deep object", json: deepObject(20_000) },
    { kind: "control characters", json: JSON.stringify("Esc\u001b[31mape\u0007 bell\u0000 nul\u009b csi") },
    { kind: "empty list", json: "[]" },
    { kind: "empty object", json: "{}" },
  ),
);

const MARK = "\u0001LINEAGE-MUTATION\u0001";

/** The record's JSON text with the value at `path` replaced by the hostile JSON. */
export function mutatedJson(record: unknown, path: JsonPath, replacement: Hostile): string {
  const copy = JSON.parse(JSON.stringify(record)) as unknown;
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last === undefined) throw new Error("a mutation needs a path below the root");
  parent[last] = MARK;
  const text = JSON.stringify(copy);
  const marker = JSON.stringify(MARK);
  const at = text.indexOf(marker);
  return text.slice(0, at) + replacement.json + text.slice(at + marker.length);
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** What is wrong with a page's values: types, control characters, unbounded titles. */
export function pageFaults(page: PaperPage, maxTitle: number): string[] {
  const faults: string[] = [];
  const text = (what: string, v: unknown, line = true) => {
    if (v === undefined) return;
    if (typeof v !== "string") faults.push(`${what} is ${typeof v}`);
    else if ((line ? CONTROL : CONTROL_BUT_NEWLINE).test(v)) faults.push(`${what} holds a control character`);
  };
  const int = (what: string, v: unknown) => {
    if (v !== undefined && !(Number.isSafeInteger(v) && (v as number) >= 0)) faults.push(`${what} is ${JSON.stringify(v)}`);
  };
  const ref = (what: string, r: PaperRef) => {
    for (const [k, v] of Object.entries(r.ids)) text(`${what}.ids.${k}`, v);
    text(`${what}.title`, r.title);
    if (typeof r.title === "string" && r.title.length > maxTitle) faults.push(`${what}.title has ${r.title.length} characters`);
    int(`${what}.year`, r.year);
    int(`${what}.citedByCount`, r.citedByCount);
    text(`${what}.url`, r.url);
    for (const [k, v] of Object.entries(r.attributes ?? {})) {
      const ok = typeof v === "string" || typeof v === "boolean" || Number.isFinite(v) || (Array.isArray(v) && v.every((x) => typeof x === "string"));
      if (!ok) faults.push(`${what}.attributes.${k} is ${JSON.stringify(v)}`);
    }
  };
  const { paper } = page;
  ref("paper", paper);
  if (!Array.isArray(paper.authors)) faults.push("paper.authors is not a list");
  else paper.authors.forEach((a, i) => text(`paper.authors[${i}]`, a));
  if (!Array.isArray(paper.categories)) faults.push("paper.categories is not a list");
  else paper.categories.forEach((c, i) => text(`paper.categories[${i}]`, c));
  text("paper.venue", paper.venue);
  text("paper.abstract", paper.abstract, false);
  text("paper.date", paper.date);
  if (paper.date !== undefined && !/^\d{4}(-\d{2}(-\d{2})?)?$/.test(paper.date)) faults.push(`paper.date is ${paper.date}`);
  page.buildsOn.forEach((r, i) => ref(`buildsOn[${i}]`, r));
  page.builtBy.forEach((r, i) => ref(`builtBy[${i}]`, r));
  int("facts.citedByCount", page.facts.citedByCount);
  int("facts.referencesTotal", page.facts.referencesTotal);
  page.warnings.forEach((w, i) => text(`warnings[${i}]`, w));
  return faults;
}
