/**
 * Properties of search on random hand-made maps (fast-check, seeded): a paper's identifier, in
 * any form, always brings it first; its exact title always brings first a paper of that title
 * (it, or another paper the map keeps apart under the same title), however famous the papers
 * sharing its words are, even when another paper's record gives that title as its short title,
 * whatever the case and spacing the title is typed in.
 */
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { searchPapers } from "../../library/paper-search.ts";
import { normalizeTitle } from "../../vocabulary/titles.ts";
import { tempDir } from "../helpers/cli.ts";
import { arxivOf, idOf, inventedMap, type InventedPaper } from "./invented-map.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const WORDS = ["ledger", "tidal", "harbour", "quill", "grading", "models", "of", "the", "a", "tide", "ledgers", "harbor", "sense", "treebank", "TSG", "Quill:"];
const AUTHORS = ["Orla Quenby", "Piet Varga", "Ines Morrow", "Franz Ochre", "Dana Ledger"];

const paper: fc.Arbitrary<InventedPaper> = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((w) => w.join(" ")),
  authors: fc.subarray(AUTHORS, { maxLength: 2 }),
  year: fc.integer({ min: 1990, max: 2024 }),
  citedBy: fc.nat({ max: 6 }),
  reported: fc.option(fc.nat({ max: 5000 }), { nil: undefined }),
  // Names from records, which rank just below an exact title: another paper's title, at times.
  recordNames: fc.subarray(WORDS, { maxLength: 2 }).map((names) => names.map((text) => ({ kind: "short-title" as const, text }))),
});

let maps = 0;

describe("search on random maps", () => {
  it("brings a paper first by its identifier, and a paper of the title first by an exact title", () => {
    fc.assert(
      fc.property(fc.array(paper, { minLength: 2, maxLength: 14 }), fc.nat(), fc.boolean(), (drawn, pick, shout) => {
        const i = pick % drawn.length;
        const target = drawn[i] as InventedPaper;
        // A rival the map cites most, whose record gives the target's title as its short title.
        const rival: InventedPaper = { title: `Rival Zqx ${target.title}`, citedBy: 9, reported: 9000, recordNames: [{ kind: "short-title", text: target.title }] };
        const papers = [...drawn, rival];
        const db = inventedMap(tmp.dir, `map${maps++}`, papers);
        try {
          const graph = new LineageGraph(db);
          for (const ref of [arxivOf(i), `arXiv:${arxivOf(i)}`, `https://arxiv.org/abs/${arxivOf(i)}v1`, idOf(i)]) {
            expect(searchPapers(db, graph, ref, 3)[0]?.id, ref).toBe(idOf(i));
          }
          const typed = shout ? `  ${target.title.toUpperCase()} ` : target.title;
          const top = searchPapers(db, graph, typed, 3)[0];
          expect(top, typed).toBeDefined();
          expect(normalizeTitle(top?.title ?? ""), typed).toBe(normalizeTitle(target.title));
          expect(top?.match.how).toBe("title");
        } finally {
          db.close();
        }
      }),
      { seed: 20260424, numRuns: 25 },
    );
  });
});
