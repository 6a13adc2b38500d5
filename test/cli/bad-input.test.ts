/**
 * Hostile and broken input: one line per bad file naming it and the reason, each refused for the
 * right kind of reason; the rest goes in. A property over arbitrary bytes holds parsePage to a
 * page or a known refusal, and is shown to fail when an adapter throws (an adapter that throws
 * inside `lineage ingest` itself: bad-input-adapter-crash.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { ADAPTERS, parsePage, type AdapterTable } from "../../ingest/parse-page.ts";
import type { Refusal } from "../../vocabulary/paper-page.ts";
import { runCli, runJson, ROOT, SEEDS, spawnCli, tempDir } from "../helpers/cli.ts";
import { expectInjectedCrash, isRefusal, throwingTable } from "../helpers/page-answers.ts";

const tmp = tempDir();
const dir = join(tmp.dir, "pages");
const db = join(tmp.dir, "bad.db");
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

beforeAll(() => {
  mkdirSync(join(dir, "nested"), { recursive: true });
  copyFileSync(join(SEEDS, "000_f241d60728b6496d.txt"), join(dir, "good-000.md"));
  copyFileSync(join(SEEDS, "002_ab6ca17890aa147a.txt"), join(dir, "nested", "good-002.txt"));
  writeFileSync(join(dir, "empty.txt"), "");
  writeFileSync(join(dir, "blank.txt"), "  \n\n\t ");
  writeFileSync(join(dir, "figure.png"), PNG);
  const random = fc.sample(fc.uint8Array({ minLength: 4096, maxLength: 4096 }), { seed: 42, numRuns: 1 })[0] ?? new Uint8Array();
  writeFileSync(join(dir, "noise.bin"), random);
  writeFileSync(join(dir, "huge.md"), "# Huge\n\n" + "word ".repeat(300_000));
  writeFileSync(join(dir, "no-identity.txt"), "-- 12 -- 34 -- 56 --\n== ## ==\n");
  // A Markdown page saved as Windows-1252: "Caf\xe9" and curly quotes are not valid UTF-8.
  const cp1252 = Buffer.from(
    "# Caf\xe9 Benchmarks: \x93Evaluating\x94 Evaluation\n\narXiv: https://arxiv.org/abs/2501.00001\n\n## Builds on (most cited first, 1 of 1)\n\n- [GPT-4 Technical Report](https://mlsanity.com/paper/2303.08774/) (2023)\n",
    "latin1",
  );
  writeFileSync(join(dir, "legacy.md"), cp1252);
  const html = readFileSync(join(ROOT, "test/fixtures/pages/html-page-2306.03100/source.html"), "utf8");
  const cut = html.indexOf("Built on by");
  writeFileSync(join(dir, "truncated.html"), html.slice(0, cut > 0 ? cut + 400 : html.length / 2));
});
afterAll(() => tmp.cleanup());

interface Report {
  pages: { ingested: number; failed: number };
  papers: number;
  errors: { path: string; reason: string }[];
  warnings: { path: string; warning: string }[];
}

describe("ingesting a folder with bad files in it", () => {
  let report: Report;
  let code: number;
  beforeAll(async () => {
    const r = await runCli(["ingest", dir, "--db", db, "--max-bytes", "1000000", "--json"]);
    code = r.code;
    report = JSON.parse(r.stdout) as Report;
  });

  it("exits 1 and names each bad file with its reason", () => {
    expect(code).toBe(1);
    const reasons = Object.fromEntries(report.errors.map((e) => [e.path.split("/").pop(), e.reason]));
    expect(reasons["empty.txt"]).toMatch(/empty/);
    expect(reasons["blank.txt"]).toMatch(/empty/);
    expect(reasons["figure.png"]).toMatch(/binary.*PNG/);
    expect(reasons["noise.bin"]).toMatch(/binary/);
    expect(reasons["huge.md"]).toMatch(/over the .* limit/);
    expect(reasons["no-identity.txt"]).toMatch(/not a paper page/);
    expect(report.errors).toHaveLength(6);
    for (const e of report.errors) expect(e.reason).not.toMatch(/\n|at .*\.ts:\d+|internal error/);
  });

  it("refuses each bad file for the right kind of reason, the one the report gives", () => {
    const kinds: Record<string, Refusal> = {
      "empty.txt": "empty",
      "blank.txt": "empty",
      "figure.png": "binary",
      "noise.bin": "binary",
      "huge.md": "too-large",
      "no-identity.txt": "not-a-page",
    };
    for (const [name, kind] of Object.entries(kinds)) {
      const parsed = parsePage(readFileSync(join(dir, name)), name, { maxBytes: 1_000_000 });
      expect(parsed.ok, name).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.refusal, name).toBe(kind);
      expect(report.errors.find((e) => e.path.endsWith(`/${name}`))?.reason, name).toBe(parsed.reason);
    }
  });

  it("still ingests the good pages beside them, the legacy-encoded one and what parses of truncated HTML", async () => {
    expect(report.pages.ingested).toBe(4);
    const legacy = await runJson<{ title: string; buildsOnCount: number }>(["show", "2501.00001", "--db", db]);
    expect(legacy.title).toBe("Café Benchmarks: \u201cEvaluating\u201d Evaluation");
    expect(legacy.buildsOnCount).toBe(1);
    expect(report.warnings.some((w) => w.path.endsWith("legacy.md") && /windows-1252/.test(w.warning))).toBe(true);
    const truncated = await runJson<{ buildsOnCount: number }>(["show", "2306.03100", "--db", db]);
    expect(truncated.buildsOnCount).toBeGreaterThanOrEqual(24);
  });

  it("prints one line per bad file and no stack trace without --json", () => {
    const r = spawnCli(["ingest", dir, "--db", join(tmp.dir, "plain.db"), "--max-bytes", "1000000"]);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line).toMatch(/^lineage: \S+: .+$/);
    expect(r.stderr).not.toMatch(/\bat .*:\d+:\d+/);
    expect(r.stdout).toMatch(/Ingested 4 pages/);
  });

  it("reports a missing path and exits 1", async () => {
    const r = await runJson<Report>(["ingest", join(dir, "nope.md"), join(dir, "good-000.md"), "--db", db]).catch(() => undefined);
    expect(r).toBeUndefined();
    const raw = await runCli(["ingest", join(dir, "nope.md"), "--db", db, "--json"]);
    expect(raw.code).toBe(1);
    expect((JSON.parse(raw.stdout) as Report).errors[0]?.reason).toMatch(/no such file/);
  });
});

describe("parsePage on arbitrary bytes (property)", () => {
  const lines = readFileSync(join(SEEDS, "002_ab6ca17890aa147a.txt"), "utf8").split("\n");
  const html = readFileSync(join(ROOT, "test/fixtures/pages/html-page-2306.03100/source.html"), "utf8").split("\n");
  const fragments = fc.array(fc.constantFrom(...lines, ...html), { maxLength: 80 }).map((picked) => Buffer.from(picked.join("\n")));
  // Uniform random bytes alone are refused before any adapter runs (binary, empty, not a page), so
  // some are spliced into a page as well: they reach the adapters, which must answer them too.
  const spliced = fc.tuple(fragments, fc.uint8Array({ maxLength: 64 }), fc.nat()).map(([page, junk, at]) => {
    const i = page.length === 0 ? 0 : at % page.length;
    return Buffer.concat([page.subarray(0, i), junk, page.subarray(i)]);
  });
  const anyBytes = fc.oneof(fc.uint8Array({ maxLength: 2000 }), spliced);
  /** parsePage run with `adapters` answers a page or a known refusal with a one-line reason; a throw fails it. */
  const answers = (adapters: AdapterTable, arb: fc.Arbitrary<Uint8Array>) =>
    fc.property(arb, (bytes) => {
      const r = parsePage(bytes, "fuzz", { adapters });
      if (!r.ok) expect(isRefusal(r), JSON.stringify([r.refusal, r.reason])).toBe(true);
    });

  it("never throws and always answers ok or a known refusal with a one-line reason", () => {
    fc.assert(answers(ADAPTERS, anyBytes), { seed: 42, numRuns: 400 });
  });

  it("never throws on text made of real page fragments", () => {
    fc.assert(answers(ADAPTERS, fragments), { seed: 42, numRuns: 300 });
  });

  it("both properties fail, as fc.check reports it, when the adapters throw on half their inputs", () => {
    for (const arb of [anyBytes, fragments]) expectInjectedCrash(fc.check(answers(throwingTable(ADAPTERS), arb), { seed: 42, numRuns: 300 }));
  });
});
