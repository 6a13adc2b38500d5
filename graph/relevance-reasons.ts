/**
 * One-line reasons a researcher can check, built from a paper's evidence (relevance.ts): the
 * direct links first ("built on by 2 of your 3 seeds directly"), shared authors ("by the authors
 * of "Moses""), co-citation ("co-cited with "BLEU" by 41 papers"), coupling ("shares 5 references
 * with "Moses""), title similarity ("similar title to "Moses""), what the seeds' authors cite
 * ("cited by 3 other papers of your seeds' authors"), at most two of them, then its citations in
 * the graph. A reason
 * names only seeds, the papers the evidence is about, and only by a title the callback gives;
 * a seed without one is "your seed". Nothing else is ever named.
 */
import { citedInMapPhrase } from "../vocabulary/count-wording.ts";
import type { RelevanceEvidence } from "./relevance.ts";

export function short(title: string | null, max = 48): string {
  const t = (title ?? "untitled").trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

export interface ReasonContext {
  seedCount: number;
  /** What a lone seed is called ("your seed"; "it" when the paper is like one paper the user is looking at). */
  oneSeed?: string;
  /** A seed's title, or null when it has none (then it is "your seed"). */
  title: (index: number) => string | null;
  /** The best known citation count and whether a page reported it (else the graph's count). */
  citedBy?: number;
  citedByReported?: boolean;
}

function named(seed: number, ctx: ReasonContext): string | null {
  const t = ctx.title(seed)?.trim();
  return t ? `"${short(t)}"` : null;
}

/** "your seed", a seed's title, or "k of your n seeds". */
function whichSeeds(seeds: readonly number[], ctx: ReasonContext): string {
  if (ctx.seedCount === 1) return lone(ctx);
  const [only] = seeds;
  if (seeds.length === 1 && only !== undefined) return named(only, ctx) ?? `1 of your ${ctx.seedCount} seeds`;
  return `${seeds.length} of your ${ctx.seedCount} seeds`;
}

/** "by the authors of "Moses"", "by an author of 2 of your 3 seeds". */
function byAuthorsOf(seeds: readonly number[], ctx: ReasonContext): string {
  const [only] = seeds;
  if (ctx.seedCount === 1) return `by the authors of ${lone(ctx)}`;
  if (seeds.length === 1 && only !== undefined) {
    const name = named(only, ctx);
    return name ? `by the authors of ${name}` : `by the authors of 1 of your ${ctx.seedCount} seeds`;
  }
  return `by authors of ${seeds.length} of your ${ctx.seedCount} seeds`;
}

function lone(ctx: ReasonContext): string {
  return ctx.oneSeed ?? "your seed";
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** The strongest one or two pieces of evidence, in words (no citation count). */
export function evidenceParts(e: RelevanceEvidence, ctx: ReasonContext): string[] {
  const parts: string[] = [];
  if (e.builtOnBySeeds.length > 0) parts.push(`built on by ${whichSeeds(e.builtOnBySeeds, ctx)} directly`);
  if (e.buildsOnSeeds.length > 0) parts.push(`builds on ${whichSeeds(e.buildsOnSeeds, ctx)} directly`);
  const sameAuthors = e.sameAuthorsAs ?? [];
  if (sameAuthors.length > 0) parts.push(byAuthorsOf(sameAuthors, ctx));
  const [co, ...moreCo] = e.coCitedWith;
  if (co) {
    const who = ctx.seedCount === 1 ? lone(ctx) : (named(co.seed, ctx) ?? "one of your seeds");
    const more = moreCo.length > 0 ? ` (and with ${moreCo.length} more of your seeds)` : "";
    parts.push(`co-cited with ${who} by ${plural(co.papers, "paper", "papers")}${more}`);
  }
  const [shared] = e.sharedReferencesWith;
  if (shared) {
    const who = ctx.seedCount === 1 ? lone(ctx) : (named(shared.seed, ctx) ?? "one of your seeds");
    parts.push(`shares ${plural(shared.papers, "reference", "references")} with ${who}`);
  }
  if (e.similarText) {
    const who = ctx.seedCount === 1 ? lone(ctx) : (named(e.similarText.seed, ctx) ?? "one of your seeds");
    parts.push(`similar title to ${who}`);
  }
  const citedByAuthors = e.citedBySeedAuthors ?? 0;
  if (citedByAuthors > 0) parts.push(`cited by ${plural(citedByAuthors, "other paper", "other papers")} of ${ctx.seedCount === 1 ? `the authors of ${lone(ctx)}` : "your seeds' authors"}`);
  return parts.slice(0, 2);
}

export function reasonText(e: RelevanceEvidence, ctx: ReasonContext): string {
  const parts = evidenceParts(e, ctx);
  if (parts.length === 0) parts.push(ctx.seedCount === 1 ? `close to ${lone(ctx)} in the citation graph` : "close to your seeds in the citation graph");
  const citedBy = ctx.citedBy ?? e.citedBy;
  // Which count it is, said (issue 24): a page's reported figure, or this map's own.
  if (citedBy > 0) parts.push(ctx.citedByReported ? `${plural(citedBy, "citation", "citations")} reported` : citedInMapPhrase(citedBy));
  return parts.join("; ");
}
