/**
 * An adapter that throws inside `lineage ingest`: the file it threw on is reported as one line,
 * "internal error in the html-page adapter: …; this is a bug", distinct from every refusal, and
 * the good file beside it, read by the same adapter, still goes in. The html-page adapter is
 * replaced (vi.mock) by one that throws on any page carrying CRASH_MARK and is the real adapter
 * on every other; both pages are written here, with invented titles and identifiers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, runJson, tempDir } from "../helpers/cli.ts";

/** Hoisted with the mock, which runs before the module's other statements. */
const CRASH_MARK = vi.hoisted(() => "<!-- lineage-test: crash -->");

vi.mock("../../ingest/adapters/html-page.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../ingest/adapters/html-page.ts")>();
  return {
    ...real,
    parseHtmlPage: (text: string, origin: string) => {
      if (text.includes(CRASH_MARK)) throw new TypeError("Cannot read properties of undefined (reading 'attribs')\nwhile reading the Builds on list");
      return real.parseHtmlPage(text, origin);
    },
  };
});

function htmlPage(title: string, arxiv: string, extra = ""): string {
  return `<!doctype html>
<html><head><title>${title} · mlsanity</title></head>
<body>${extra}
<article>
  <header><h1>${title}</h1><p class="links"><a href="https://arxiv.org/abs/${arxiv}">arXiv</a></p></header>
  <section><h2>Builds on</h2><ul><li><a href="/paper/2401.07301/">Scoring Open Answers at Scale</a> (2024)</li></ul></section>
</article>
</body></html>
`;
}

const tmp = tempDir();
const dir = join(tmp.dir, "pages");
const db = join(tmp.dir, "crash.db");

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "good.html"), htmlPage("Calibrated Rubrics for Judge Models", "2502.01234"));
  writeFileSync(join(dir, "crash.html"), htmlPage("A Page the Adapter Trips On", "2502.05678", CRASH_MARK));
});
afterAll(() => tmp.cleanup());

interface Report {
  pages: { ingested: number; failed: number };
  errors: { path: string; reason: string }[];
}

/** The exception's two-line message, on one line, after the adapter's name. */
const INTERNAL_ERROR = /^internal error in the html-page adapter: TypeError: Cannot read properties of undefined \(reading 'attribs'\) while reading the Builds on list; this is a bug$/;

describe("an adapter that throws during lineage ingest", () => {
  it("is reported as an internal error naming the file and the adapter, and the good file beside it lands", async () => {
    const r = await runCli(["ingest", dir, "--db", db, "--json"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]?.path).toBe(join(dir, "crash.html"));
    expect(report.errors[0]?.reason).toMatch(INTERNAL_ERROR);
    expect(report.pages).toMatchObject({ ingested: 1, failed: 1 });
    const good = await runJson<{ title: string; buildsOnCount: number }>(["show", "2502.01234", "--db", db]);
    expect(good).toMatchObject({ title: "Calibrated Rubrics for Judge Models", buildsOnCount: 1 });
    expect((await runCli(["show", "2502.05678", "--db", db])).code).not.toBe(0);
  });

  it("prints it as one line, like any bad file, without a stack trace", async () => {
    const r = await runCli(["ingest", dir, "--db", join(tmp.dir, "plain.db")]);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^lineage: \S*crash\.html: internal error in the html-page adapter: .+; this is a bug$/);
    expect(r.stdout).toMatch(/Ingested 1 page .* 1 failed/);
  });
});
