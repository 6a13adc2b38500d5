/**
 * Rule 3 of identity resolution (vocabulary/identity.ts): titles written "Name: subtitle".
 * Papers that introduce a benchmark, a metric or a model are cited by their name, and sites
 * print their titles differently: the name alone ("REALTOXICITY PROMPTS", "RULER"), the name with
 * a reworded subtitle ("GPQA: Graduate-Level Google-Proof QA Benchmark" for "GPQA: A
 * Graduate-Level Google-Proof Q&A Benchmark", "… of Your LLM?" for "… of Your Long-Context
 * Language Models?"), or spaced differently. Per name (vocabulary/titles.ts titleParts: the part
 * before the colon, its spaces taken out), in sorted order:
 *   a. clusters whose subtitles under that name are close (most of the shorter one's telling
 *      words are in the other) are one paper;
 *   b. when one paper is left under the name, a cluster titled by the bare name joins it;
 *   c. when several different papers share the name, nothing joins any of them by it.
 * Always with identifiers that do not conflict and years that agree (within one) where both are
 * known. Only read titles take part: a title inferred from a first sentence never does. A title
 * holding the name elsewhere ("Judging LLM-as-a-Judge with MT-Bench and Chatbot Arena" holds
 * "Chatbot Arena") is another title, and names that are common words name nothing.
 */
import type { Clusters } from "./identity-clusters.ts";
import type { Mention } from "./identity.ts";
import { squashed } from "./titles.ts";
import { cmp, type Decide } from "./identity-titles.ts";

/** Words too common to tell two subtitles apart. */
const STOPWORDS = new Set("a an the of for in on to and or with by from at as is are be your our its their this that what which how can do does we you s via using towards toward new".split(" "));
/** Names that name no work: a bare title made of one of these is a section, not a paper. */
const GENERIC_NAMES = new Set(
  "survey review overview introduction tutorial abstract editorial preface appendix erratum corrigendum commentary response reply keynote position positionpaper chapter proceedings".split(" "),
);
const MIN_NAME = 4;
/** Share of the shorter subtitle's telling words the other must hold, and the fewest of them. */
const CLOSE_SHARE = 0.6;
const CLOSE_MIN_WORDS = 2;

/** The telling words of a subtitle; letters written apart ("q a" for "Q&A") joined again. */
export function tellingWords(subtitle: string): Set<string> {
  const words: string[] = [];
  let letters = "";
  for (const w of subtitle.split(/[\s-]+/)) {
    if (w.length === 1 && /\p{L}/u.test(w)) {
      letters += w;
      continue;
    }
    if (letters) words.push(letters);
    letters = "";
    words.push(w);
  }
  if (letters) words.push(letters);
  return new Set(words.filter((w) => w && !STOPWORDS.has(w)));
}

export function closeSubtitles(a: string, b: string): boolean {
  if (a === b) return true;
  const x = tellingWords(a);
  const y = tellingWords(b);
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared >= CLOSE_MIN_WORDS && shared >= CLOSE_SHARE * Math.min(x.size, y.size);
}

interface Named {
  pos: number;
  subtitle?: string;
}

export function mergeByTitleName(c: Clusters, sorted: readonly Mention[], decide: Decide): void {
  const byName = new Map<string, Named[]>();
  sorted.forEach((m, pos) => {
    if (m.titleInferred || !m.normTitle) return;
    const parts = m.titleParts;
    const name = parts ? parts.name : squashed(m.normTitle);
    if (name.length < MIN_NAME || GENERIC_NAMES.has(name)) return;
    const list = byName.get(name) ?? [];
    list.push(parts ? { pos, subtitle: parts.subtitle } : { pos });
    byName.set(name, list);
  });
  const yearsFit = (a: number, b: number) => !c.dated(a) || !c.dated(b) || c.yearsAgree(a, b);
  for (const name of [...byName.keys()].sort(cmp)) {
    const named = byName.get(name) ?? [];
    const long = named.filter((n) => n.subtitle !== undefined);
    if (long.length === 0 || c.roots(named.map((n) => n.pos)).length < 2) continue;
    // a. Close subtitles under one name.
    for (let i = 0; i < long.length; i++) {
      for (let j = i + 1; j < long.length; j++) {
        const [x, y] = [long[i] as Named, long[j] as Named];
        if (c.find(x.pos) === c.find(y.pos) || !closeSubtitles(x.subtitle ?? "", y.subtitle ?? "")) continue;
        if (c.conflict(x.pos, y.pos) || !yearsFit(x.pos, y.pos)) {
          decide(
            "kept-apart",
            "title-name",
            x.pos,
            y.pos,
            `"${name}" with close subtitles, but ${c.conflict(x.pos, y.pos) ? `different ${c.conflict(x.pos, y.pos)}` : `years ${c.yearText(x.pos)} and ${c.yearText(y.pos)}`}`,
          );
          continue;
        }
        c.union(x.pos, y.pos);
        decide("merged", "title-name", x.pos, y.pos, `the same name "${name}" with close subtitles ("${x.subtitle}", "${y.subtitle}")`);
      }
    }
    // b and c. The bare name joins the one paper of that name.
    const works = c.roots(long.map((n) => n.pos));
    const bare = c.roots(named.filter((n) => n.subtitle === undefined).map((n) => n.pos)).filter((r) => !works.includes(r));
    for (const b of bare) {
      const only = works.length === 1 && works[0] !== undefined ? c.find(works[0]) : undefined;
      if (only === undefined) {
        decide("kept-apart", "title-ambiguous", b, works[0] as number, `"${name}" names ${works.length} different papers`);
      } else if (c.conflict(only, b) || !yearsFit(only, b)) {
        decide(
          "kept-apart",
          "title-name",
          only,
          b,
          `"${name}" is this paper's name, but ${c.conflict(only, b) ? `different ${c.conflict(only, b)}` : `years ${c.yearText(only)} and ${c.yearText(b)}`}`,
        );
      } else {
        c.union(only, b);
        decide("merged", "title-name", only, b, `"${name}" is the name of the one paper titled "${name}: …"`);
      }
    }
  }
}
