/**
 * The file-system edge of ingest: expands paths (files and folders, recursively, in a stable
 * order) and reads each file with its size checked before a byte is read.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { formatBytes } from "./decode.ts";

export interface FileProblem {
  path: string;
  reason: string;
}

/** Every regular file under the given paths; hidden files and folders are skipped. */
export function expandPaths(paths: readonly string[]): { files: string[]; problems: FileProblem[] } {
  const files: string[] = [];
  const problems: FileProblem[] = [];
  const visit = (path: string, explicit: boolean) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      problems.push({ path, reason: "no such file or folder" });
      return;
    }
    if (stat.isDirectory()) {
      let entries: string[];
      try {
        entries = readdirSync(path).sort();
      } catch (err) {
        problems.push({ path, reason: `cannot read folder (${(err as NodeJS.ErrnoException).code ?? "error"})` });
        return;
      }
      for (const name of entries) if (!name.startsWith(".")) visit(join(path, name), false);
    } else if (stat.isFile()) {
      files.push(resolve(path));
    } else if (explicit) {
      problems.push({ path, reason: "not a regular file" });
    }
  };
  for (const p of paths) visit(p, true);
  return { files: [...new Set(files)], problems };
}

export type ReadResult = { ok: true; bytes: Buffer } | { ok: false; reason: string };

export function readPageFile(path: string, maxBytes: number): ReadResult {
  try {
    const size = statSync(path).size;
    if (size > maxBytes) return { ok: false, reason: `file is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit (--max-bytes)` };
    return { ok: true, bytes: readFileSync(path) };
  } catch (err) {
    return { ok: false, reason: `cannot read file (${(err as NodeJS.ErrnoException).code ?? "error"})` };
  }
}
