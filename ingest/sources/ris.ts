/**
 * RIS files (the tagged format reference managers export: `TY  - JOUR` … `ER  - `) through
 * citation-js (@citation-js/plugin-ris). Records are cut apart at their `TY` lines and parsed one
 * by one, so a malformed record is reported with its line and the others are kept. One record is
 * one paper, with no edges.
 */
import { plugins } from "@citation-js/core";
import "@citation-js/plugin-ris";
import { KeyAllocator, emptyResult, makeRecord, sourceName, titleKey, type RecordNaming, type SourceResult } from "./source-record.ts";
import { pageFromCsl, type CslItem } from "./csl.ts";

const TAG = /^([A-Z][A-Z0-9]) {2}-(?: (.*))?$/;

interface RisChunk {
  line: number;
  lines: string[];
  ended: boolean;
}

export function splitRis(text: string): { chunks: RisChunk[]; stray: number[] } {
  const chunks: RisChunk[] = [];
  const stray: number[] = [];
  let current: RisChunk | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/\s+$/, "");
    const tag = TAG.exec(line)?.[1];
    if (tag === "TY") {
      if (current) chunks.push(current);
      current = { line: i + 1, lines: [line], ended: false };
    } else if (current && !current.ended) {
      current.lines.push(line);
      if (tag === "ER") {
        chunks.push(current);
        current = undefined;
      }
    } else if (line.trim()) {
      stray.push(i + 1);
    }
  });
  if (current) chunks.push(current);
  for (const c of chunks) c.ended = c.lines.some((l) => TAG.exec(l)?.[1] === "ER");
  return { chunks, stray };
}

function field(lines: string[], tag: string): string | undefined {
  for (const l of lines) {
    const m = TAG.exec(l);
    if (m?.[1] === tag && m[2]?.trim()) return m[2].trim();
  }
  return undefined;
}

export function parseRis(text: string, file: string, name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  const { chunks, stray } = splitRis(text.replace(/^\uFEFF/, ""));
  if (chunks.length === 0) {
    result.problems.push({ path: file, reason: "no RIS records (no line starts with `TY  - `)" });
    return result;
  }
  if (stray.length > 0) {
    result.warnings.push({ path: file, warning: `ignored ${stray.length} line(s) outside any record (first at line ${stray[0]})` });
  }
  const keys = new KeyAllocator();
  for (const chunk of chunks) {
    const body = chunk.ended ? chunk.lines : [...chunk.lines, "ER  - "];
    const id = field(chunk.lines, "ID");
    const problem = (reason: string) => result.problems.push({ path: file, line: chunk.line, ...(id ? { key: id } : {}), reason: `line ${chunk.line}${id ? ` (${id})` : ""}: ${reason}` });
    let items: CslItem[];
    try {
      items = plugins.input.chain(body.join("\n") + "\n", { target: "@csl/list+object", generateGraph: false, forceType: "@ris/file" }) as CslItem[];
    } catch (err) {
      problem(`malformed record: ${(err as Error).message.split("\n")[0]}`);
      continue;
    }
    const item = items[0];
    if (!item) {
      problem("malformed record: nothing citation-js could read");
      continue;
    }
    const texts = ["JO", "JF", "T2", "N1", "M3", "UR", "L1"].map((t) => field(chunk.lines, t)).filter((t): t is string => Boolean(t));
    const made = pageFromCsl("ris", item, { texts });
    if ("reason" in made) {
      problem(`record ${made.reason}`);
      continue;
    }
    if (!chunk.ended) made.page.warnings.push(`record at line ${chunk.line} has no ER line; it ends where the next record starts`);
    const { paper } = made.page;
    const key = keys.take(id ?? paper.ids.doi ?? paper.ids.arxiv ?? paper.ids.acl ?? titleKey(paper.title ?? "", paper.year));
    result.records.push(makeRecord(name("ris", file, key), made.page, { byteSize: Buffer.byteLength(chunk.lines.join("\n")) }));
  }
  return result;
}
