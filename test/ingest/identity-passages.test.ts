/**
 * Rule 6 of identity resolution (vocabulary/identity-passages.ts): a page with a paper's abstract
 * but no title of it joins the one titled paper whose abstract is the same passage (a preprint's
 * first abstract and its revised one included), and stays apart from near misses (two papers that
 * open alike and share a sentence or two), from two titled papers with that abstract, from a
 * conflicting identifier or year; two untitled pages never merge by themselves; the result does
 * not depend on the order mentions arrive in. All abstracts are invented.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveIdentities, type Mention } from "../../vocabulary/identity.ts";
import { passageOf, passageShare } from "../../vocabulary/identity-passages.ts";
import { normalizeTitle } from "../../vocabulary/titles.ts";
import type { Identifiers } from "../../vocabulary/paper-page.ts";

const OPENING = "Large forecasting models are becoming ever better at reading the sea, and harbours now lean on them for the tides of the coming week.";
const V1 = `${OPENING} We present TideBench, a benchmark of eight harbours that asks a forecaster for water levels a week ahead and checks every answer against the gauge record. Our test of twenty-five forecasters shows that the best of them do well on their own harbour but fall far behind on the others. It also serves as part of a wider project on the honest scoring of coastal forecasts, whose data and scoring code are released with the benchmark.`;
const V3 = `${OPENING} We present TideBench, a benchmark of eight harbours that asks a forecaster for water levels a week ahead and checks every answer against the gauge record. Our test of twenty-seven forecasters shows that the best of them do well on their own harbour but fall far behind on the others. We find that poor handling of drifting gauges and of long records are the main obstacles to forecasters that travel. Training on older records could improve them, whose data and scoring code are released with the benchmark.`;
// A different paper that opens with the same sentence and shares one more, then goes its own way.
const NEAR_MISS = `${OPENING} We present TideBench, a benchmark of eight harbours that asks a forecaster for water levels a week ahead and checks every answer against the gauge record. GaugeWatch instead asks whether the gauges themselves can be trusted, and estimates the drift of each from the records of its neighbours along the coast. On forty gauges of three countries, a third drift by more than a centimetre a year, and a forecaster trained on them learns the drift as if it were the sea, which no score of the usual kind can tell apart.`;

let next = 1;
function mention(opts: { title?: string; inferred?: boolean; abstract?: string; ids?: Identifiers; year?: number }): Mention {
  const id = next++;
  const m: Mention = { id, sortKey: id, role: "self", ids: opts.ids ?? {} };
  if (opts.title) m.normTitle = normalizeTitle(opts.title);
  if (opts.inferred) m.titleInferred = true;
  const passage = passageOf(opts.abstract);
  if (passage) m.passage = passage;
  if (opts.year !== undefined) m.year = opts.year;
  return m;
}

/** The mentions' groups by paper, each as its mentions' ids. */
function groups(mentions: readonly Mention[]): number[][] {
  const { paperOf } = resolveIdentities(mentions);
  const by = new Map<string, number[]>();
  for (const m of mentions) by.set(paperOf.get(m.id) ?? "", [...(by.get(paperOf.get(m.id) ?? "") ?? []), m.id]);
  return [...by.values()].map((g) => g.sort((a, b) => a - b)).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
}

describe("an abstract's passage", () => {
  it("is one passage for a preprint's first and revised abstracts, and not for a near miss", () => {
    const [v1, v3, near] = [passageOf(V1), passageOf(V3), passageOf(NEAR_MISS)];
    expect(v1 && v3 && near).toBeTruthy();
    if (!v1 || !v3 || !near) return;
    expect(passageShare(v1, v1)).toBe(1);
    expect(passageShare(v1, v3)).toBeGreaterThanOrEqual(0.6);
    expect(passageShare(v1, near)).toBeLessThan(0.6);
    // A label before the text is no part of it; a short text is no passage.
    expect(passageOf(`Abstract: ${V1}`)?.opening).toBe(v1.opening);
    expect(passageOf(OPENING)).toBeUndefined();
  });
});

describe("rule 6: an untitled page joins the titled paper whose abstract it shows", () => {
  it("merges a bare abstract and an episode's notes with an arXiv link into the titled record of the revised abstract", () => {
    const titled = mention({ title: "TideBench: Scoring Forecasters on Every Harbour", abstract: V3, year: 2031 });
    const bare = mention({ title: "Large forecasting models are becoming ever better at reading the sea…", inferred: true, abstract: V1 });
    const episode = mention({ abstract: `${V1}\n2031: Ada Quill, Bram Okoye`, ids: { arxiv: "3108.03688" }, year: 2031 });
    expect(groups([titled, bare, episode])).toEqual([[titled.id, bare.id, episode.id]]);
    expect(resolveIdentities([titled, bare]).decisions.find((d) => d.rule === "passage")?.decision).toBe("merged");
  });

  it("keeps a near miss apart, and an abstract two titled papers show", () => {
    const titled = mention({ title: "GaugeWatch: How Far Do Tide Gauges Drift", abstract: NEAR_MISS });
    const bare = mention({ title: "Large forecasting models…", inferred: true, abstract: V1 });
    expect(groups([titled, bare])).toEqual([[titled.id], [bare.id]]);
    const a = mention({ title: "TideBench: Scoring Forecasters on Every Harbour", abstract: V1 });
    const b = mention({ title: "TideBench Two: Scoring Forecasters Again", abstract: V1 });
    const c = mention({ title: "Large forecasting models…", inferred: true, abstract: V1 });
    expect(groups([a, b, c])).toEqual([[a.id], [b.id], [c.id]]);
    expect(resolveIdentities([a, b, c]).decisions.find((d) => d.rule === "passage")?.detail).toMatch(/abstract of 2 titled papers/);
  });

  it("keeps apart what an identifier or the years set apart, and two untitled pages with no identifier", () => {
    const titled = mention({ title: "TideBench: Scoring Forecasters on Every Harbour", abstract: V1, ids: { arxiv: "3108.03688" }, year: 2031 });
    const other = mention({ abstract: V1, ids: { arxiv: "3201.00001" } });
    const late = mention({ title: "Large forecasting…", inferred: true, abstract: V1, year: 2036 });
    expect(groups([titled, other])).toEqual([[titled.id], [other.id]]);
    expect(groups([titled, late])).toEqual([[titled.id], [late.id]]);
    expect(resolveIdentities([titled, late]).decisions.find((d) => d.rule === "passage")?.detail).toMatch(/years 2031 and 2036/);
    const [x, y] = [mention({ title: "Large forecasting…", inferred: true, abstract: V1 }), mention({ title: "Large forecasting…", inferred: true, abstract: V3 })];
    expect(groups([x, y])).toEqual([[x.id], [y.id]]);
  });

  it("gives the same papers whatever order the mentions arrive in", () => {
    const base = [
      mention({ title: "TideBench: Scoring Forecasters on Every Harbour", abstract: V3, year: 2031 }),
      mention({ title: "Large forecasting models…", inferred: true, abstract: V1 }),
      mention({ abstract: V1, ids: { arxiv: "3108.03688" } }),
      mention({ title: "GaugeWatch: How Far Do Tide Gauges Drift", abstract: NEAR_MISS }),
    ];
    const expected = groups(base);
    fc.assert(
      fc.property(fc.shuffledSubarray(base, { minLength: base.length, maxLength: base.length }), (shuffled) => {
        expect(groups(shuffled)).toEqual(expected);
      }),
      { seed: 26, numRuns: 30 },
    );
  });
});
