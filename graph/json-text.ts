/**
 * JSON text made once for values that never change: a frozen paper brief is serialised when it
 * is made, and every answer that lists it (builds-on sets of thousands, paths, search results)
 * splices that text in instead of serialising the object again. `encodeJson` gives exactly what
 * `JSON.stringify` gives; it looks for the frozen values in arrays (at any depth) and in the
 * top-level object's fields, and hands everything else to `JSON.stringify`, which is faster at
 * objects it has to serialise anyway.
 */
const texts = new WeakMap<object, string>();

/**
 * Freezes `value` and remembers its JSON text. For flat objects (every field a primitive, as a
 * brief's are): freezing is shallow, and only then can neither the value nor its text change.
 */
export function frozenWithText<T extends object>(value: T): Readonly<T> {
  const frozen = Object.freeze(value);
  texts.set(frozen, JSON.stringify(frozen));
  return frozen;
}

/** Freezes `value` and everything in it, and remembers its JSON text (for nested values). */
export function deepFrozenWithText<T extends object>(value: T): Readonly<T> {
  deepFreeze(value);
  texts.set(value, JSON.stringify(value));
  return value;
}

/** The JSON text remembered for `value`, if any. */
export function textOf(value: object): string | undefined {
  return texts.get(value);
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  for (const field of Object.values(value)) deepFreeze(field);
  Object.freeze(value);
}

/** `JSON.stringify(value)`, reusing the text of values made by `frozenWithText`. */
export function encodeJson(value: unknown): string {
  return (holdsKnownText(value) ? encode(value, true) : JSON.stringify(value)) ?? "null";
}

/**
 * Whether walking is worth it: the value, one of its fields, or the first item of a field's list
 * (or of that list's first list) has known text. Either way the text is the same; this only
 * saves walking an answer such as a paper view, which holds none.
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

function encode(value: unknown, top = false): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value) as string | undefined;
  const known = texts.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i > 0 ? "," : "") + (encode(value[i]) ?? "null");
    return out + "]";
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!top || (proto !== Object.prototype && proto !== null) || typeof (value as { toJSON?: unknown }).toJSON === "function") return JSON.stringify(value);
  let out = "{";
  let first = true;
  for (const key of Object.keys(value)) {
    const text = encode((value as Record<string, unknown>)[key]);
    if (text === undefined) continue;
    out += (first ? "" : ",") + JSON.stringify(key) + ":" + text;
    first = false;
  }
  return out + "}";
}
