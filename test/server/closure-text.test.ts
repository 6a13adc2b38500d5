/**
 * Deep closures' JSON text (web/server/closure-text.ts): for every paper of a real database, in
 * both directions and at every depth, the text is JSON.stringify's, asked once and again (from
 * kept brief texts); for arbitrary briefs (quotes, control characters, astral characters, nulls)
 * too; a brief kept for one graph is never used for another; the bound on kept texts changes
 * nothing in the text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { join } from "node:path";
import { ClosureText } from "../../web/server/closure-text.ts";
import { LineageApi } from "../../web/server/api.ts";
import { GraphSession } from "../../library/graph-session.ts";
import { readEndpoint } from "../../api/endpoints.ts";
import type { ClosureResponse, PaperBrief, ReachedPaper } from "../../api/types.ts";
import type { LineageGraph } from "../../library/lineage-graph.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";
import { brief as briefOf } from "../web/fixtures.ts";

const tmp = tempDir();
const dbPath = join(tmp.dir, "lineage.db");
let session: GraphSession;

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", dbPath])).code).toBe(0);
  session = new GraphSession(dbPath);
});
afterAll(() => {
  session.close();
  tmp.cleanup();
});

/** Two distinct graphs, as keys: the encoder only tells graphs apart by identity. */
const graphA = {} as LineageGraph;
const graphB = {} as LineageGraph;

const brief = fc.record({
  id: fc.string({ minLength: 1, maxLength: 20 }),
  title: fc.option(fc.string({ unit: "binary", maxLength: 60 }), { nil: null }),
  year: fc.option(fc.integer({ min: 1900, max: 2100 }), { nil: null }),
  arxivId: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
  doi: fc.option(fc.string({ unit: "grapheme", maxLength: 20 }), { nil: null }),
  aclId: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
  citedByCount: fc.option(fc.nat(), { nil: null }),
  citedByReport: fc.option(fc.record({ by: fc.string({ unit: "binary", maxLength: 30 }), through: fc.option(fc.string({ maxLength: 10 }), { nil: null }), read: fc.string({ maxLength: 10 }) }), {
    nil: null,
  }),
  stub: fc.boolean(),
  titleInferred: fc.boolean(),
  firstAuthor: fc.option(fc.string({ unit: "binary", maxLength: 30 }), { nil: null }),
  authorCount: fc.nat({ max: 50 }),
  builtByCount: fc.option(fc.nat(), { nil: null }),
}) satisfies fc.Arbitrary<PaperBrief>;

const answer: fc.Arbitrary<ClosureResponse> = fc.record({
  paper: brief,
  direction: fc.constantFrom("buildsOn" as const, "builtBy" as const),
  depth: fc.integer({ min: 2, max: 3 }),
  papers: fc.array(
    fc.tuple(brief, fc.integer({ min: 1, max: 3 })).map(([b, depth]): ReachedPaper => Object.assign({}, b, { depth })),
    { maxLength: 12 },
  ),
  truncated: fc.boolean(),
});

describe("a deep closure's JSON text", () => {
  it("is JSON.stringify's for every paper of a database, both directions, every depth, asked twice", () => {
    const api = new LineageApi(session.db, session);
    const texts = new ClosureText();
    const ids = session.current().index.ids;
    expect(ids.length).toBeGreaterThan(100);
    let deep = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (const id of ids) {
        for (const direction of ["builds-on", "built-by"]) {
          for (const depth of [1, 2, 3]) {
            const pathname = `/api/papers/${encodeURIComponent(id)}/${direction}`;
            const query = new URLSearchParams({ depth: String(depth) });
            const request = readEndpoint(pathname, query);
            const { status, body } = api.handle(pathname, query, request);
            expect(status, pathname).toBe(200);
            expect(texts.answerText(api.answeredFrom, request, status, body), `${pathname} depth ${depth}`).toBe(JSON.stringify(body));
            if (depth > 1 && (body as ClosureResponse).papers.length > 0) deep++;
          }
        }
      }
    }
    expect(deep).toBeGreaterThan(100);
  });

  it("is JSON.stringify's for any briefs, with kept texts bounded or not", () => {
    fc.assert(
      fc.property(fc.array(answer, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 5 }), (answers, maxKept) => {
        const kept = new ClosureText(maxKept);
        for (const a of answers) {
          // Within one graph a paper's brief is the same in every answer.
          const briefOf = new Map<string, ReachedPaper>();
          const papers = a.papers.map((p) => {
            if (!briefOf.has(p.id)) briefOf.set(p.id, p);
            return Object.assign({}, briefOf.get(p.id), { depth: p.depth });
          });
          const consistent = Object.assign({}, a, { papers });
          expect(kept.of(graphA, consistent)).toBe(JSON.stringify(consistent));
          expect(kept.of(graphA, consistent)).toBe(JSON.stringify(consistent));
        }
      }),
      { seed: 23, numRuns: 300 },
    );
  });

  it("never uses one graph's brief text in another graph's answer", () => {
    const texts = new ClosureText();
    const reached = (title: string): ReachedPaper => Object.assign(briefOf("acl:X00-0001", title, 2000, { aclId: "X00-0001", builtByCount: 1 }), { depth: 2 });
    const of = (papers: ReachedPaper[]): ClosureResponse => ({ paper: Object.assign({}, papers[0] as PaperBrief), direction: "buildsOn", depth: 2, papers, truncated: false });
    const before = of([reached("An Old Title")]);
    const after = of([reached("A New Title")]);
    expect(texts.of(graphA, before)).toBe(JSON.stringify(before));
    expect(texts.of(graphB, after)).toBe(JSON.stringify(after));
    expect(texts.of(graphA, before)).toContain("An Old Title");
  });

  it("leaves one-step lists, which carry a relevance per answer, to JSON.stringify", () => {
    const texts = new ClosureText();
    const withRelevance = (relevance: number): ClosureResponse => ({
      paper: briefOf("p", "P", null),
      direction: "builtBy",
      depth: 1,
      papers: [Object.assign(briefOf("q", "Q", null, { builtByCount: 0 }), { depth: 1, relevance })],
      truncated: false,
    });
    for (const r of [0.5, 0.25]) expect(texts.of(graphA, withRelevance(r))).toBe(JSON.stringify(withRelevance(r)));
  });
});
