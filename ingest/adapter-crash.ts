/**
 * An exception out of a page adapter is a bug in Lineage, never a verdict on the page: `parsePage`
 * lets it propagate as an `AdapterCrash` that names the adapter, so that fuzz and property tests
 * fail on it. Only the edges that parse many inputs in one run (`lineage ingest`, the crawler)
 * catch it, per file or URL, report it with `internalErrorReason` and go on with the next input.
 */
import type { PageAdapterFormat } from "../vocabulary/paper-page.ts";

export class AdapterCrash extends Error {
  override readonly name = "AdapterCrash";

  constructor(
    readonly format: PageAdapterFormat,
    cause: unknown,
  ) {
    super(`the ${format} adapter threw: ${describe(cause)}`, { cause });
  }
}

/** Longest error text kept in a one-line report. */
const MAX_MESSAGE = 300;

/** What was thrown, as one line: the error's name (unless plain "Error") and message. */
function describe(thrown: unknown): string {
  let text: string;
  if (thrown instanceof Error) text = thrown.name && thrown.name !== "Error" ? `${thrown.name}: ${thrown.message}` : thrown.message;
  else if (typeof thrown === "string") text = thrown;
  else text = Object.prototype.toString.call(thrown);
  const line = text.replace(/\s+/g, " ").trim() || "no message";
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}

/**
 * The one-line report of an exception out of `parsePage`: "internal error in the html-page adapter:
 * TypeError: …; this is a bug". An exception from elsewhere in parsing (decoding, detection) is
 * reported the same way, without an adapter's name.
 */
export function internalErrorReason(err: unknown): string {
  if (err instanceof AdapterCrash) return `internal error in the ${err.format} adapter: ${describe(err.cause)}; this is a bug`;
  return `internal error while parsing the page: ${describe(err)}; this is a bug`;
}
