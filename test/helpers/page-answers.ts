/**
 * What a page adapter or `parsePage` must answer whatever its input, as the property tests check
 * it: a page, or a refusal of a known kind (`REFUSALS` in vocabulary/paper-page.ts) with a one-line reason.
 * An exception is never an answer: the properties call the adapters bare, so a throw fails them.
 * `throwingOnHalf` and `throwingTable` inject that bug, and `expectInjectedCrash` checks that a
 * property run (fast-check's `fc.check`) failed on it, so each property is shown able to fail.
 */
import type fc from "fast-check";
import { expect } from "vitest";
import { AdapterCrash } from "../../ingest/adapter-crash.ts";
import type { AdapterTable, ParseResult } from "../../ingest/parse-page.ts";
import { REFUSALS, type AdapterResult, type PageAdapter, type PageAdapterFormat, type Refusal } from "../../vocabulary/paper-page.ts";

/** Non-blank, with no line break: what a report prints after the file's name. */
export function isOneLine(reason: unknown): boolean {
  return typeof reason === "string" && reason.trim() !== "" && !/[\r\n]/.test(reason);
}

/** A refusal of one of `kinds` (of any known kind by default) with a one-line reason. */
export function isRefusal(result: AdapterResult | ParseResult, kinds: readonly Refusal[] = REFUSALS): boolean {
  return !result.ok && kinds.includes(result.refusal) && isOneLine(result.reason);
}

/** What `throwingOnHalf` throws: a test tells it from any other failure. */
export class InjectedCrash extends Error {
  override readonly name = "InjectedCrash";
}

/** `adapter` with a bug: it throws on every input of odd length, about half of any arbitrary's. */
export function throwingOnHalf(adapter: PageAdapter): PageAdapter {
  return (text, origin) => {
    if (text.length % 2 === 1) throw new InjectedCrash(`injected crash on ${text.length} characters`);
    return adapter(text, origin);
  };
}

/** `table` with every adapter made `throwingOnHalf`. */
export function throwingTable(table: AdapterTable): AdapterTable {
  const entries = (Object.keys(table) as PageAdapterFormat[]).map((format) => [format, throwingOnHalf(table[format])]);
  return Object.fromEntries(entries) as AdapterTable;
}

/** The run failed, and on the injected crash (reached bare, or through parsePage's AdapterCrash). */
export function expectInjectedCrash<Ts>(run: fc.RunDetails<Ts>): void {
  expect(run.failed, "the property passed although the adapter throws").toBe(true);
  const thrown = run.errorInstance instanceof AdapterCrash ? run.errorInstance.cause : run.errorInstance;
  expect(thrown).toBeInstanceOf(InjectedCrash);
}
