/**
 * Walking folders for `lineage ingest` and `lineage import` (ingest/files.ts, issue 17 item 1):
 * every folder is read once by its real identity, so symbolic-link loops end at once and are
 * reported in one line; a file reached by several paths is read once; and each path that cannot
 * be read is named with what is really wrong with it. The trees are built in a temporary folder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expandPaths, fileErrorReason, readPageFile } from "../../ingest/files.ts";
import { runCli, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();

/** An invented Markdown paper page, in the layout users save. */
function page(id: string, title: string): string {
  return [`# ${title}`, "", `arXiv: https://arxiv.org/abs/${id}`, "", "## Builds on (most cited first, 0 of 0)", "", ""].join("\n");
}

/** A folder with pages, made under the temporary folder; `build` adds links and the like. */
function tree(name: string, build: (dir: string) => void): string {
  const dir = join(tmp.dir, name);
  mkdirSync(join(dir, "sub"), { recursive: true });
  writeFileSync(join(dir, "a.md"), page("2409.11111", "Measuring invented robustness"));
  writeFileSync(join(dir, "sub", "b.md"), page("2409.22222", "Calibrating invented judges"));
  build(dir);
  return dir;
}

beforeAll(() => {
  mkdirSync(tmp.dir, { recursive: true });
});
afterAll(() => tmp.cleanup());

describe("symbolic-link loops", () => {
  it("reads a folder linked to itself once and reports the loop in one line", () => {
    const dir = tree("self-loop", (d) => symlinkSync(".", join(d, "self")));
    const { files, problems } = expandPaths([dir]);
    expect(files).toEqual([join(dir, "a.md"), join(dir, "sub", "b.md")]);
    expect(problems).toEqual([{ path: join(dir, "self"), reason: `symbolic link loop: leads back to ${dir}, which is already being read; not followed` }]);
  });

  it("ends at once with a link to itself and a link to its parent (no walk through self/sub/up/self/…)", () => {
    const dir = tree("two-loops", (d) => {
      symlinkSync(".", join(d, "self"));
      symlinkSync("..", join(d, "sub", "up"));
    });
    const { files, problems } = expandPaths([dir]);
    expect(files).toEqual([join(dir, "a.md"), join(dir, "sub", "b.md")]);
    expect(problems.map((p) => p.path)).toEqual([join(dir, "self"), join(dir, "sub", "up")]);
    for (const p of problems) expect(p.reason).toMatch(/^symbolic link loop: leads back to .*, which is already being read; not followed$/);
  });

  it("names links that cannot be resolved at all (ELOOP) as a loop, not as a missing file, once each", () => {
    const dir = tree("eloop", (d) => {
      symlinkSync("ping", join(d, "pong"));
      symlinkSync("pong", join(d, "ping"));
    });
    const { files, problems } = expandPaths([dir, join(dir, "ping")]);
    expect(files).toEqual([join(dir, "a.md"), join(dir, "sub", "b.md")]);
    expect(problems).toEqual([
      { path: join(dir, "ping"), reason: "symbolic link loop: the link cannot be resolved (ELOOP)" },
      { path: join(dir, "pong"), reason: "symbolic link loop: the link cannot be resolved (ELOOP)" },
    ]);
  });

  it("ingests each page of a looping folder once and still exits 1 naming the loop", async () => {
    const dir = tree("ingest-loop", (d) => symlinkSync(".", join(d, "self")));
    const r = await runCli(["ingest", dir, "--db", join(tmp.dir, "loop.db"), "--json"]);
    const report = JSON.parse(r.stdout) as { pages: { ingested: number }; papers: number; errors: { path: string; reason: string }[] };
    expect(r.code).toBe(1);
    expect(report.pages.ingested).toBe(2);
    expect(report.papers).toBe(2);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]?.path).toBe(join(dir, "self"));
  });
});

describe("lineage import walks folders the same way", () => {
  it("imports a BibTeX file in a looping folder once, linked or not", async () => {
    const dir = tree("import-loop", (d) => {
      writeFileSync(join(d, "refs.bib"), "@article{invented2024,\n  title = {An Invented Study of Judges},\n  author = {Quill, Ada},\n  year = {2024},\n  doi = {10.5555/invented.2024}\n}\n");
      symlinkSync("../refs.bib", join(d, "sub", "same.bib"));
      symlinkSync("..", join(d, "sub", "up"));
    });
    const r = await runCli(["import", "bibtex", dir, "--db", join(tmp.dir, "import-loop.db"), "--json"]);
    const report = JSON.parse(r.stdout) as { records: { imported: number }; errors: { path: string; reason: string }[] };
    expect(report.records.imported).toBe(1);
    expect(report.errors).toEqual([{ path: join(dir, "sub", "up"), reason: `symbolic link loop: leads back to ${dir}, which is already being read; not followed` }]);
    expect(r.code).toBe(1);
  });
});

describe("a file reached by more than one path", () => {
  it("is read once whether linked, hard-linked, or named twice, under the first path it was reached by", () => {
    const dir = tree("aliases", (d) => {
      symlinkSync("a.md", join(d, "alias.md"));
      linkSync(join(d, "a.md"), join(d, "hard.md"));
      symlinkSync("sub", join(d, "sub-again"));
    });
    const { files, problems } = expandPaths([dir, join(dir, "a.md"), dir, join(dir, "sub-again"), join(dir, "sub", "b.md")]);
    expect(problems).toEqual([]);
    // "a.md" sorts before "alias.md" and "hard.md", and "sub" before "sub-again".
    expect(files).toEqual([join(dir, "a.md"), join(dir, "sub", "b.md")]);
  });

  it("keeps two files with the same content: identity is the file, not its bytes", () => {
    const dir = tree("copies", (d) => writeFileSync(join(d, "copy.md"), page("2409.11111", "Measuring invented robustness")));
    expect(expandPaths([dir]).files).toEqual([join(dir, "a.md"), join(dir, "copy.md"), join(dir, "sub", "b.md")]);
  });
});

describe("what each unreadable path is called", () => {
  it("says a path is missing, a link is broken, and a special file is not a regular file", () => {
    const dir = tree("unreadable", (d) => {
      symlinkSync("nowhere.md", join(d, "dangling.md"));
      execFileSync("mkfifo", [join(d, "pipe")]);
    });
    const { files, problems } = expandPaths([join(dir, "missing.md"), dir, join(dir, "pipe"), join(dir, "a.md", "inside")]);
    expect(files).toEqual([join(dir, "a.md"), join(dir, "sub", "b.md")]);
    expect(problems).toEqual([
      { path: join(dir, "missing.md"), reason: "no such file or folder" },
      { path: join(dir, "dangling.md"), reason: "broken symbolic link: its target nowhere.md does not exist" },
      { path: join(dir, "pipe"), reason: "not a regular file (a named pipe)" },
      { path: join(dir, "a.md", "inside"), reason: "no such file or folder (a part of the path is a file, not a folder)" },
    ]);
  });

  it("maps each error code to what it means (permission cannot be denied to root, so the codes are given)", () => {
    const error = (code: string) => Object.assign(new Error(code), { code });
    expect(fileErrorReason(error("EACCES"))).toBe("permission denied");
    expect(fileErrorReason(error("EPERM"))).toBe("permission denied");
    expect(fileErrorReason(error("ENOENT"))).toBe("no such file or folder");
    expect(fileErrorReason(error("ELOOP"))).toBe("symbolic link loop: the link cannot be resolved (ELOOP)");
    expect(fileErrorReason(error("ENAMETOOLONG"))).toBe("path too long (ENAMETOOLONG)");
    expect(fileErrorReason(error("EIO"))).toBe("cannot read (EIO)");
    expect(fileErrorReason(new Error("odd"))).toBe("cannot read (odd)");
  });

  it("reads only regular files, even when asked for a folder or a named pipe directly", () => {
    const dir = tree("read-direct", (d) => execFileSync("mkfifo", [join(d, "pipe")]));
    expect(readPageFile(join(dir, "a.md"), 1_000_000)).toMatchObject({ ok: true });
    expect(readPageFile(join(dir, "sub"), 1_000_000)).toEqual({ ok: false, reason: "not a regular file (a folder)" });
    expect(readPageFile(join(dir, "pipe"), 1_000_000)).toEqual({ ok: false, reason: "not a regular file (a named pipe)" });
    expect(readPageFile(join(dir, "gone.md"), 1_000_000)).toEqual({ ok: false, reason: "no such file or folder" });
  });
});
