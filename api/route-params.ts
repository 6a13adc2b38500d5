/**
 * The kinds of parameter a route declares (api/endpoints.ts), each with how it is written into a
 * URL and read back from one: a path segment (`{ref}` in `/api/papers/{ref}`) or a query
 * parameter, validated against api/limits.ts, with one message per way a value can be wrong.
 * Declaring a parameter once gives both directions, so the explorer never writes a URL the server
 * reads otherwise.
 */
import { EndpointError } from "./endpoint-error.ts";
import { MAX_PARAM_LENGTH } from "./limits.ts";

/** A required text: a path segment (decoded, at most MAX_PARAM_LENGTH) or a query value that is not blank. */
export interface TextParam {
  kind: "text";
  /** What it is, for messages ("paper reference"). */
  what: string;
}
/** A query value that may be absent: null then (and when blank). */
export interface OptionalParam {
  kind: "optional";
}
/** A whole number within bounds; `fallback` when absent (left out of URLs when `omitFallback`). */
export interface IntParam {
  kind: "int";
  fallback: number;
  min: number;
  max: number;
  omitFallback?: boolean;
  /** The name in the URL, when it is not the parameter's. */
  name?: string;
}
/** A whole number within bounds, or null when absent. */
export interface OptionalIntParam {
  kind: "optionalInt";
  min: number;
  max: number;
}
/** 0 or 1 (`true`, `false`); false when absent, and left out of URLs. */
export interface FlagParam {
  kind: "flag";
}
/** A repeated query parameter (`seed=a&seed=b`), at most `max` of them; `required` refuses none. */
export interface ManyParam {
  kind: "many";
  name: string;
  max: number;
  required?: boolean;
}
/** One of a few words, `fallback` when absent. */
export interface ChoiceParam<V extends string = string> {
  kind: "choice";
  values: readonly V[];
  fallback: V;
}
/** A path segment that is one of a few words, each standing for a value (`builds-on` for buildsOn). */
export interface SegmentParam<V extends string = string> {
  kind: "segment";
  segments: Readonly<Record<string, V>>;
}

export type Param = TextParam | OptionalParam | IntParam | OptionalIntParam | FlagParam | ManyParam | ChoiceParam | SegmentParam;

/** The value a parameter reads as. */
export type ParamValue<P> = P extends TextParam
  ? string
  : P extends OptionalParam
    ? string | null
    : P extends IntParam
      ? number
      : P extends OptionalIntParam
        ? number | null
        : P extends FlagParam
          ? boolean
          : P extends ManyParam
            ? readonly string[]
            : P extends ChoiceParam<infer V>
              ? V
              : P extends SegmentParam<infer V>
                ? V
                : never;

export type ParamValues<Ps> = { [K in keyof Ps]: ParamValue<Ps[K]> };

export const text = (what: string): TextParam => ({ kind: "text", what });
export const optional = (): OptionalParam => ({ kind: "optional" });
export const int = (fallback: number, min: number, max: number, more: { name?: string; omitFallback?: boolean } = {}): IntParam => Object.assign({ kind: "int" as const, fallback, min, max }, more);
export const optionalInt = (min: number, max: number): OptionalIntParam => ({ kind: "optionalInt", min, max });
export const flag = (): FlagParam => ({ kind: "flag" });
export const many = (name: string, max: number, required = false): ManyParam => ({ kind: "many", name, max, required });
export const choice = <V extends string>(values: readonly V[], fallback: V): ChoiceParam<V> => ({ kind: "choice", values, fallback });
export const segment = <V extends string>(segments: Readonly<Record<string, V>>): SegmentParam<V> => ({ kind: "segment", segments });

/** The regular expression a path segment of this kind matches (before decoding). */
export function segmentPattern(param: Param): string {
  if (param.kind === "segment") return `(${Object.keys(param.segments).join("|")})`;
  if (param.kind === "int") return String.raw`(\d{1,9})`;
  return "([^/]+)";
}

/** A path segment as a value; throws EndpointError (400) for a segment that does not read. */
export function readSegment(param: Param, raw: string): unknown {
  if (param.kind === "segment") return param.segments[raw];
  if (param.kind === "int") return Number(raw);
  const what = param.kind === "text" ? param.what : "path segment";
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    throw new EndpointError(`${what} is not valid URL encoding`);
  }
  if (value.length > MAX_PARAM_LENGTH) throw new EndpointError(`${what} is too long`);
  return value;
}

/** A value as a path segment. */
export function writeSegment(param: Param, value: unknown): string {
  if (param.kind === "segment") {
    const found = Object.entries(param.segments).find(([, v]) => v === value);
    if (!found) throw new Error(`no path segment for ${String(value)}`);
    return found[0];
  }
  return encodeURIComponent(String(value));
}

/** A query parameter's value; throws EndpointError (400) with the reason. */
export function readQuery(param: Param, key: string, q: URLSearchParams): unknown {
  switch (param.kind) {
    case "text": {
      const v = q.get(key);
      if (!v || !v.trim()) throw new EndpointError(`missing parameter ${key}`);
      return v;
    }
    case "optional":
      return q.get(key)?.trim() || null;
    case "int":
      return wholeNumber(q, param.name ?? key, param.fallback, param.min, param.max);
    case "optionalInt":
      return q.has(key) ? wholeNumber(q, key, 0, param.min, param.max) : null;
    case "flag": {
      const raw = q.get(key);
      if (raw !== null && !["0", "1", "true", "false"].includes(raw)) throw new EndpointError(`${key} must be 0 or 1`);
      return raw === "1" || raw === "true";
    }
    case "many": {
      const all = q.getAll(param.name);
      if (all.length > param.max) throw new EndpointError(`at most ${param.max} ${param.name}s`);
      if (param.required && all.length === 0) throw new EndpointError(`missing parameter ${param.name}`);
      return all;
    }
    case "choice": {
      const raw = q.get(key) ?? param.fallback;
      if (!param.values.includes(raw)) throw new EndpointError(`${key} must be ${param.values.join(" or ")}`);
      return raw;
    }
    case "segment":
      throw new Error(`${key}: a segment parameter is read from the path`);
  }
}

/** Adds a value to a URL's query as the server reads it back (absent values and defaults left out where the kind says). */
export function writeQuery(param: Param, key: string, value: unknown, q: URLSearchParams): void {
  switch (param.kind) {
    case "optional":
    case "optionalInt":
      if (value !== null && value !== undefined && value !== "") q.set(key, String(value));
      return;
    case "flag":
      if (value === true) q.set(key, "1");
      return;
    case "int":
      if (!(param.omitFallback && value === param.fallback)) q.set(param.name ?? key, String(value));
      return;
    case "many":
      for (const v of value as readonly string[]) q.append(param.name, v);
      return;
    default:
      q.set(key, String(value));
  }
}

function wholeNumber(q: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = q.get(name);
  if (raw === null) return fallback;
  if (!/^-?\d{1,6}$/.test(raw)) throw new EndpointError(`${name} must be a whole number from ${min} to ${max}`);
  const n = Number(raw);
  if (n < min || n > max) throw new EndpointError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}
