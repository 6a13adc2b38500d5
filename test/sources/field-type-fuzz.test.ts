/**
 * Field-type mutations against every structured importer (issue 17, item 3): a good record has one
 * field, at any path, replaced by a value of another type (a number, text, null, a list, an object,
 * a boolean, a huge text, nesting 20,000 deep, control characters) and is put beside good records,
 * in each layout the importer reads (JSON Lines, one JSON array, an API results page, a file of its
 * own, a recorded cassette). The import must never throw, must keep every good record exactly as
 * it imports alone, must keep or reject the bad one (never lose it silently), and must name the
 * file and the record's position when it rejects it. Every page it keeps holds only well-typed,
 * clean values. Seeded (fast-check), so a failure replays.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parse, stringify } from "yaml";
import { importSources, type SourceFile } from "../../ingest/sources/import-sources.ts";
import type { SourceResult } from "../../ingest/sources/source-record.ts";
import type { SourceFormat } from "../../vocabulary/paper-page.ts";
import { MAX_TITLE_CHARS } from "../../vocabulary/clean-text.ts";
import { hostileValue, mutatedJson, pageFaults, pathsOf, type Hostile, type JsonPath } from "./field-mutations.ts";
import { inventedOpenAlexWork, inventedS2Edge, inventedS2Paper, s2Id } from "./invented-records.ts";

const SEED = 20261217;
const RUNS = Number(process.env.LINEAGE_FUZZ_RUNS ?? 120);
const bytes = (s: string) => new TextEncoder().encode(s);

type Layout = "json-lines" | "array" | "results-page" | "own-file";

interface Mutation {
  layout: Layout;
  /** Where the bad record goes among the good ones. */
  slot: number;
  pathIndex: number;
  value: Hostile;
}

const mutation = (layouts: readonly Layout[]): fc.Arbitrary<Mutation> => fc.record({ layout: fc.constantFrom(...layouts), slot: fc.nat(3), pathIndex: fc.nat(), value: hostileValue });

/** The files of one layout, and where the bad record sits (its file, line and JSON path). */
function layOut(layout: Layout, goods: readonly string[], bad: string | undefined, slot: number, resultsKey: string): { files: SourceFile[]; badFile: string; badLine?: number; badAt?: string } {
  const records = [...goods];
  const at = Math.min(slot, records.length);
  if (bad !== undefined && layout !== "own-file") records.splice(at, 0, bad);
  switch (layout) {
    case "json-lines":
      return { files: [{ path: "mixed.jsonl", bytes: bytes(records.join("\n") + "\n") }], badFile: "mixed.jsonl", badLine: at + 1 };
    case "array":
      return { files: [{ path: "mixed.json", bytes: bytes(`[${records.join(",\n")}]`) }], badFile: "mixed.json", badAt: `$[${at}]` };
    case "results-page":
      return {
        files: [{ path: "page.json", bytes: bytes(`{"meta":{"count":${records.length}},"${resultsKey}":[${records.join(",")}]}`) }],
        badFile: "page.json",
        badAt: `$.${resultsKey}[${at}]`,
      };
    case "own-file": {
      const files = [{ path: "good.json", bytes: bytes(`[${goods.join(",")}]`) }];
      if (bad !== undefined) files.push({ path: "bad.json", bytes: bytes(bad) });
      return { files, badFile: "bad.json", badAt: "$" };
    }
  }
}

/** The checks every importer's property makes: see the header comment. */
function checkImport(what: string, result: SourceResult, baseline: SourceResult, where: { badFile: string; badLine?: number; badAt?: string }): void {
  for (const good of baseline.records) {
    const same = result.records.find((r) => r.source === good.source);
    expect(same?.page, `${what}: good record ${good.source} lost or changed`).toEqual(good.page);
  }
  expect(baseline.problems, `${what}: the good records alone import cleanly`).toEqual([]);
  const kept = result.records.length - baseline.records.length;
  expect(kept === 1 || result.problems.length > 0, `${what}: the bad record was neither kept nor reported`).toBe(true);
  for (const p of result.problems) {
    expect(p.path, `${what}: ${p.reason}`).toBe(where.badFile);
    if (where.badLine !== undefined) expect(p.line, `${what}: ${p.reason}`).toBe(where.badLine);
    if (where.badAt !== undefined) expect(p.at, `${what}: ${p.reason}`).toBe(where.badAt);
    expect(p.reason.length, what).toBeLessThan(400);
  }
  for (const r of result.records) expect(pageFaults(r.page, MAX_TITLE_CHARS), `${what}: ${r.source}`).toEqual([]);
}

function importOf(format: SourceFormat, files: SourceFile[]): SourceResult {
  let result: SourceResult | undefined;
  expect(() => (result = importSources(format, files))).not.toThrow();
  return result as SourceResult;
}

function pathAt(record: unknown, index: number): JsonPath {
  const paths = pathsOf(record);
  return paths[index % paths.length] as JsonPath;
}

describe("field-type mutations: no crash, no lost good record, the bad one kept or reported where it is", () => {
  const layouts: Layout[] = ["json-lines", "array", "results-page", "own-file"];

  it("Semantic Scholar paper objects", () => {
    const goods = [1, 2, 3].map((n) => JSON.stringify(inventedS2Paper(n)));
    const template = inventedS2Paper(4);
    fc.assert(
      fc.property(mutation(layouts), (m) => {
        const path = pathAt(template, m.pathIndex);
        const what = `s2 ${m.layout}, ${path.join(".")} := ${m.value.kind}`;
        const bad = layOut(m.layout, goods, mutatedJson(template, path, m.value), m.slot, "data");
        const base = layOut(m.layout, goods, undefined, m.slot, "data");
        checkImport(what, importOf("s2", bad.files), importOf("s2", base.files), bad);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("OpenAlex works (references between them resolved)", () => {
    // Good works reference each other, never the bad one, so their pages do not depend on it.
    const goods = [1, 2, 3].map((n) =>
      JSON.stringify(
        inventedOpenAlexWork(
          n,
          [1, 2, 3].filter((k) => k !== n),
        ),
      ),
    );
    const template = inventedOpenAlexWork(4, [1, 2]);
    fc.assert(
      fc.property(mutation(layouts), (m) => {
        const path = pathAt(template, m.pathIndex);
        const what = `openalex ${m.layout}, ${path.join(".")} := ${m.value.kind}`;
        const bad = layOut(m.layout, goods, mutatedJson(template, path, m.value), m.slot, "results");
        const base = layOut(m.layout, goods, undefined, m.slot, "results");
        checkImport(what, importOf("openalex", bad.files), importOf("openalex", base.files), bad);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

/** A vcrpy cassette of GET exchanges, each body a JSON text. */
function cassette(exchanges: { uri: string; body: string }[]): string {
  return stringify({
    interactions: exchanges.map((e) => ({
      request: { method: "GET", uri: e.uri, body: null, headers: { Accept: ["application/json"] } },
      response: { status: { code: 200, message: "OK" }, headers: { "Content-Type": ["application/json"] }, body: { string: e.body } },
    })),
    version: 1,
  });
}

const S2_API = "https://api.semanticscholar.org/graph/v1/paper";

/** A paper's record and the one page of its reference list, as the API answers them. */
function s2Exchanges(n: number, paperBody?: string, listBody?: string): { uri: string; body: string }[] {
  const paper = inventedS2Paper(n);
  delete paper.references;
  delete paper.citations;
  return [
    { uri: `${S2_API}/${s2Id(n)}?fields=title,year`, body: paperBody ?? JSON.stringify(paper) },
    { uri: `${S2_API}/${s2Id(n)}/references?fields=title&offset=0&limit=100`, body: listBody ?? JSON.stringify(s2ListPage(n)) },
  ];
}

const s2ListPage = (n: number) => ({ offset: 0, data: [inventedS2Edge(n), inventedS2Edge(n + 1)] });

describe("field-type mutations inside recorded exchanges (cassettes)", () => {
  it("Semantic Scholar: a paper record or a list page with one field of another type", () => {
    const record = inventedS2Paper(4);
    delete record.references;
    delete record.citations;
    const list = s2ListPage(4);
    fc.assert(
      fc.property(fc.boolean(), fc.nat(), hostileValue, fc.nat(2), (inList, pathIndex, value, slot) => {
        const target = inList ? list : record;
        const path = pathAt(target, pathIndex);
        const mutated = mutatedJson(target, path, value);
        const goods = [1, 2, 3].map((n) => s2Exchanges(n));
        const bad = inList ? s2Exchanges(4, undefined, mutated) : s2Exchanges(4, mutated);
        const all = [...goods.slice(0, slot), bad, ...goods.slice(slot)].flat();
        const what = `s2 cassette ${inList ? "list page" : "paper"}, ${path.join(".")} := ${value.kind}`;
        const result = importOf("s2", [{ path: "recorded.yaml", bytes: bytes(cassette(all)) }]);
        const baseline = importOf("s2", [{ path: "recorded.yaml", bytes: bytes(cassette(goods.flat())) }]);
        // The bad paper's exchanges are numbers 2·slot+1 (record) and 2·slot+2 (its list).
        const badAt = `interaction ${2 * slot + (inList ? 2 : 1)}`;
        for (const good of baseline.records) expect(result.records.find((r) => r.source === good.source)?.page, what).toEqual(good.page);
        expect(result.records.length === baseline.records.length + 1 || result.problems.length > 0, what).toBe(true);
        for (const p of result.problems) {
          expect(p.path, what).toBe("recorded.yaml");
          expect(p.at ?? "", `${what}: ${p.reason}`).toMatch(new RegExp(`^${badAt}\\b`));
        }
        for (const r of result.records) expect(pageFaults(r.page, MAX_TITLE_CHARS), `${what}: ${r.source}`).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("OpenAlex: a work inside a recorded API answer with one field of another type", () => {
    const template = inventedOpenAlexWork(4, [1]);
    fc.assert(
      fc.property(fc.nat(), hostileValue, (pathIndex, value) => {
        const path = pathAt(template, pathIndex);
        const what = `openalex cassette, ${path.join(".")} := ${value.kind}`;
        const goods = [1, 2].map((n) => ({ uri: `https://api.openalex.org/works/W99000${n}`, body: JSON.stringify(inventedOpenAlexWork(n)) }));
        const page = (bad?: string) => ({
          uri: "https://api.openalex.org/works?filter=title.search:invented",
          body: `{"meta":{"count":2},"results":[${[JSON.stringify(inventedOpenAlexWork(3)), ...(bad ? [bad] : [])].join(",")}]}`,
        });
        const result = importOf("openalex", [{ path: "oa.yaml", bytes: bytes(cassette([...goods, page(mutatedJson(template, path, value))])) }]);
        const baseline = importOf("openalex", [{ path: "oa.yaml", bytes: bytes(cassette([...goods, page()])) }]);
        for (const good of baseline.records) expect(result.records.find((r) => r.source === good.source)?.page, what).toEqual(good.page);
        expect(result.records.length === baseline.records.length + 1 || result.problems.length > 0, what).toBe(true);
        for (const p of result.problems) {
          expect(p.path, what).toBe("oa.yaml");
          expect(p.at, `${what}: ${p.reason}`).toBe("interaction 3, $.results[1]");
        }
        for (const r of result.records) expect(pageFaults(r.page, MAX_TITLE_CHARS), `${what}: ${r.source}`).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("the cassette's own fields (method, URI, status, headers, body) of one exchange", () => {
    const works = [1, 2, 3].map((n) => inventedOpenAlexWork(n));
    const text = cassette(works.map((w, i) => ({ uri: `https://api.openalex.org/works/W99000${i + 1}`, body: JSON.stringify(w) })));
    const interactions = (parseYaml(text) as { interactions: unknown[] }).interactions;
    const baseline = importOf("openalex", [{ path: "c.yaml", bytes: bytes(text) }]);
    expect(baseline.records).toHaveLength(3);
    fc.assert(
      fc.property(fc.nat(2), fc.nat(), hostileValue, (which, pathIndex, value) => {
        const path = [which, ...pathAt(interactions[which], pathIndex)];
        const what = `cassette interaction ${which + 1}, ${path.slice(1).join(".")} := ${value.kind}`;
        // JSON is YAML: the mutated list of interactions is written as one JSON flow value.
        const mutated = `interactions: ${mutatedJson(interactions, path, value)}\n`;
        const result = importOf("openalex", [{ path: "c.yaml", bytes: bytes(mutated) }]);
        const badSource = baseline.records[which]?.source;
        // A cassette is one YAML document: one nested past what a YAML parser can take is refused
        // whole, in one problem that says so; otherwise only the bad exchange may be lost.
        const refusedWhole = result.records.length === 0 && result.problems.length === 1 && /nested more than/.test(result.problems[0]?.reason ?? "");
        if (!refusedWhole) {
          for (const good of baseline.records) {
            if (good.source === badSource) continue;
            expect(result.records.find((r) => r.source === good.source)?.page, what).toEqual(good.page);
          }
          for (const p of result.problems) expect(p.at ?? "", `${what}: ${p.reason}`).toMatch(new RegExp(`^interaction ${which + 1}\\b`));
        } else {
          expect(value.kind, what).toMatch(/^deep/);
        }
        for (const p of result.problems) expect(p.path, what).toBe("c.yaml");
        for (const r of result.records) expect(pageFaults(r.page, MAX_TITLE_CHARS), `${what}: ${r.source}`).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

function parseYaml(text: string): unknown {
  return JSON.parse(JSON.stringify(parse(text)));
}
