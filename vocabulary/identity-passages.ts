/**
 * Rule 6 of identity resolution (vocabulary/identity.ts): one abstract on several pages (issue 26).
 * A page that shows a paper's abstract but no title of it (a bare abstract, whose title is only
 * inferred from its first sentence; an episode's notes with an arXiv link) and a page of the same
 * paper with its title are one paper when their abstracts are one passage: they open with the same
 * twelve words, and most of the shorter one's five-word shingles are the longer one's (a preprint's
 * first abstract and its revised one share most of theirs; two papers that open alike part after a
 * sentence). The shingles are compared on a fixed sample (those whose hash is 0 modulo 4), the
 * same shingles on both sides, so the share is the share of the sample (Broder, "On the resemblance
 * and containment of documents", 1997). A cluster with no read title joins the one titled cluster
 * whose abstract it shares, when their identifiers do not conflict and their years agree; several
 * such clusters are ambiguous and it stays apart. Untitled clusters join one another only along
 * with a titled or an identified one: two bare abstracts of one site's chrome do not merge by
 * themselves. Every decision is returned, for `lineage explain`.
 */
import type { Clusters } from "./identity-clusters.ts";
import type { Mention } from "./identity.ts";
import type { Decide } from "./identity-titles.ts";

/** An abstract as the rule compares it: its opening's key, and its text (sampled when compared). */
export interface Passage {
  /** The hash of its first OPENING_WORDS words: mentions are compared only when they share it. */
  opening: string;
  /** The abstract's words; their shingles are sampled only when another abstract opens alike. */
  text: string;
}

/** An abstract shorter than this is no passage to tell a paper by. */
const MIN_WORDS = 40;
const OPENING_WORDS = 12;
const SHINGLE_WORDS = 5;
/** One shingle in SAMPLE_MODULUS is kept, the same ones on every page. */
const SAMPLE_MODULUS = 4;
const MAX_SAMPLE = 400;
/** The share of the shorter abstract's sampled shingles the other must hold. */
const MIN_SHARE = 0.6;
/** Fewer sampled shingles than this say too little. */
const MIN_SAMPLE = 6;
const MAX_TEXT = 20_000;

/** FNV-1a, 32 bits: the same text always gives the same number. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function wordsOf(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize("NFKD")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  // "Abstract", "Abstract:" or "Abstract Abstract" before the text is its label.
  while (words[0] === "abstract") words.shift();
  return words;
}

/** How many spaces the first `within` characters hold (about the words less one). */
function spacesIn(text: string, within: number): number {
  let n = 0;
  for (let i = 0; i < text.length && i < within; i++) if (text.charCodeAt(i) === 32) n++;
  return n;
}

/** An abstract's passage, or undefined when it is too short (or absent). Cheap: only its opening is read. */
export function passageOf(abstract: string | undefined): Passage | undefined {
  if (!abstract || abstract.length < 200 || spacesIn(abstract, 1_500) < MIN_WORDS - 1) return undefined;
  const opening = wordsOf(abstract.slice(0, 400)).slice(0, OPENING_WORDS).join(" ");
  if (opening.split(" ").length < OPENING_WORDS) return undefined;
  return { opening: `${hash32(opening).toString(16)}.${hash32(`${opening}.`).toString(16)}`, text: abstract.slice(0, MAX_TEXT) };
}

const samples = new WeakMap<Passage, readonly number[]>();

/** The hashes of a passage's sampled five-word shingles, sorted, without repeats (made once). */
function sampleOf(p: Passage): readonly number[] {
  const known = samples.get(p);
  if (known) return known;
  // Each word hashed once; a shingle's hash is mixed from its words' (no string per shingle).
  const hashes = wordsOf(p.text).map(hash32);
  const sample = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= hashes.length && sample.size < MAX_SAMPLE; i++) {
    let h = 0x9e3779b9;
    for (let k = i; k < i + SHINGLE_WORDS; k++) h = Math.imul(h ^ (hashes[k] as number), 0x85ebca6b) ^ (h >>> 13);
    h >>>= 0;
    if (h % SAMPLE_MODULUS === 0) sample.add(h);
  }
  const out = [...sample].sort((a, b) => a - b);
  samples.set(p, out);
  return out;
}

/** The share of the smaller sample that the other holds (0 when the openings differ or either says too little). */
export function passageShare(a: Passage, b: Passage): number {
  if (a.opening !== b.opening) return 0;
  const [sa, sb] = [sampleOf(a), sampleOf(b)];
  const [small, large] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  if (small.length < MIN_SAMPLE) return 0;
  const other = new Set(large);
  return small.filter((h) => other.has(h)).length / small.length;
}

export function mergeByPassage(c: Clusters, sorted: readonly Mention[], decide: Decide): void {
  // Per root: whether a mention reads a title for it, and the passages of its mentions.
  const titled = new Set<number>();
  const byOpening = new Map<string, number[]>();
  sorted.forEach((m, pos) => {
    if (m.normTitle && !m.titleInferred) titled.add(c.find(pos));
    if (m.passage) byOpening.set(m.passage.opening, [...(byOpening.get(m.passage.opening) ?? []), pos]);
  });
  for (const opening of [...byOpening.keys()].sort()) {
    const members = byOpening.get(opening) ?? [];
    if (c.roots(members).length < 2) continue;
    for (const pos of members) {
      const root = c.find(pos);
      if (titled.has(root)) continue;
      const own = sorted[pos]?.passage;
      if (!own) continue;
      const sharing = members.filter((q) => c.find(q) !== root && passageShare(own, sorted[q]?.passage as Passage) >= MIN_SHARE);
      const titledRoots = c.roots(sharing.filter((q) => titled.has(c.find(q))));
      const [only] = titledRoots;
      if (titledRoots.length > 1 && only !== undefined) {
        decide("kept-apart", "passage", root, only, `its abstract is the abstract of ${titledRoots.length} titled papers`);
        continue;
      }
      const untitledRoots = c.roots(sharing.filter((q) => !titled.has(c.find(q))));
      // Untitled clusters join one another only with a titled or an identified one among them.
      if (only === undefined && !untitledRoots.concat(root).some((r) => c.hasIds(r))) continue;
      for (const other of [...(only !== undefined ? [only] : []), ...untitledRoots]) {
        if (c.find(other) === c.find(root)) continue;
        const conflict = c.conflict(root, other);
        if (conflict || !c.yearsAgree(root, other)) {
          decide(
            "kept-apart",
            "passage",
            other,
            root,
            `their abstracts are one passage, but ${conflict ? `their ${conflict} identifiers differ` : `years ${c.yearText(other)} and ${c.yearText(root)}`}`,
          );
          continue;
        }
        const wasTitled = titled.has(c.find(other)) || titled.has(c.find(root));
        c.union(other, root);
        if (wasTitled) titled.add(c.find(root));
        decide("merged", "passage", other, root, "their abstracts are one passage (the same opening, and most of the shorter one's shingles in the other)");
      }
    }
  }
}
