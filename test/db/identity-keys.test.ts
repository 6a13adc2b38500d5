/**
 * Identity resolution decomposes over identity keys (db/identity-keys.ts): resolving each group of
 * mentions that share keys (directly or through others) on its own gives every mention the paper,
 * and every group the merge decisions in the order, that resolving all of them together gives.
 * This is what lets a batch resolve only what it can reach (db/graph-increment.ts). Random
 * mentions (seeded) drawn from small pools of identifiers, titles ("Name: subtitle", bare names,
 * short names, acronyms a title or an abstract defines, inferred titles) and years, so that every
 * rule merges, refuses and meets ambiguity.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { identityKeys } from "../../db/identity-keys.ts";
import { mentionRow, type MentionRaw } from "../../db/graph-builder.ts";
import type { MentionRow } from "../../db/paper-facts.ts";
import { resolveIdentities, type MentionRole } from "../../vocabulary/identity.ts";
import { normalizeTitle } from "../../vocabulary/titles.ts";
import { ABSTRACTS, ACL, ARXIV, DOI, TITLES, YEARS } from "../helpers/identity-pools.ts";

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 2 });

/** A mention's values as the builder reads them, before its id and page. */
const mentionArb = fc.record({
  role: fc.constantFrom<MentionRole>("self", "builds_on", "built_by"),
  title: maybe(fc.constantFrom(...TITLES)),
  year: maybe(fc.constantFrom(...YEARS)),
  arxiv: maybe(fc.constantFrom(...ARXIV)),
  doi: maybe(fc.constantFrom(...DOI)),
  acl: maybe(fc.constantFrom(...ACL)),
  abstract: maybe(fc.constantFrom(...ABSTRACTS)),
  inferred: fc.boolean(),
});

type Drawn = typeof mentionArb extends fc.Arbitrary<infer T> ? T : never;

function rows(drawn: Drawn[], order: number[]): MentionRow[] {
  return drawn.map((m, i) => {
    const raw: MentionRaw = [
      i + 1,
      i + 1,
      m.role,
      0,
      m.title,
      m.title ? normalizeTitle(m.title) || null : null,
      m.year,
      m.arxiv,
      m.doi,
      m.acl,
      null,
      null,
      null,
      m.role === "self" ? m.abstract : null,
      m.role === "self" && m.inferred ? 1 : 0,
      "[]",
      null,
      null,
    ];
    const row = mentionRow(raw, undefined);
    row.sortKey = order[i] ?? i;
    return row;
  });
}

/** The mentions in groups that share identity keys, each group in the order given. */
function groups(mentions: readonly MentionRow[]): MentionRow[][] {
  const parent = mentions.map((_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x] as number)));
  const holder = new Map<string, number>();
  mentions.forEach((m, i) => {
    for (const k of identityKeys(m)) {
      const other = holder.get(k);
      if (other === undefined) holder.set(k, i);
      else parent[find(i)] = find(other);
    }
  });
  const out = new Map<number, MentionRow[]>();
  mentions.forEach((m, i) => {
    const root = find(i);
    out.set(root, [...(out.get(root) ?? []), m]);
  });
  return [...out.values()];
}

describe("identity resolution by groups of shared keys", () => {
  it("gives each mention the paper, and each group the decisions in order, that resolving all together gives", () => {
    let split = 0;
    fc.assert(
      fc.property(
        fc
          .array(mentionArb, { minLength: 1, maxLength: 40 })
          .chain((drawn) => fc.tuple(fc.constant(drawn), fc.shuffledSubarray([...drawn.keys()], { minLength: drawn.length, maxLength: drawn.length }))),
        ([drawn, order]) => {
          const all = rows(drawn, order);
          const whole = resolveIdentities(all);
          const parts = groups(all);
          if (parts.length > 1) split++;
          for (const part of parts) {
            const alone = resolveIdentities(part);
            const ids = new Set(part.map((m) => m.id));
            for (const m of part) expect(alone.paperOf.get(m.id)).toBe(whole.paperOf.get(m.id));
            expect(alone.decisions).toEqual(whole.decisions.filter((d) => ids.has(d.a)));
          }
        },
      ),
      { seed: 27, numRuns: 400 },
    );
    // The property says something only if the mentions fall into several groups.
    expect(split).toBeGreaterThan(200);
  });
});
