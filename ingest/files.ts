/**
 * The file-system edge of ingest: expands paths (files and folders, recursively, in a stable
 * order) and reads each file with its size checked before a byte is read.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync, type Dirent } from "node:fs";
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
    if (stat.isDirectory()) visitFolder(path);
    else if (stat.isFile()) files.push(resolve(path));
    else if (explicit) problems.push({ path, reason: "not a regular file" });
  };
  // Entries' types come with the listing: only links (and the odd special file) need a stat.
  const visitFolder = (path: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (err) {
      problems.push({ path, reason: `cannot read folder (${(err as NodeJS.ErrnoException).code ?? "error"})` });
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const child = join(path, entry.name);
      if (entry.isDirectory()) visitFolder(child);
      else if (entry.isFile()) files.push(resolve(child));
      else visit(child, false);
    }
  };
  for (const p of paths) visit(p, true);
  return { files: [...new Set(files)], problems };
}

export type ReadResult = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** The file's bytes, its size checked on the open file before a byte is read. */
export function readPageFile(path: string, maxBytes: number): ReadResult {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const size = fstatSync(fd).size;
    if (size > maxBytes) return { ok: false, reason: `file is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit (--max-bytes)` };
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    for (let n = 1; filled < size && n > 0; filled += n) n = readSync(fd, bytes, filled, size - filled, null);
    return { ok: true, bytes: filled === size ? bytes : bytes.subarray(0, filled) };
  } catch (err) {
    return { ok: false, reason: `cannot read file (${(err as NodeJS.ErrnoException).code ?? "error"})` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
