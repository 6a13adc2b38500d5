/**
 * Reading the JSON a structured source was saved as: one document (an object or an array), or
 * JSON Lines (one document per line, as bulk exports come). Pure.
 */

export interface JsonValue {
  value: unknown;
  /** Line of a JSON Lines document; undefined for a whole-file document. */
  line?: number;
}

export function readJsonValues(text: string): { values: JsonValue[]; problems: { line?: number; reason: string }[] } {
  const body = text.replace(/^\uFEFF/, "");
  try {
    return { values: [{ value: JSON.parse(body) }], problems: [] };
  } catch (whole) {
    const lines = body.split(/\r?\n/);
    const nonEmpty = lines.filter((l) => l.trim());
    if (nonEmpty.length < 2 || !nonEmpty.every((l) => /^\s*[[{]/.test(l))) {
      return { values: [], problems: [{ reason: `not JSON (${(whole as Error).message})` }] };
    }
    const values: JsonValue[] = [];
    const problems: { line?: number; reason: string }[] = [];
    lines.forEach((l, i) => {
      if (!l.trim()) return;
      try {
        values.push({ value: JSON.parse(l), line: i + 1 });
      } catch (err) {
        problems.push({ line: i + 1, reason: `line ${i + 1}: not JSON (${(err as Error).message})` });
      }
    });
    return { values, problems };
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
