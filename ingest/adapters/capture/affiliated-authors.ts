/**
 * Author blocks that LaTeX renderings (ar5iv, arXiv Vanity, arXiv HTML) flatten into one line with
 * no separators: each name followed by its affiliation ("Toby Shevlane Google DeepMind Sebastian
 * Farquhar Google DeepMind Ben Garfinkel Centre for the Governance of AI …"), sometimes by an
 * e-mail, and with affiliation parts glued together ("Jilin UniversityChangchunChina130012").
 * Names are told from affiliations by the words organisations are named with (University,
 * Institute, Centre, Research, DeepMind, …, and field words such as Intelligence or Governance),
 * by e-mails and glued tokens, and by the rule that a word right after "of", "for", "de" … belongs
 * to the organisation. A run of capitalised words before an organisation starts with the name:
 * its first two words (three with a middle initial); when the run also goes on an acronym's
 * organisation before it ("UC Berkeley Collin Burns Columbia University") and its last word starts
 * the next one, the name is the two words between. A site's "[email protected]" is an e-mail. Pure.
 */
import { cleanName, isPersonName } from "./author-lists.ts";

const ORG_WORDS = new Set(
  (
    "university universität université universidad universidade università universiteit institute institut instituto istituto " +
    "centre center centro college school faculty department dept laboratory laboratories lab labs research academy foundation " +
    "project inc inc. ltd llc gmbh corporation corp company group team hospital council agency initiative network consortium " +
    "google deepmind microsoft meta openai anthropic nvidia amazon apple ibm intel facebook baidu alibaba tencent huawei salesforce " +
    "adobe cohere mila ai2 bytedance samsung sony naver kakao yandex " +
    "intelligence learning computing computation science sciences technology technologies engineering systems governance resilience " +
    "alignment safety security policy informatics mathematics physics medicine robotics vision language data automation studies " +
    "humanity future ethics society economics"
  ).split(" "),
);
const CONNECTIVES = new Set(["of", "for", "the", "at", "de", "du", "des", "di", "del", "della", "der", "für", "in", "la", "le", "y", "e", "on"]);
const NAME_PREFIX = /^(?:Mc|Mac|De|Di|Le|La|Van|Von|O')/;

type Kind = "name" | "initial" | "org" | "connective" | "and" | "other";

/** Organisation words that follow the place or person they are named after ("Columbia University", "Allen Institute"). */
const NAMED_AFTER = new Set(["university", "institute", "college", "laboratory", "laboratories", "lab", "labs", "hospital", "academy", "foundation"]);

function kindOf(token: string): Kind {
  const t = token.replace(/[,;]+$/, "");
  if (!t) return "other";
  if (t.includes("@") || t === "[email" || t === "protected]") return "org";
  const lower = t.toLowerCase();
  if (lower === "and" || t === "&") return "and";
  if (CONNECTIVES.has(lower)) return "connective";
  if (ORG_WORDS.has(lower) || /^\p{Lu}{2,}$/u.test(t)) return "org";
  if (/\d/.test(t) || glued(t)) return "org";
  if (/^\p{Lu}\.(?:-\p{Lu}\.)?$/u.test(t)) return "initial";
  if (/^\p{Lu}[\p{Ll}\p{M}'’-]+$/u.test(t) || /^\p{Lu}[\p{L}\p{M}'’-]+$/u.test(t)) return "name";
  return "other";
}

/** "UniversityChangchunChina", "AsiaBeijingChina", "UChicago": words run together, not "McGrew" or "LeCun". */
function glued(t: string): boolean {
  const rest = t.replace(NAME_PREFIX, "");
  return /\p{Ll}\p{Lu}/u.test(rest) || /^\p{Lu}{2}\p{Ll}/u.test(rest);
}

/** The names of an author block with affiliations between them, or undefined if it is not one. */
export function namesAmongAffiliations(line: string): string[] | undefined {
  const tokens = line.replace(/\s+/g, " ").trim().split(" ");
  if (tokens.length < 4 || tokens.length > 600) return undefined;
  // Sentences, titles, labels, citations and comma-separated lists are other things.
  if (tokens.length < 6 || /[?!]|\((?:19|20)\d\d\)|:\s/.test(line) || tokens.filter((t) => t.endsWith(",")).length * 4 > tokens.length) return undefined;
  const kinds = tokens.map(kindOf);
  const stray = kinds.filter((k) => k === "other").length;
  if (stray * 6 > tokens.length || !kinds.includes("org")) return undefined;
  const names: string[] = [];
  let run: string[] = [];
  let afterConnective = false;
  // Whether the token before the run is an acronym's organisation ("UC"), whose name may go on into the run ("UC Berkeley").
  let afterAcronym = false;
  const flush = (next?: string): void => {
    // "UC Berkeley Collin Burns Columbia University": the run's first word ends one organisation, its last starts the next.
    const between = run.length === 4 && afterAcronym && NAMED_AFTER.has((next ?? "").replace(/[,;]+$/, "").toLowerCase()) ? run.slice(1, 3) : undefined;
    // "UC Berkeley Mantas Mazeika UIUC": between two acronyms' organisations, the run's first word is the first one's.
    const selfContained = next !== undefined && (/^\p{Lu}{2,5}$/u.test(next.replace(/[,;]+$/, "")) || next.includes("@"));
    const tail = run.length === 3 && afterAcronym && selfContained && kindOf(run[1] ?? "") !== "initial" ? run.slice(1) : undefined;
    const words = between ?? tail ?? run;
    if (words.length >= 2) {
      const take = words.length >= 3 && kindOf(words[1] ?? "") === "initial" ? 3 : 2;
      const name = cleanName(words.slice(0, take).join(" "));
      if (isPersonName(name)) names.push(name);
    }
    run = [];
  };
  for (const [k, token] of tokens.entries()) {
    const kind = kinds[k] ?? "other";
    if (run.length === 0) afterAcronym = k > 0 && /^\p{Lu}{2,3}$/u.test(tokens[k - 1] ?? "");
    const endsPhrase = /[,;]$/.test(token);
    if ((kind === "name" || kind === "initial") && !afterConnective) {
      run.push(token.replace(/[,;]+$/, ""));
      if (endsPhrase) flush();
      continue;
    }
    if (kind === "name" || kind === "initial") {
      afterConnective = false;
      continue;
    }
    flush(token);
    afterConnective = kind === "connective" || token === "–" || token === "-" || token === "/";
  }
  flush();
  // Every name has its organisation after it: fewer organisation words than names is a title.
  const orgs = kinds.filter((k) => k === "org").length;
  return names.length >= 2 && orgs >= names.length ? names : undefined;
}
