/**
 * The title rules of identity resolution (issue 16): a page that shows a title but no year joins
 * the one paper of that title and stays apart when there are several; a title that is a prefix of
 * another, or contains it, is another title; a title inferred from a first sentence joins a paper
 * only by identifier, or by its read title when both years are known and agree, and never another
 * inferred title; every decision is logged, and none depends on the order mentions arrive in.
 * Titles and identifiers are invented.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveIdentities, type Mention } from "../../vocabulary/identity.ts";
import { normalizeTitle } from "../../vocabulary/titles.ts";

let next = 1;
function mention(partial: Partial<Mention> & { title?: string }): Mention {
  const id = next++;
  const { title, ...rest } = partial;
  return { id, sortKey: id * 7, role: "self", ids: {}, ...(title ? { normTitle: normalizeTitle(title) } : {}), ...rest };
}

const together = (ms: Mention[], a: Mention, b: Mention) => {
  const r = resolveIdentities(ms);
  return r.paperOf.get(a.id) === r.paperOf.get(b.id);
};

describe("a title with no year", () => {
  it("joins the one paper of its title, identified or not", () => {
    const dated = mention({ ids: { doi: "10.5555/tides.1" }, title: "Tidal Benchmarks for Invented Models", year: 2031 });
    const yearless = mention({ title: "Tidal benchmarks for invented models" });
    expect(together([dated, yearless], dated, yearless)).toBe(true);
    const stub = mention({ role: "builds_on", title: "Ebb Tables", year: 2029 });
    const page = mention({ title: "Ebb Tables" });
    const r = resolveIdentities([stub, page]);
    expect(r.paperOf.get(stub.id)).toBe(r.paperOf.get(page.id));
    expect(r.decisions).toContainEqual(expect.objectContaining({ decision: "merged", rule: "title", detail: expect.stringMatching(/no year on one side/) }));
  });

  it('stays apart when two papers of its title have different years (two papers called "Attention")', () => {
    for (const ids of [
      [{}, {}],
      [{ arxiv: "1706.00001" }, { arxiv: "2104.00002" }],
      [{ arxiv: "1706.00001" }, {}],
    ]) {
      const old = mention({ ids: ids[0] ?? {}, title: "Attention", year: 2017 });
      const recent = mention({ ids: ids[1] ?? {}, title: "Attention", year: 2021 });
      const yearless = mention({ title: "Attention" });
      const r = resolveIdentities([old, recent, yearless]);
      expect(new Set([old, recent, yearless].map((m) => r.paperOf.get(m.id))).size).toBe(3);
      expect(r.decisions).toContainEqual(
        expect.objectContaining({ decision: "kept-apart", rule: "title-ambiguous", detail: expect.stringMatching(/no year fits 2 papers of this title \(years 2017, 2021\)/) }),
      );
    }
  });

  it("merges with other yearless mentions of the title unless their identifiers conflict", () => {
    const a = mention({ ids: { arxiv: "3101.00001" }, title: "Neap Tides" });
    const b = mention({ ids: { doi: "10.5555/neap" }, title: "Neap Tides" });
    const stub = mention({ role: "builds_on", title: "Neap Tides" });
    expect(new Set(resolveIdentities([a, b, stub]).paperOf.values()).size).toBe(1);
    const c = mention({ ids: { arxiv: "3101.00002" }, title: "Neap Tides" });
    const r = resolveIdentities([a, c, stub]);
    expect(new Set([a, c, stub].map((m) => r.paperOf.get(m.id))).size).toBe(3);
    expect(r.decisions.map((d) => d.rule)).toEqual(expect.arrayContaining(["title-id-conflict", "title-ambiguous"]));
  });
});

describe("titles that differ", () => {
  it("keeps a short title apart from a longer one that contains it, and a prefix from the whole", () => {
    const arena = mention({ ids: { arxiv: "3102.00010" }, title: "Tide Arena: An Open Platform for Judging Tides", year: 2032 });
    const judging = mention({ ids: { arxiv: "3102.00020" }, title: "Judging Tides with Tide Bench and Tide Arena", year: 2032 });
    const short = mention({ title: "Tide Arena", year: 2032 });
    const prefix = mention({ title: "Judging Tides", year: 2032 });
    const r = resolveIdentities([arena, judging, short, prefix]);
    expect(new Set([arena, judging, short, prefix].map((m) => r.paperOf.get(m.id))).size).toBe(4);
    expect(r.decisions).toEqual([]);
  });
});

describe("inferred titles", () => {
  const read = mention({ ids: { doi: "10.5555/spring" }, title: "Spring Tides at Scale", year: 2033 });

  it("join the paper with that read title when both years are known and agree", () => {
    const inferred = mention({ title: "Spring Tides at Scale", titleInferred: true, year: 2033 });
    const r = resolveIdentities([read, inferred]);
    expect(r.paperOf.get(inferred.id)).toBe(r.paperOf.get(read.id));
    expect(r.decisions).toContainEqual(expect.objectContaining({ decision: "merged", rule: "title-inferred" }));
  });

  it("stay apart without a year, or with a year that does not agree, and say why", () => {
    const yearless = mention({ title: "Spring Tides at Scale", titleInferred: true });
    const late = mention({ title: "Spring Tides at Scale", titleInferred: true, year: 2036 });
    const r = resolveIdentities([read, yearless, late]);
    expect(new Set([read, yearless, late].map((m) => r.paperOf.get(m.id))).size).toBe(3);
    const details = r.decisions.filter((d) => d.rule === "title-inferred").map((d) => d.detail);
    expect(details).toEqual(expect.arrayContaining([expect.stringMatching(/shows no year to confirm it/), expect.stringMatching(/years 2036 and 2033/)]));
  });

  it("never merge with one another: the same site chrome opens many pages", () => {
    const chrome = "Skip to content Invented Archive We thank our invented sponsors";
    const a = mention({ title: chrome, titleInferred: true, year: 2033 });
    const b = mention({ title: chrome, titleInferred: true, year: 2033 });
    const r = resolveIdentities([a, b]);
    expect(r.paperOf.get(a.id)).not.toBe(r.paperOf.get(b.id));
    expect(r.decisions).toContainEqual(expect.objectContaining({ decision: "kept-apart", rule: "title-inferred", detail: expect.stringMatching(/not matched with one another/) }));
  });

  it("still merge by an identifier", () => {
    const inferred = mention({ ids: { arxiv: "3301.00001" }, title: "Skip to content", titleInferred: true });
    const other = mention({ ids: { arxiv: "3301.00001" }, title: "Spring Tides at Scale" });
    expect(together([inferred, other], inferred, other)).toBe(true);
  });
});

describe("order independence with yearless and inferred titles", () => {
  it("gives the same papers and the same decisions whatever the arrival order (property)", () => {
    const pool = [
      mention({ ids: { arxiv: "1706.00001" }, title: "Attention", year: 2017 }),
      mention({ title: "Attention", year: 2021 }),
      mention({ title: "Attention" }),
      mention({ title: "Attention", titleInferred: true, year: 2017 }),
      mention({ ids: { doi: "10.5555/ebb" }, title: "Ebb Tables" }),
      mention({ title: "Ebb Tables", year: 2029 }),
      mention({ title: "Ebb Tables" }),
      mention({ title: "Ebb Tables", titleInferred: true, year: 2029 }),
      mention({ title: "Ebb Tables", titleInferred: true }),
      mention({ ids: { arxiv: "3101.00001" }, title: "Neap Tides" }),
      mention({ ids: { arxiv: "3101.00002" }, title: "Neap Tides" }),
      mention({ title: "Neap Tides" }),
      mention({ title: "Skip to content", titleInferred: true, year: 2030 }),
      mention({ title: "Skip to content", titleInferred: true, year: 2030 }),
    ];
    const canonical = (ms: Mention[]) => {
      const r = resolveIdentities(ms);
      const bySort = new Map(ms.map((m) => [m.id, m.sortKey]));
      return {
        papers: [...ms].sort((a, b) => a.sortKey - b.sortKey).map((m) => r.paperOf.get(m.id)),
        decisions: r.decisions.map((d) => [d.decision, d.rule, bySort.get(d.a), bySort.get(d.b), d.detail]),
      };
    };
    const expected = canonical(pool);
    fc.assert(
      fc.property(fc.shuffledSubarray(pool, { minLength: pool.length, maxLength: pool.length }), (shuffled) => {
        const renumbered = shuffled.map((m, i) => ({ ...m, id: 5000 + i }));
        expect(canonical(renumbered)).toEqual(expected);
      }),
      { seed: 16, numRuns: 200 },
    );
  });
});
