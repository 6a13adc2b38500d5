/**
 * JSON text made once for values that never change: a frozen paper brief is serialised when it
 * is made, and every answer that lists it (builds-on sets of thousands, paths, search results)
 * splices that text in instead of serialising the object again. `encodeJson` gives exactly what
 * `JSON.stringify` gives; it looks for the frozen values in arrays (at any depth) and in the
 * top-level object's fields, and hands everything else to `JSON.stringify`, which is faster at
 * objects it has to serialise anyway. `encodeJsonBody` also gives the text's length in UTF-8
 * bytes, added up from the pieces, for the server's Content-Length.
 */

/** A JSON text with its length in UTF-8 bytes (what a Content-Length counts). */
export interface JsonBody {
  text: string;
  bytes: number;
}
/** The known text of each value made by frozenWithText. */
const texts = new WeakMap<object, JsonBody>();

/**
 * Freezes `value` and remembers its JSON text. For flat objects (every field a primitive, as a
 * brief's are): freezing is shallow, and only then can neither the value nor its text change.
 */
export function frozenWithText<T extends object>(value: T): Readonly<T> {
  const frozen = Object.freeze(value);
  const text = JSON.stringify(frozen);
  texts.set(frozen, { text, bytes: Buffer.byteLength(text) });
  return frozen;
}

/** `JSON.stringify(value)`, reusing the text of values made by `frozenWithText`. */
export function encodeJson(value: unknown): string {
  return encodeJsonBody(value).text;
}

/**
 * `encodeJson` with the text's length in UTF-8 bytes, added up from its pieces (the known ones
 * measured once) rather than by measuring the whole text: an answer spliced from a thousand
 * pieces is a deep rope of strings, and measuring it flattens it first.
 */
export function encodeJsonBody(value: unknown): JsonBody {
  if (!holdsKnownText(value)) {
    const text = JSON.stringify(value) ?? "null";
    return { text, bytes: Buffer.byteLength(text) };
  }
  const count = { bytes: 0 };
  return { text: encode(value, count, true) ?? "null", bytes: count.bytes };
}

/**
 * Whether walking is worth it: the value, one of its fields, or the first item of a field's list
 * (or of that list's first list) has known text. Either way the text is the same; this only
 * saves walking an answer that holds none.
 */
function holdsKnownText(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (texts.has(value)) return true;
  for (const field of Array.isArray(value) ? [value] : Object.values(value)) {
    if (field === null || typeof field !== "object") continue;
    if (texts.has(field)) return true;
    const first: unknown = Array.isArray(field) ? field[0] : undefined;
    if (first !== null && typeof first === "object" && (texts.has(first) || (Array.isArray(first) && texts.has(first[0] as object)))) return true;
  }
  return false;
}

/** The text of `value` as JSON.stringify would give it; `count.bytes` grows by its UTF-8 length. */
function encode(value: unknown, count: { bytes: number }, top = false): string | undefined {
  if (value === null || typeof value !== "object") return stringified(value, count);
  const known = texts.get(value);
  if (known !== undefined) {
    count.bytes += known.bytes;
    return known.text;
  }
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i > 0 ? "," : "") + (encode(value[i], count) ?? stringified(null, count));
    count.bytes += 1 + Math.max(1, value.length);
    return out + "]";
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!top || (proto !== Object.prototype && proto !== null) || typeof (value as { toJSON?: unknown }).toJSON === "function") return stringified(value, count);
  let out = "{";
  let first = true;
  for (const key of Object.keys(value)) {
    const text = encode((value as Record<string, unknown>)[key], count);
    if (text === undefined) continue;
    const name = JSON.stringify(key);
    count.bytes += Buffer.byteLength(name) + (first ? 1 : 2);
    out += (first ? "" : ",") + name + ":" + text;
    first = false;
  }
  count.bytes += 2;
  return out + "}";
}

/** `JSON.stringify(value)`, its UTF-8 length added to `count.bytes`. */
function stringified(value: unknown, count: { bytes: number }): string | undefined {
  const text = JSON.stringify(value) as string | undefined;
  if (text !== undefined) count.bytes += Buffer.byteLength(text);
  return text;
}
