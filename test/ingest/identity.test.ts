/** Identity resolution rules, and that the result never depends on the order mentions arrive in. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveIdentities, type Mention } from "../../vocabulary/identity.ts";
import { normalizeTitle } from "../../vocabulary/titles.ts";

let next = 1;
function mention(partial: Partial<Mention> & { title?: string }): Mention {
  const id = next++;
  const { title, ...rest } = partial;
  return { id, sortKey: id * 7, role: "builds_on", ids: {}, ...(title ? { normTitle: normalizeTitle(title) } : {}), ...rest };
}

function groups(mentions: Mention[]): number[][] {
  const r = resolveIdentities(mentions);
  const byPaper = new Map<string, number[]>();
  for (const m of mentions) {
    const paper = r.paperOf.get(m.id) ?? "?";
    byPaper.set(
      paper,
      [...(byPaper.get(paper) ?? []), m.sortKey].sort((a, b) => a - b),
    );
  }
  return [...byPaper.values()].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
}

describe("resolveIdentities", () => {
  it("merges mentions sharing an identifier, and a title-only stub with its identified paper", () => {
    const a = mention({ ids: { arxiv: "2303.08774" }, title: "GPT-4 Technical Report", year: 2023 });
    const b = mention({ ids: {}, title: "GPT\u20114 Technical Report", year: 2023 });
    const c = mention({ ids: { arxiv: "2303.08774", doi: "10.1/x" } });
    const r = resolveIdentities([a, b, c]);
    expect(new Set([a, b, c].map((m) => r.paperOf.get(m.id)))).toEqual(new Set(["arxiv:2303.08774"]));
    expect(
      r.decisions
        .filter((d) => d.decision === "merged")
        .map((d) => d.rule)
        .sort(),
    ).toEqual(["identifier", "title"]);
  });

  it("never merges two different identifiers of one kind, even through a shared one", () => {
    const a = mention({ ids: { arxiv: "1111.11111", doi: "10.1/shared" } });
    const b = mention({ ids: { arxiv: "2222.22222", doi: "10.1/shared" } });
    const r = resolveIdentities([a, b]);
    expect(r.paperOf.get(a.id)).not.toBe(r.paperOf.get(b.id));
    expect(r.decisions).toContainEqual(expect.objectContaining({ decision: "kept-apart", rule: "identifier-conflict" }));
  });

  it("keeps same-titled papers apart when years are more than one apart", () => {
    const a = mention({ title: "Measurement and Fairness", year: 2019 });
    const b = mention({ title: "Measurement and Fairness", year: 2021 });
    const c = mention({ title: "Measurement and Fairness", year: 2020 });
    expect(groups([a, b]).length).toBe(2);
    // One unknown year merges with either.
    const d = mention({ title: "Measurement and Fairness" });
    expect(groups([a, d]).length).toBe(1);
    expect(groups([a, c]).length).toBe(1);
  });

  it("leaves a stub apart when two identified papers fit it equally", () => {
    const a = mention({ ids: { arxiv: "1111.11111" }, title: "Attention", year: 2020 });
    const b = mention({ ids: { arxiv: "2222.22222" }, title: "Attention", year: 2020 });
    const stub = mention({ title: "Attention", year: 2020 });
    const r = resolveIdentities([a, b, stub]);
    expect(r.paperOf.get(stub.id)).not.toBe(r.paperOf.get(a.id));
    expect(r.paperOf.get(stub.id)).not.toBe(r.paperOf.get(b.id));
    expect(r.decisions).toContainEqual(expect.objectContaining({ rule: "title-ambiguous" }));
  });

  it("gives the same papers whatever the arrival order (property)", () => {
    const pool = [
      mention({ ids: { arxiv: "1111.11111" }, title: "Alpha", year: 2020 }),
      mention({ ids: { arxiv: "1111.11111", doi: "10.1/a" } }),
      mention({ ids: { doi: "10.1/a", acl: "P02-1040" }, title: "Alpha", year: 2021 }),
      mention({ ids: { arxiv: "2222.22222", doi: "10.1/a" } }),
      mention({ title: "Alpha", year: 2020 }),
      mention({ title: "Alpha", year: 2024 }),
      mention({ title: "Alpha" }),
      mention({ ids: { acl: "P02-1040" }, title: "BLEU", year: 2002 }),
      mention({ title: "Beta", year: 2001 }),
      mention({ title: "Beta", year: 2002 }),
      mention({ title: "Beta", year: 2003 }),
      mention({ ids: { arxiv: "3333.33333" }, title: "Beta", year: 2002 }),
      mention({ ids: { arxiv: "4444.44444" }, title: "Beta", year: 2003 }),
    ];
    const expected = groups(pool);
    const expectedIds = resolveIdentities(pool).paperOf;
    fc.assert(
      fc.property(fc.shuffledSubarray(pool, { minLength: pool.length, maxLength: pool.length }), (shuffled) => {
        // Arrival order also changes database ids: renumber in arrival order.
        const renumbered = shuffled.map((m, i) => ({ ...m, id: 1000 + i }));
        expect(groups(renumbered)).toEqual(expected);
        const ids = resolveIdentities(renumbered).paperOf;
        renumbered.forEach((m, i) => expect(ids.get(m.id)).toBe(expectedIds.get(shuffled[i]?.id ?? -1)));
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
