/**
 * The short names a work goes by, read from its own title and abstract (issue 26), for identity
 * resolution to tell that a page titled "Big-Bench" or "HELM" names the paper titled "Beyond the
 * Imitation Game: …" or "Holistic Evaluation of Language Models":
 *   - the name before a title's colon ("GPQA" of "GPQA: A Graduate-Level Google-Proof Q&A Benchmark");
 *   - the title's acronym: the initials of its words but "of", "the" …, without a leading verb
 *     ("HELM" of "Holistic Evaluation of Language Models", "MMLU" of "Measuring Massive
 *     Multitask Language Understanding");
 *   - a short form the work defines for itself in parentheses, where the title or abstract
 *     introduces it ("We present Holistic Evaluation of Language Models (HELM)", "we introduce the
 *     Beyond the Imitation Game benchmark (BIG-bench)"), the long form found before the
 *     parenthesis by the Schwartz & Hearst matcher search uses too (vocabulary/long-form.ts).
 * Every alias is compared in its squashed normalised form (vocabulary/titles.ts). Search learns
 * these names and more (vocabulary/paper-aliases.ts: acronyms and clipped names the collection
 * confirms, names records give), and ranks by them; identity takes only this subset, the names a
 * work gives itself, read from the work alone, because a merge is a decision a ranking is not. Pure.
 */
import { longForm } from "./long-form.ts";
import { normalizeTitle, squashed, titleParts } from "./titles.ts";

/** Words an acronym skips. */
const SMALL_WORDS = new Set(["a", "an", "the", "of", "for", "and", "or", "in", "on", "to", "with", "by", "from", "at", "as", "via", "is", "are"]);
/** A title of at most this many words and characters, with no colon, may be a work's short name. */
const SHORT_NAME_WORDS = 3;
const SHORT_NAME_CHARS = 30;
/** The text of an abstract read for definitions. */
const MAX_TEXT = 5000;

/** A normalised title that is only a short name ("big bench", "helm", "gpqa"): a few words, no colon. */
export function isShortName(normTitle: string): boolean {
  return normTitle.length > 0 && normTitle.length <= SHORT_NAME_CHARS && normTitle.split(" ").length <= SHORT_NAME_WORDS;
}

/** The name before a title's colon, squashed ("gpqa"), if the title has one. */
export function leadingName(title: string): string | undefined {
  return titleParts(title)?.name;
}

/** The initials of the title's words but the small ones and a leading verb ("helm", "mmlu"). */
export function titleAcronym(title: string): string | undefined {
  if (title.includes(":")) return undefined;
  const words = normalizeTitle(title)
    .split(" ")
    .filter((w) => w && !SMALL_WORDS.has(w));
  if (words.length < 3 || words.length > 8) return undefined;
  const initials = words.map((w) => w[0] ?? "").join("");
  // "Measuring Massive Multitask Language Understanding" is MMLU: a leading verb is not in the name.
  const verb = /^(?:\p{L}+ing|towards?)$/u.test(words[0] ?? "");
  const acronym = verb ? initials.slice(1) : initials;
  return acronym.length >= 3 ? acronym : undefined;
}

/**
 * The long form a short form defines, ending right before its parenthesis: the one Schwartz &
 * Hearst matcher search uses too (vocabulary/long-form.ts).
 */
export const longFormOf = longForm;

/** "(HELM)", "(BIG-bench)": a parenthesis that holds a short form of one or two words. */
const PARENTHESIS = /\(([\p{L}\p{N}][\p{L}\p{N}+.-]{1,24}(?: [\p{L}\p{N}][\p{L}\p{N}+.-]{0,12})?)\)/gu;
/** The work introducing something of its own in the sentence before the parenthesis. */
const INTRODUCES = /\b(?:we|this (?:paper|work|article|report))\s+(?:\w+\s+){0,2}(?:introduce|present|propose|release|describe|call|name|build|construct|create|develop)\w*\b/i;

/** The short forms the text defines for the work itself: introduced by it, or long forms within its title. */
export function definedShortForms(text: string, title: string): string[] {
  const s = text.slice(0, MAX_TEXT);
  const normTitle = normalizeTitle(title);
  const out: string[] = [];
  for (const m of s.matchAll(PARENTHESIS)) {
    const short = m[1] ?? "";
    const at = m.index ?? 0;
    const sentence =
      s
        .slice(0, at)
        .split(/[.!?]\s+/)
        .pop() ?? "";
    const long = longFormOf(short, sentence);
    if (!long) continue;
    const own = INTRODUCES.test(sentence) || (normTitle.length > 0 && normTitle.includes(normalizeTitle(long)));
    if (own) out.push(squashed(normalizeTitle(short)));
  }
  return [...new Set(out)].filter((a) => a.length >= 2);
}

/** Every alias of a work with this title (and abstract), squashed and normalised. */
export function workAliases(title: string, abstract?: string): string[] {
  const out = new Set<string>();
  const name = leadingName(title);
  if (name) out.add(name);
  const acronym = titleAcronym(title);
  if (acronym) out.add(acronym);
  for (const a of definedShortForms(`${title}. ${abstract ?? ""}`, title)) out.add(a);
  return [...out];
}
