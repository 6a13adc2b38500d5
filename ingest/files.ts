/**
 * The file-system edge of ingest: expands paths (files and folders, recursively, in a stable
 * order) and reads each file with its size checked before a byte is read.
 *
 * Folders and files are known by their identity on disk (device and inode), not by the path that
 * reached them (issue 17, item 1): a folder is walked once however many links lead to it, a link
 * back to a folder being walked is a loop reported in one line, and a file reached by several
 * paths (a symbolic link, a hard link, a path given twice) is read once, under the first path
 * that reached it. Every path that cannot be taken is named with what is really wrong with it.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, readSync, statSync, type BigIntStats, type Stats } from "node:fs";
import { join, resolve } from "node:path";
import { formatBytes } from "./decode.ts";

export interface FileProblem {
  path: string;
  reason: string;
}

/** What an error from the file system means, in words a user can act on. */
export function fileErrorReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ENOENT":
      return "no such file or folder";
    case "ENOTDIR":
      return "no such file or folder (a part of the path is a file, not a folder)";
    case "ELOOP":
      return "symbolic link loop: the link cannot be resolved (ELOOP)";
    case "ENAMETOOLONG":
      return "path too long (ENAMETOOLONG)";
    case "EISDIR":
      return "not a regular file (a folder)";
    default:
      return `cannot read (${code ?? (err instanceof Error ? err.message : String(err))})`;
  }
}

/** What a file that is not a regular file is. */
function kindOf(stat: Stats | BigIntStats): string {
  if (stat.isDirectory()) return "a folder";
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  return "not a file or folder";
}

const identity = (stat: BigIntStats) => `${stat.dev}:${stat.ino}`;

/** Why a path cannot be stat'ed; a link whose target is missing is called broken, not missing. */
function statProblem(path: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOENT") {
    try {
      if (lstatSync(path).isSymbolicLink()) return `broken symbolic link: its target ${readlinkSync(path)} does not exist`;
    } catch {
      // the path itself is missing: said below
    }
  }
  return fileErrorReason(err);
}

interface OpenFolder {
  path: string;
  key: string;
  entries: string[];
  next: number;
}

/**
 * Every regular file under the given paths, each once; hidden files and folders are skipped, and
 * special files inside folders are passed over. Explicit paths that are not regular files or
 * folders, and anything that cannot be read, come back as problems (each once).
 */
export function expandPaths(paths: readonly string[]): { files: string[]; problems: FileProblem[] } {
  const files: string[] = [];
  const problems: FileProblem[] = [];
  const reported = new Set<string>();
  const problem = (path: string, reason: string) => {
    const key = `${path}\0${reason}`;
    if (reported.has(key)) return;
    reported.add(key);
    problems.push({ path, reason });
  };
  const taken = new Set<string>();
  // The folders being walked (the open ones, from the given path down) and the path each was
  // reached by: a link to one of them is a loop.
  const open: OpenFolder[] = [];
  const openPaths = new Map<string, string>();

  const enter = (path: string, key: string) => {
    let entries: string[];
    try {
      entries = readdirSync(path).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    } catch (err) {
      problem(path, `${fileErrorReason(err)} (listing the folder)`);
      return;
    }
    open.push({ path, key, entries, next: 0 });
    openPaths.set(key, path);
  };

  /** Takes a path found by stat: a file once, a folder once (a loop when it is open). */
  const consider = (path: string, explicit: boolean) => {
    let stat: BigIntStats;
    try {
      stat = statSync(path, { bigint: true });
    } catch (err) {
      problem(path, statProblem(path, err));
      return;
    }
    const key = identity(stat);
    if (stat.isDirectory()) {
      const loopsTo = openPaths.get(key);
      if (loopsTo !== undefined) problem(path, `symbolic link loop: leads back to ${loopsTo}, which is already being read; not followed`);
      else if (!taken.has(key)) {
        taken.add(key);
        enter(path, key);
      }
    } else if (stat.isFile()) {
      if (!taken.has(key)) {
        taken.add(key);
        files.push(resolve(path));
      }
    } else if (explicit) problem(path, `not a regular file (${kindOf(stat)})`);
  };

  for (const given of paths) {
    consider(given, true);
    // Depth first, in name order, without recursion: a deep tree cannot exhaust the stack.
    for (let top = open.at(-1); top; top = open.at(-1)) {
      const name = top.entries[top.next++];
      if (name === undefined) {
        open.pop();
        openPaths.delete(top.key);
        continue;
      }
      if (!name.startsWith(".")) consider(join(top.path, name), false);
    }
  }
  return { files, problems };
}

export type ReadResult = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/**
 * The file's bytes, its size checked on the open file before a byte is read. Opened without
 * blocking, so a named pipe put in place of a file is refused instead of waited on.
 */
export function readPageFile(path: string, maxBytes: number): ReadResult {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: `not a regular file (${kindOf(stat)})` };
    const size = stat.size;
    if (size > maxBytes) return { ok: false, reason: `file is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit (--max-bytes)` };
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    for (let n = 1; filled < size && n > 0; filled += n) n = readSync(fd, bytes, filled, size - filled, null);
    return { ok: true, bytes: filled === size ? bytes : bytes.subarray(0, filled) };
  } catch (err) {
    return { ok: false, reason: fileErrorReason(err) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
