/**
 * Rule 3 of identity resolution (vocabulary/identity-names.ts): a work named "Name: subtitle" is one
 * paper across sites that print its name alone, reword its subtitle or space its name; a name
 * two different works share decides nothing, a title that holds the name elsewhere is another
 * title, and the result never depends on the order mentions arrive in. All works are invented.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveIdentities, type Mention } from "../../vocabulary/identity.ts";
import { normalizeTitle, titleParts } from "../../vocabulary/titles.ts";
import { closeSubtitles, tellingWords } from "../../vocabulary/identity-names.ts";
import type { Identifiers } from "../../vocabulary/paper-page.ts";

let next = 1;
function mention(title: string, extra: { ids?: Identifiers; year?: number; inferred?: boolean } = {}): Mention {
  const id = next++;
  const m: Mention = { id, sortKey: id, role: "self", ids: extra.ids ?? {}, normTitle: normalizeTitle(title) };
  const parts = titleParts(title);
  if (parts) m.titleParts = parts;
  if (extra.year !== undefined) m.year = extra.year;
  if (extra.inferred) m.titleInferred = true;
  return m;
}

/** Which mentions ended up as one paper: groups of titles. */
function papers(mentions: Mention[]): string[][] {
  const { paperOf } = resolveIdentities(mentions);
  const groups = new Map<string, string[]>();
  for (const m of mentions) {
    const key = paperOf.get(m.id) ?? "";
    groups.set(key, [...(groups.get(key) ?? []), m.normTitle ?? ""]);
  }
  return [...groups.values()].map((g) => g.sort()).sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

describe("titles written Name: subtitle", () => {
  it("read a name and a subtitle only from a short name before a colon", () => {
    expect(titleParts("QUILLBENCH: A Benchmark of Hand-Written Proofs")).toEqual({ name: "quillbench", subtitle: "a benchmark of hand-written proofs" });
    expect(titleParts("Quill Bench: A Benchmark of Hand-Written Proofs")?.name).toBe("quillbench");
    expect(titleParts("Judging Proof Checkers with QuillBench and Friends: A Study")).toBeUndefined();
    expect(titleParts("No colon at all")).toBeUndefined();
    expect([...tellingWords("a graduate-level q a benchmark")]).toEqual(["graduate", "level", "qa", "benchmark"]);
    expect(closeSubtitles("what is the real depth of your proof checker", "what is the real depth of your long-form proof checkers")).toBe(true);
    expect(closeSubtitles("a benchmark of hand-written proofs", "learning to rank shipping routes")).toBe(false);
  });

  it("make one paper of a name printed alone, respaced or with a reworded subtitle", () => {
    const groups = papers([
      mention("QuillBench: A Graduate-Level Proof-Checking Q&A Benchmark", { ids: { arxiv: "2399.91234" }, year: 2023 }),
      mention("QuillBench: Graduate-Level Proof-Checking QA Benchmark"),
      mention("QUILL BENCH"),
      mention("Fathom: What's the Real Depth of Your Long-Form Proof Checkers?", { ids: { arxiv: "2398.94321" }, year: 2024 }),
      mention("FATHOM: What's the Real Depth of Your Checker?", { year: 2024 }),
      mention("Fathom"),
    ]);
    expect(groups).toHaveLength(2);
    expect(groups.map((g) => g.length).sort()).toEqual([3, 3]);
  });

  it("keep apart what a shared name cannot decide, what conflicts, and titles that only hold the name", () => {
    const groups = papers([
      // Two different works called Lumen: a bare "Lumen" could be either.
      mention("Lumen: Learning to Rank Shipping Routes", { ids: { doi: "10.5555/lumen.routes" }, year: 2019 }),
      mention("Lumen: A Benchmark of Hand-Drawn Maps", { ids: { doi: "10.5555/lumen.maps" }, year: 2022 }),
      mention("Lumen"),
      // Close subtitles, but the years are ten apart.
      mention("Cinder: Measuring Heat in Small Kilns", { year: 2001 }),
      mention("Cinder: Measuring the Heat of Small Kilns", { year: 2011 }),
      // A title that holds the name "Parley Arena" elsewhere is another work.
      mention("Parley Arena: An Open Platform for Scoring Dialogue Systems", { year: 2024 }),
      mention("Scoring Dialogue Systems with Rubrics and Parley Arena", { year: 2023 }),
      // A first sentence taken for a title never joins by name.
      mention("Sable: Counting Birds From Space", { ids: { arxiv: "2397.90001" } }),
      mention("Sable", { inferred: true }),
      // A generic word names nothing.
      mention("Survey: Twenty Years of Kiln Design"),
      mention("Survey"),
    ]);
    expect(groups.every((g) => g.length === 1)).toBe(true);
  });

  it("give the same papers whatever order the mentions arrive in", () => {
    const titles = [
      "QuillBench: A Graduate-Level Proof-Checking Q&A Benchmark",
      "QuillBench: Graduate-Level Proof-Checking QA Benchmark",
      "QUILL BENCH",
      "Lumen: Learning to Rank Shipping Routes",
      "Lumen",
      "Lumen: A Benchmark of Hand-Drawn Maps",
      "Fathom",
      "Fathom: What's the Real Depth of Your Checker?",
    ];
    const reference = papers(titles.map((t) => mention(t)));
    fc.assert(
      fc.property(fc.shuffledSubarray(titles, { minLength: titles.length }), (order) => {
        expect(papers(order.map((t) => mention(t)))).toEqual(reference);
      }),
      { seed: 3301, numRuns: 60 },
    );
  });
});
