/**
 * Lines shaped like a title that are something else, whatever the site (issue 26): a byline
 * (bylines.ts), an organisation's name alone (an affiliation under an author), a lower-case
 * label and its value ("agent: the-gatherer", "source: arxiv:…"), a thread's or post's byline
 * ("by lvwerra HF Staff - opened"), and a short phrase in sentence case that names a section or a
 * button rather than a work ("Quick answer", "Our summary", "Why it matters", "Journal"), a title
 * cut short with an ellipsis, a lead-in ending in a colon ("Go To:"), and a line made only of
 * section names (a table of contents), a record shown as text, a call to action, a publisher, a link post's headline. A title that is not one of these may still be chrome
 * (chrome.ts). Pure.
 */
import { readByline } from "./bylines.ts";

/** Words that name an organisation; a line of a few words holding one, and nothing else, is an affiliation. */
const INSTITUTION =
  /\b(?:university|universit[àäé]t?|universidad|universidade|universiteit|institute|institut|instituto|istituto|college|school|laboratory|laboratories|department|faculty|academy|hospital|inc|ltd|llc|gmbh|corporation)\b/i;
/** Organisations authors list as their affiliation, written alone on a line. */
const ORGANISATIONS =
  /^(?:google(?: research| deepmind| brain)?|deepmind|google deepmind|openai|anthropic|microsoft(?: research)?|meta(?: ai)?|fair|facebook ai(?: research)?|nvidia(?: research)?|amazon|apple|ibm research|allen institute for ai|ai2|hugging ?face|salesforce research|baidu|alibaba|tencent|huawei|bytedance|mila|cohere|eleutherai)$/i;

/** An organisation's name alone on a line: "University of Oxford", "OpenAI", "Stanford University". */
export function isAffiliation(line: string): boolean {
  const s = line.trim().replace(/[\d*†‡§,]+$/, "");
  const words = s.split(/\s+/);
  if (words.length > 7 || /[:?!]/.test(s)) return false;
  if (ORGANISATIONS.test(s)) return true;
  // Every word capitalised (or a connective), and one of them an institution's.
  return INSTITUTION.test(s) && words.every((w) => /^(?:\p{Lu}|of|for|the|and|de|du|des|di|del|der|für|in|at|&)/u.test(w));
}

/** "agent: the-gatherer", "source: arxiv:2109.07958 — …": a label in lower case and its value. */
function isLowerLabelLine(s: string): boolean {
  return /^[a-z][a-z _-]{0,24}:\s+\S/.test(s);
}

/** "by lvwerra HF Staff - opened", "by Jane Doe on 3 May": who posted, not what. */
function isPostByline(s: string): boolean {
  return /^by\s+\S/.test(s);
}

/**
 * A short phrase in sentence case, with nothing a work's name has (no capital letter after the
 * first, no digit, hyphen, colon or symbol): a section, a button or a menu entry.
 */
export function isPlainPhrase(s: string): boolean {
  const words = s.trim().split(/\s+/);
  if (words.length > 3) return false;
  const [first, ...rest] = words;
  return first !== undefined && /^\p{Lu}\p{Ll}+$/u.test(first) && rest.every((w) => /^\p{Ll}+$/u.test(w));
}

/** "WinoGrande: An Adversarial …WINOGRANDE: An … Challenge...": a title cut short, never a whole one. */
function isCutTitle(s: string): boolean {
  return /(?:…|\.\.\.)$/.test(s) || /\S…\S/u.test(s);
}

/** "Go To:", "Reference library:": a few words leading in to what follows. */
function isLeadIn(s: string): boolean {
  return /:$/.test(s) && s.split(/\s+/).length <= 4;
}

/** Words that name a page's sections: a line made only of them is a menu or a table of contents. */
const SECTION_WORDS = new Set(
  "paper title authors author table of contents abstract introduction references bibliography related work works methods method results discussion conclusion conclusions citations cited by figures tables appendix overview summary details metadata links code data and home".split(
    " ",
  ),
);

function isSectionMenu(s: string): boolean {
  const words = s.toLowerCase().split(/\s+/);
  return words.length >= 4 && words.every((w) => SECTION_WORDS.has(w));
}

/** "TY - JOUR AU - …", "@article{key, title={…}": a record shown as text (embedded-records.ts reads it), never a title. */
function isRecordText(s: string): boolean {
  return /^(?:TY\s{1,2}-\s|@[A-Za-z]{2,20}\s*\{)/.test(s);
}

/** "Save to your library and share it with the group before Friday!": a site's call to action, eight words or more, no colon. */
function isCallToAction(s: string): boolean {
  return /!$/.test(s) && !s.includes(":") && s.split(/\s+/).length >= 8;
}

/** Publishers as a page prints them over a paper's authors. */
const PUBLISHERS = /^(?:springer(?: nature)?|elsevier|wiley|ieee|acm|sage|iop publishing|taylor & francis|de gruyter|emerald|mdpi|frontiers)(?:\s+[-–—]\s+\p{L}+)?$/iu;

/** "MIT Press - Journals", "Cambridge University Press", "Elsevier": who published the paper, never its title. */
function isPublisherLine(s: string): boolean {
  return PUBLISHERS.test(s) || /^(?:\p{Lu}[\p{L}&.]*\s){1,4}Press(?:\s+[-–—]\s+Journals?)?$/u.test(s);
}

/** "🔗 AI’s Ostensible …": a link post's headline, the linked page's, never the paper's title. */
function isLinkPostHeadline(s: string): boolean {
  return /^(?:🔗|↗️?|⇒|➜|➡️?|Link:)\s*\S/u.test(s);
}

/** "Computer scienceWordNetHierarchyCluster analysis…": a list of tags run together, three joins or more. */
function isGluedList(s: string): boolean {
  return (s.match(/\p{Ll}{3}\p{Lu}\p{Ll}/gu)?.length ?? 0) >= 3;
}

/** Words of a document's kind, as a listing's badges print them ("Proceedings ArticleDOI", "Journal Article · PDF"). */
const DOCUMENT_KINDS = new Set("proceedings article journal conference paper book chapter dataset preprint thesis report doi pdf open access review letter poster".split(" "));

/** A line made only of a document's kind words, spaced or run together: a badge, not a title. */
function isKindBadge(s: string): boolean {
  const words = s
    .replace(/(?<=\p{Ll})(?=\p{Lu})/gu, " ")
    .toLowerCase()
    .split(/[\s·|,/]+/)
    .filter(Boolean);
  return words.length >= 2 && words.length <= 5 && words.every((w) => DOCUMENT_KINDS.has(w));
}

/** "(none)", "N/A", "nan", "null", "—": a field's placeholder for a value it does not have. */
function isPlaceholder(s: string): boolean {
  return /^[([]?\s*(?:none|n\/?a|nan|null|undefined|unknown|untitled|no title|not available|[-—–]+)\s*[)\]]?$/i.test(s);
}

/** "// the find", "5.1 — Model Cards", "3.2 Results": a decoration or a numbered section's heading. */
function isSectionHeading(s: string): boolean {
  return /^\/\/\s/.test(s) || /^(?:\d{1,2}\.){1,3}\d{0,2}(?:\s+|\s*[—–-]\s*)\p{Lu}/u.test(s);
}

/** "Agent Beck · activity · trust", "Home | Papers | About": three or more short items in a bar, a menu. */
function isMenuBar(s: string): boolean {
  const items = s.split(/\s+[·|•]\s+/);
  return items.length >= 3 && items.every((w) => w.length <= 25 && w.split(/\s+/).length <= 3);
}

/** "Score, Normalized Score", "Retrieval, Ranking, Evaluation": a list of short names (a card's tags or metrics), one a single word, no title's connective or colon. */
function isTagList(s: string): boolean {
  const items = s.split(/\s*,\s*/);
  // One item of a single word at least: a list of names ("Ada Quill, Bram Okoye") is a byline, read as such.
  return items.length >= 2 && !/[:?!]/.test(s) && items.some((w) => !w.includes(" ")) && items.every((w) => /^\p{Lu}[\p{L}\p{N}-]*(?: \p{Lu}[\p{L}\p{N}-]*){0,2}$/u.test(w));
}

/** A line that looks like a title but is a byline, an affiliation, a label, a post's byline, a plain phrase, a cut title or a menu. */
export function isNonTitle(line: string): boolean {
  const s = line.trim();
  if (
    isLowerLabelLine(s) ||
    isPostByline(s) ||
    isPlainPhrase(s) ||
    isAffiliation(s) ||
    isCutTitle(s) ||
    isLeadIn(s) ||
    isSectionMenu(s) ||
    isRecordText(s) ||
    isCallToAction(s) ||
    isPublisherLine(s) ||
    isLinkPostHeadline(s) ||
    isGluedList(s) ||
    isKindBadge(s) ||
    isPlaceholder(s) ||
    isSectionHeading(s) ||
    isMenuBar(s) ||
    isTagList(s)
  )
    return true;
  return /[·•|—–]/.test(s) && readByline(s) !== undefined;
}
