/**
 * BibTeX files through citation-js (@citation-js/plugin-bibtex). A real file holds entries
 * written by many hands, some malformed, and one bad entry must not lose the rest, so the file
 * is cut into entries first (each `@type{` at the start of a line) and each is parsed alone;
 * a malformed one is reported with its line and key. One entry is one paper, with no edges; its
 * key, `shorttitle` and the `%` comments just before it are kept as what the record calls it
 * (`recordNames`, which search learns aliases from).
 */
import { plugins } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import type { RecordNaming, SourceProblem, SourceResult } from "./source-record.ts";
import { KeyAllocator, emptyResult, makeRecord, sourceName, titleKey } from "./source-record.ts";
import { pageFromCsl, type CslItem } from "./csl.ts";
import type { RecordName } from "../../vocabulary/paper-page.ts";

interface BibEntry {
  type: string;
  label: string;
  properties: Record<string, string>;
}

interface Chunk {
  line: number;
  kind: string;
  text: string;
  /** The `%` comment lines right before the entry ("% source: lm_eval/tasks/mmlu/README.md"). */
  comments: string[];
}

const ENTRY_START = /^\s*@\s*([A-Za-z]+)\s*[{(]/;

/**
 * The file cut at every line that starts an entry; text before the first entry is a comment. The
 * `%` lines just before an entry (no other line, not even a blank one, between) are kept with it
 * as its comments.
 */
export function splitBibtex(text: string): Chunk[] {
  const lines = text.split(/\r?\n/);
  const chunks: Chunk[] = [];
  let current: { line: number; kind: string; lines: string[]; comments: string[] } | undefined;
  let comments: string[] = [];
  lines.forEach((line, i) => {
    const m = ENTRY_START.exec(line);
    if (m?.[1]) {
      if (current) chunks.push({ line: current.line, kind: current.kind, text: current.lines.join("\n"), comments: current.comments });
      current = { line: i + 1, kind: m[1].toLowerCase(), lines: [line], comments };
      comments = [];
      return;
    }
    if (current) current.lines.push(line);
    const comment = /^\s*%+\s?(.*)$/.exec(line);
    if (comment) comments = [...comments.slice(-(MAX_COMMENTS - 1)), (comment[1] ?? "").trim()];
    else comments = [];
  });
  if (current) chunks.push({ line: current.line, kind: current.kind, text: current.lines.join("\n"), comments: current.comments });
  return chunks;
}

/** Comment lines kept before an entry. */
const MAX_COMMENTS = 3;

function parseEntries(text: string): BibEntry[] {
  return plugins.input.chain(text, { target: "@biblatex/entries+list", generateGraph: false, forceType: "@biblatex/text" }) as BibEntry[];
}

function toCsl(entry: BibEntry): CslItem | undefined {
  const items = plugins.input.chain([entry], { target: "@csl/list+object", generateGraph: false }) as CslItem[];
  return items[0];
}

/** citation-js's grammar error, re-based on the file's line numbers and said plainly. */
function describe(err: Error, chunk: Chunk, prefixLines: number): string {
  const first = err.message.split("\n")[0] ?? err.message;
  const at = /at line (\d+) col (\d+)/.exec(first);
  const where = at?.[1] ? ` at line ${chunk.line + Math.max(0, Number(at[1]) - 1 - prefixLines)} col ${at[2]}` : "";
  const head = chunk.text.split("\n")[0] ?? "";
  const key = /^\s*@\s*\w+\s*[{(][ \t]*([^,\s{}()]*)[ \t]*(,?)/.exec(head);
  let diagnosis = first.replace(/\s*at line \d+ col \d+:?.*$/, "");
  if (key && !key[1]) diagnosis = `entry has no citation key (${diagnosis})`;
  else if (key && !key[2] && /expected "comma"/.test(diagnosis)) diagnosis = `missing comma after the citation key (${diagnosis})`;
  return `malformed entry: ${diagnosis}${where}`;
}

function rawKey(chunk: Chunk): string | undefined {
  const m = /^\s*@\s*\w+\s*[{(][ \t]*([^,\s{}()]+)/.exec(chunk.text.split("\n")[0] ?? "");
  return m?.[1];
}

export function parseBibtex(text: string, file: string, name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  const chunks = splitBibtex(text.replace(/^\uFEFF/, ""));
  const strings = chunks.filter((c) => c.kind === "string").map((c) => c.text);
  const prefix = strings.length > 0 ? strings.join("\n") + "\n" : "";
  const prefixLines = prefix ? prefix.split("\n").length - 1 : 0;
  const keys = new KeyAllocator();
  for (const chunk of chunks) {
    if (chunk.kind === "string" || chunk.kind === "comment" || chunk.kind === "preamble") continue;
    const problem = (line: number, reason: string): SourceProblem => {
      const key = rawKey(chunk);
      return { path: file, line, ...(key ? { key } : {}), reason: `line ${line}${key ? ` (${key})` : ""}: ${reason}` };
    };
    let entries: BibEntry[];
    try {
      entries = parseEntries(prefix + chunk.text);
    } catch (err) {
      result.problems.push(problem(chunk.line, describe(err as Error, chunk, prefixLines)));
      continue;
    }
    if (entries.length === 0) {
      result.problems.push(problem(chunk.line, "malformed entry: nothing citation-js could read"));
      continue;
    }
    for (const entry of entries) {
      let item: CslItem | undefined;
      try {
        item = toCsl(entry);
      } catch (err) {
        result.problems.push(problem(chunk.line, `cannot convert entry: ${(err as Error).message.split("\n")[0]}`));
        continue;
      }
      const p = entry.properties;
      const made = item
        ? pageFromCsl("bibtex", item, {
            eprint: p.eprint,
            archivePrefix: p.archiveprefix ?? p.eprinttype,
            texts: [p.journal, p.howpublished, p.note, p.url].filter((t): t is string => Boolean(t)),
          })
        : { reason: "empty entry" };
      if ("reason" in made) {
        result.problems.push(problem(chunk.line, `entry ${made.reason}`));
        continue;
      }
      const recordNames: RecordName[] = [
        ...(entry.label ? [{ kind: "citation-key" as const, text: entry.label }] : []),
        ...(p.shorttitle ? [{ kind: "short-title" as const, text: p.shorttitle }] : []),
        ...chunk.comments.filter(Boolean).map((text) => ({ kind: "source-comment" as const, text })),
      ];
      if (recordNames.length > 0) made.page.paper.recordNames = recordNames;
      const key = keys.take(entry.label || titleKey(made.page.paper.title ?? "", made.page.paper.year));
      result.records.push(makeRecord(name("bibtex", file, key), made.page, { byteSize: Buffer.byteLength(chunk.text) }));
    }
  }
  if (chunks.length === 0 && text.trim()) result.problems.push({ path: file, reason: "no BibTeX entries (no line starts with @type{)" });
  return result;
}
