/**
 * A file name is printed as part of one line, whatever it holds (issue 29): a newline in a file
 * name printed a forged line (`line: fake error.txt: …`) under `lineage ingest`'s errors. Every
 * control character of a name, line breaks and tabs among them, and the Unicode separators and
 * bidirectional overrides, are printed as escapes, in `ingest` and `import` errors and warnings,
 * `show`'s sources and `--db` messages; `--json` still gives the names as they are.
 */
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { oneLine } from "../../scripts/cli/terminal-text.ts";
import { runCli, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const dir = join(tmp.dir, "names");
mkdirSync(dir);
const FORGED = "ok.bib\nline: fake error.txt";
const BIDI = "report\u202eavaj.bib";

writeFileSync(join(dir, FORGED), "@article{broken\n  title = {No Comma After The Key},\n}\n@article{good, title = {A Good Entry Beside It}, year = 2020}\n");
writeFileSync(join(dir, BIDI), "@article{other, title = {Another Good Entry}, doi = {10.5555/names.1}}\n");

/** Every printed line starts as a line of Lineage's does. */
const forged = (text: string) => text.split("\n").filter((l) => l.trim() && !/^(?:lineage: |Ingested |Imported |warning: )/.test(l));

describe("control characters in file names, escaped in every line printed", () => {
  it("escapes line breaks, tabs, controls, separators and bidirectional overrides", () => {
    expect(oneLine("a\nb\rc\td\u001be\u2028f\u202eg")).toBe("a\\nb\\rc\\td\\u001be\\u2028f\\u202eg");
    expect(oneLine("plain name.bib")).toBe("plain name.bib");
  });

  it("lineage ingest: the error of a file named with a newline is one line", async () => {
    const db = join(tmp.dir, "ingest.db");
    const r = await runCli(["ingest", dir, "--db", db, "--verbose"]);
    expect(r.code).toBe(1);
    expect(forged(r.stderr)).toEqual([]);
    expect(r.stderr).toContain("ok.bib\\nline: fake error.txt: line 1 (broken): malformed entry: missing comma after the citation key");
    expect(r.stderr).not.toContain("\u202e");
    const json = JSON.parse((await runCli(["ingest", dir, "--db", join(tmp.dir, "json.db"), "--json"])).stdout) as { errors: { path: string }[] };
    expect(json.errors[0]?.path).toBe(join(dir, FORGED));
  });

  it("lineage import: the same, and show prints the record's source as one line", async () => {
    const db = join(tmp.dir, "import.db");
    const r = await runCli(["import", "bibtex", join(dir, FORGED), join(dir, BIDI), "--db", db]);
    expect(r.code).toBe(1);
    expect(forged(r.stderr)).toEqual([]);
    const shown = await runCli(["show", "A Good Entry Beside It", "--db", db]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("bibtex:ok.bib\\nline: fake error.txt#good");
    const other = await runCli(["show", "10.5555/names.1", "--db", db]);
    expect(other.stdout).toContain("report\\u202eavaj.bib#other");
  });

  it("a --db path with a newline is named in one line", async () => {
    const r = await runCli(["show", "x", "--db", join(tmp.dir, "no\nsuch.db")]);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("no\\nsuch.db: no database here");
  });
});
