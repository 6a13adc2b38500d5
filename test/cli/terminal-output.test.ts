/**
 * The command line never prints raw terminal escapes from stored text (issue 17, item 7): a
 * database written before ingest cleaned text (here: pages written straight to it, as an old
 * version stored them) holds ESC, BEL, NUL and C1 characters in a title, an author and an
 * abstract; `show`, `search`, `explain`, `builds-on` and an ambiguous-title error print each of
 * them as a visible `\u001b`-style escape, and `--json` still gives back the stored values.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { LineageDb } from "../../db/lineage-db.ts";
import { writePages } from "../../library/page-writes.ts";
import { emptyPage } from "../../vocabulary/paper-page.ts";
import { runCli, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const db = join(tmp.dir, "old.db");
const TITLE = "An \u001b[2J\u001b[31mEscaped\u0007 Title\u0000 with \u009b C1";
const ABSTRACT = "Text that rings\u0007 the bell\u007f and \u001b]0;renames the window\u0007.";
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

beforeAll(() => {
  const conn = LineageDb.open(db);
  try {
    const page = emptyPage("markdown-page");
    page.paper.title = TITLE;
    page.paper.ids = { arxiv: "2406.90001" };
    page.paper.authors = ["Ada \u001b[5mBlink"];
    page.paper.abstract = ABSTRACT;
    page.buildsOn = [{ ids: { arxiv: "2301.90002" }, title: "Older \u001b[31mred\u001b[0m paper" }];
    const second = emptyPage("markdown-page");
    second.paper.title = "An \u001b[2J\u001b[31mEscaped\u0007 Title\u0000 with \u009b C1";
    second.paper.ids = { arxiv: "2406.90003" };
    writePages(conn, [
      { source: "old/one.md", contentHash: "a".repeat(64), encoding: "utf-8", byteSize: 1, page },
      { source: "old/two.md", contentHash: "b".repeat(64), encoding: "utf-8", byteSize: 1, page: second },
    ]);
  } finally {
    conn.close();
  }
});
afterAll(() => tmp.cleanup());

describe("text output escapes control characters from stored text", () => {
  const cases: [string, string[]][] = [
    ["show", ["show", "arXiv:2406.90001"]],
    ["search", ["search", "Title"]],
    ["explain", ["explain", "arXiv:2406.90001"]],
    ["builds-on", ["builds-on", "arXiv:2406.90001"]],
  ];
  for (const [name, args] of cases) {
    it(`${name} prints no raw control character`, async () => {
      const r = await runCli([...args, "--db", db]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(RAW_CONTROL);
      expect(r.stdout).toMatch(name === "builds-on" ? /Older \\u001b\[31mred\\u001b\[0m paper/ : /An \\u001b\[2J\\u001b\[31mEscaped\\u0007 Title\\u0000 with \\u009b C1/);
    });
  }

  it("show escapes the author and the abstract too", async () => {
    const r = await runCli(["show", "arXiv:2406.90001", "--db", db]);
    expect(r.stdout).toContain("Text that rings\\u0007 the bell\\u007f and \\u001b]0;renames the window\\u0007.");
  });

  it("an error naming stored titles (an ambiguous title) is escaped as well", async () => {
    const r = await runCli(["show", "An Escaped Title with C1", "--db", db]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/ambiguous/);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });

  it("--json output is valid JSON holding the stored values", async () => {
    const r = await runCli(["show", "arXiv:2406.90001", "--db", db, "--json"]);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    const view = JSON.parse(r.stdout) as { title: string; abstract: string };
    expect(view.title).toBe(TITLE);
    expect(view.abstract).toBe(ABSTRACT);
  });
});
