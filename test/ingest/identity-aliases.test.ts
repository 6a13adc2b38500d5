/**
 * A work's short names (vocabulary/aliases.ts) and rule 5 of identity resolution
 * (vocabulary/identity-aliases.ts): a page titled by a short name joins the one titled paper that
 * goes by it, and stays apart when two papers do, when years disagree or identifiers conflict; a
 * short form counts only when the work defines it for itself; the result never depends on the
 * order mentions arrive in. All works are invented.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { definedShortForms, isShortName, leadingName, longFormOf, titleAcronym, workAliases } from "../../vocabulary/aliases.ts";
import { resolveIdentities, type Mention } from "../../vocabulary/identity.ts";
import { normalizeTitle, titleParts } from "../../vocabulary/titles.ts";
import type { Identifiers } from "../../vocabulary/paper-page.ts";

let next = 1;
function mention(title: string, extra: { ids?: Identifiers; year?: number; abstract?: string; inferred?: boolean } = {}): Mention {
  const id = next++;
  const m: Mention = { id, sortKey: id, role: "self", ids: extra.ids ?? {}, normTitle: normalizeTitle(title) };
  const parts = titleParts(title);
  if (parts) m.titleParts = parts;
  if (extra.year !== undefined) m.year = extra.year;
  if (extra.inferred) m.titleInferred = true;
  else m.aliases = workAliases(title, extra.abstract);
  return m;
}

function papers(mentions: Mention[]): string[][] {
  const { paperOf } = resolveIdentities(mentions);
  const groups = new Map<string, string[]>();
  for (const m of mentions) groups.set(paperOf.get(m.id) ?? "", [...(groups.get(paperOf.get(m.id) ?? "") ?? []), m.normTitle ?? ""]);
  return [...groups.values()].map((g) => g.sort()).sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

const GAUGE = "Beyond the Rain Gauge: Quantifying What Models Read from Instruments";
const GAUGE_ABSTRACT = "To address this, we introduce the Beyond the Rain Gauge benchmark (GAUGE-bench), 84 invented tasks. Large language models (LLMs) read digits well.";

describe("a work's short names", () => {
  it("are the name before a colon, the title's acronym without a leading verb, and the short forms it defines for itself", () => {
    expect(leadingName("TideQA: Measuring How Models Mimic Harbour Myths")).toBe("tideqa");
    expect(titleAcronym("Holistic Evaluation of Invented Models")).toBe("heim");
    expect(titleAcronym("Measuring Massive Multitask Harbour Understanding")).toBe("mmhu");
    expect(titleAcronym("Two Words")).toBeUndefined();
    expect(longFormOf("GAUGE-bench", "we introduce the Beyond the Rain Gauge benchmark")).toBe("Gauge benchmark");
    expect(longFormOf("HEIM", "We present Holistic Evaluation of Invented Models")).toBe("Holistic Evaluation of Invented Models");
    expect(longFormOf("XYZ", "nothing to match here")).toBeUndefined();
    // "(LLMs)" is defined, but not as the work's own: the sentence introduces nothing of the paper's.
    expect(definedShortForms(GAUGE_ABSTRACT, GAUGE)).toEqual(["gaugebench"]);
    expect(workAliases(GAUGE, GAUGE_ABSTRACT)).toEqual(["beyondtheraingauge", "gaugebench"]);
    expect(isShortName("gauge bench")).toBe(true);
    expect(isShortName("beyond the rain gauge quantifying")).toBe(false);
  });
});

describe("rule 5: a short name joins the one titled paper that goes by it", () => {
  it("merges a page titled by the short form the work defines, with years that agree or are unknown", () => {
    expect(papers([mention(GAUGE, { year: 2032, abstract: GAUGE_ABSTRACT }), mention("Gauge-Bench"), mention("GAUGE-bench", { year: 2031 })])).toEqual([
      ["beyond the rain gauge quantifying what models read from instruments", "gauge-bench", "gauge-bench"],
    ]);
    const { decisions } = resolveIdentities([mention(GAUGE, { year: 2032, abstract: GAUGE_ABSTRACT }), mention("Gauge-Bench")]);
    expect(decisions.find((d) => d.rule === "title-alias")?.detail).toMatch(/"gaugebench" is a name of "beyond the rain gauge/);
  });

  it("keeps it apart when two papers go by the name, when years disagree, or when identifiers conflict, saying why", () => {
    const two = resolveIdentities([mention("Harbour Evaluation of Language Models", { year: 2032 }), mention("Heuristic Estimation of Latent Meaning", { year: 2030 }), mention("HELM")]);
    expect(new Set(two.paperOf.values()).size).toBe(3);
    expect(two.decisions.find((d) => d.rule === "title-ambiguous")?.detail).toMatch(/"helm" is a name of 2 papers/);
    const years = resolveIdentities([mention(GAUGE, { year: 2032, abstract: GAUGE_ABSTRACT }), mention("Gauge-Bench", { year: 2036 })]);
    expect(new Set(years.paperOf.values()).size).toBe(2);
    expect(years.decisions.find((d) => d.rule === "title-alias")?.detail).toMatch(/years 2032 and 2036/);
    const ids = resolveIdentities([mention(GAUGE, { ids: { arxiv: "3106.90001" }, abstract: GAUGE_ABSTRACT }), mention("Gauge-Bench", { ids: { arxiv: "3106.90002" } })]);
    expect(new Set(ids.paperOf.values()).size).toBe(2);
  });

  it("never merges by a name the work does not define, nor by a title inferred from a first sentence", () => {
    expect(papers([mention(GAUGE, { year: 2032, abstract: "Large language models (LLMs) read gauges." }), mention("LLMs")])).toHaveLength(2);
    expect(papers([mention(GAUGE, { year: 2032, abstract: GAUGE_ABSTRACT }), mention("Gauge-Bench", { inferred: true })])).toHaveLength(2);
  });

  it("does not depend on the order the mentions arrive in (property)", () => {
    const all = [
      mention(GAUGE, { year: 2032, abstract: GAUGE_ABSTRACT }),
      mention("Gauge-Bench"),
      mention("Harbour Evaluation of Language Models", { year: 2031 }),
      mention("HELM"),
      mention("Ebb Tables", { year: 2029 }),
    ];
    const expected = papers(all);
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), (shuffled) => {
        const keyed = shuffled.map((m, i) => ({ ...m, sortKey: [...all].indexOf(m) + 1, id: 100 + i }));
        expect(papers(keyed)).toEqual(expected);
      }),
      { seed: 20260326, numRuns: 50 },
    );
  });
});
