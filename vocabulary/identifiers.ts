/**
 * Paper identifiers found in links and text: arXiv (new and old style), DOI, ACL Anthology,
 * OpenReview, Semantic Scholar, and the paper-page links (`/paper/2306.03100/`).
 * Every value is returned in one canonical form so that equal identifiers compare equal.
 * In text, every common spelling is read (issue 16): `arXiv:2306.03100v2`, `arXiv 2306.03100`,
 * a bare ID with its version (`(2306.03100v2)`), a labelled bare ID (`Paper ID: 2306.03100`),
 * old-style IDs of a known archive (`hep-th/9901001`), arXiv DOIs (`10.48550/arXiv.2306.03100`,
 * read as the arXiv ID), DOIs glued to the next word of the page (`…101151Get rights`), bare
 * new-style ACL Anthology IDs (`2020.acl-main.442`) and labelled old-style ones
 * (`Anthology ID: P19-1472`), OpenReview forum links with or without their scheme. A DOI of the
 * ACL Anthology (10.18653/v1/…) must end in a whole Anthology ID: a cut one is no identifier.
 * OpenAlex work IDs (`W4389519254`) are recognised (`openAlexWorkId`) but have no scheme of their
 * own to be stored under.
 */
import { ID_SCHEMES, type Identifiers, type IdScheme } from "./paper-page.ts";
import { trimEndWhere } from "./linear-text.ts";

const ARXIV_NEW = String.raw`\d{4}\.\d{4,5}`;
const ARXIV_OLD = String.raw`[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7}`;
const ARXIV_ID = `(?:${ARXIV_NEW}|${ARXIV_OLD})`;
const ACL_OLD = String.raw`[A-Z]\d{2}-\d{4}`;
const ACL_NEW = String.raw`\d{4}\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.\d+`;
/** The archives of old-style arXiv IDs, so that a bare `hep-th/9901001` can be trusted. */
const ARXIV_ARCHIVES =
  "acc-phys|adap-org|alg-geom|ao-sci|astro-ph|atom-ph|bayes-an|chao-dyn|chem-ph|cmp-lg|comp-gas|cond-mat|cs|dg-ga|funct-an|gr-qc|" +
  "hep-ex|hep-lat|hep-ph|hep-th|math|math-ph|mtrl-th|nlin|nucl-ex|nucl-th|patt-sol|physics|plasm-ph|q-alg|q-bio|q-fin|quant-ph|solv-int|stat|supr-con";
/** A new-style ID whose month is a month: bare numbers (`2021.12345`) are not taken for one. */
const ARXIV_NEW_DATED = String.raw`\d{2}(?:0[1-9]|1[0-2])\.\d{4,5}`;

const RE = {
  arxivBare: new RegExp(`^(${ARXIV_ID})(?:v\\d+)?$`),
  arxivPrefixed: new RegExp(`\\barxiv ?:? ?(${ARXIV_ID})(?:v\\d+)?`, "i"),
  arxivUrl: new RegExp(`arxiv\\.org/(?:abs|pdf|html|format)/(${ARXIV_ID})(?:v\\d+)?`, "i"),
  /** Sites that mirror arXiv under the arXiv ID: ar5iv, arXiv Vanity, Hugging Face papers, alphaXiv. */
  arxivMirrorUrl: new RegExp(
    `(?:ar5iv\\.org/(?:abs|html)|arxiv-vanity\\.com/papers|huggingface\\.co/papers|hf\\.co/papers|alphaxiv\\.org/(?:abs|overview)|semanticscholar\\.org/arxiv)/(${ARXIV_ID})(?:v\\d+)?(?![\\d.])`,
    "i",
  ),
  arxivVersioned: new RegExp(`(?<![\\w./-])(${ARXIV_NEW_DATED})v\\d{1,2}(?![\\w.])`),
  arxivLabelled: new RegExp(`\\b(?:paper|arxiv|article|preprint|e-?print)[ _-]?id\\s*(?:[:=#]\\s*)?(${ARXIV_NEW_DATED})(?:v\\d{1,2})?(?![\\d.])`, "i"),
  /** A new-style ID alone (in parentheses or brackets or not): "(2410.95581)". */
  arxivAlone: new RegExp(`^\\s*[([]?(${ARXIV_NEW_DATED})(?:v\\d{1,2})?[)\\]]?\\s*$`),
  arxivOldBare: new RegExp(`(?<![\\w./-])((?:${ARXIV_ARCHIVES})(?:\\.[A-Z]{2})?/\\d{7})(?:v\\d{1,2})?(?!\\d)`),
  paperPageUrl: new RegExp(`/paper/(${ARXIV_ID})(?:v\\d+)?(?:/|$|[?#])`),
  arxivDoi: new RegExp(`^10\\.48550/arxiv\\.(${ARXIV_ID})(?:v\\d+)?$`, "i"),
  doi: /\b(10\.\d{4,9}\/[^\s"'<>]+)/i,
  aclBare: new RegExp(`^(${ACL_OLD}|${ACL_NEW})$`),
  /** The Anthology's pages, its files (`anthology-files/pdf/P/P02/…`), the legacy aclweb.org host, and a branch preview (`preview.aclanthology.org/BRANCH/…`). */
  aclUrl: new RegExp(
    `(?:preview\\.aclanthology\\.org/[\\w.-]+|aclanthology\\.org(?:/anthology-files/(?:pdf|bib))?|aclweb\\.org/anthology)/(?:[A-Z]/[A-Z]\\d{2}/)?(${ACL_OLD}|${ACL_NEW})(?:\\.pdf|\\.bib|/|$|[?#])`,
  ),
  aclDoi: new RegExp(`^10\\.18653/v1/(${ACL_OLD}|${ACL_NEW})$`, "i"),
  aclLabelled: new RegExp(`\\b(?:ACL(?: Anthology)?(?: ID)?|(?:ACL )?Anthology ID):? ?(${ACL_OLD}|${ACL_NEW})\\b`),
  aclNewBare: new RegExp(`(?<![\\w./-])((?:19|20)\\d\\d\\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*\\.\\d+)(?![\\w-]|\\.\\d)`),
  openreview: /openreview\.net\/(?:forum|pdf)\?(?:[^#\s]*&)?id=([A-Za-z0-9_-]+)/,
  openAlexWork: /(?:openalex\.org\/(?:works\/)?|\bOpenAlex(?: ID)?:?\s*)(W\d{4,12})\b/i,
  s2Url: /semanticscholar\.org\/paper\/(?:[^/?#\s]+\/)?([0-9a-f]{40})\b/i,
  s2Bare: /^[0-9a-f]{40}$/i,
};

/** arXiv ID without version; old-style IDs keep their archive name. */
export function canonicalArxiv(raw: string): string | undefined {
  const m = RE.arxivBare.exec(raw.trim().replace(/^arxiv\s*:\s*/i, ""));
  return m?.[1];
}

const SENTENCE_END = new Set([".", ",", ";", ":", ")", "]", "}", ">"]);

/** Trailing punctuation a sentence may add, removed: `/[.,;:)\]}>]+$/` by a loop, which a long run cannot make quadratic. */
function trimSentencePunctuation(text: string): string {
  return trimEndWhere(text, (c) => SENTENCE_END.has(c));
}

/** DOIs are case-insensitive: lower-case, with trailing punctuation a sentence may add removed. */
export function canonicalDoi(raw: string): string | undefined {
  let doi = raw
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "")
    .replace(/^doi:\s*/i, "");
  try {
    doi = decodeURIComponent(doi);
  } catch {
    // keep the raw form: a malformed escape is not worth losing the DOI over
  }
  doi = trimSentencePunctuation(doi);
  // A DOI glued to the next word of a rendered page ("…101151Get rights and content").
  doi = doi.replace(/(\d)[A-Z][a-z]{2,}$/, "$1");
  if (!/^10\.\d{4,9}\/\S+$/.test(doi)) return undefined;
  return doi.toLowerCase();
}

/** The identifiers in one link (absolute or relative URL). */
export function identifiersFromUrl(url: string): Identifiers {
  const ids: Identifiers = {};
  const arxiv = RE.arxivUrl.exec(url) ?? RE.arxivMirrorUrl.exec(url) ?? RE.paperPageUrl.exec(url);
  if (arxiv?.[1]) ids.arxiv = arxiv[1];
  const acl = RE.aclUrl.exec(url);
  if (acl?.[1]) ids.acl = acl[1];
  const doiHost = /(?:^|\/\/)(?:dx\.)?doi\.org\/(.+)$/i.exec(url);
  if (doiHost?.[1]) addDoi(ids, doiHost[1]);
  const or = RE.openreview.exec(url);
  if (or?.[1]) ids.openreview = or[1];
  const s2 = RE.s2Url.exec(url);
  if (s2?.[1]) ids.s2 = s2[1].toLowerCase();
  return ids;
}

/** Identifiers stated in prose: `arXiv:2306.03100`, `doi:10.…`, a bare DOI, a URL. */
export function identifiersFromText(text: string): Identifiers {
  const ids: Identifiers = {};
  for (const url of text.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? []) merge(ids, identifiersFromUrl(url));
  if (!ids.openreview) {
    const or = RE.openreview.exec(text);
    if (or?.[1]) ids.openreview = or[1];
  }
  if (!ids.arxiv) {
    const arxiv = RE.arxivPrefixed.exec(text) ?? RE.arxivLabelled.exec(text) ?? RE.arxivVersioned.exec(text) ?? RE.arxivAlone.exec(text) ?? RE.arxivOldBare.exec(text);
    if (arxiv?.[1]) ids.arxiv = arxiv[1];
  }
  if (!ids.acl) {
    const acl = RE.aclLabelled.exec(text) ?? RE.aclNewBare.exec(text);
    if (acl?.[1]) ids.acl = acl[1];
  }
  if (!ids.doi) {
    const doi = RE.doi.exec(text);
    if (doi?.[1]) addDoi(ids, doi[1]);
  }
  return ids;
}

/** An OpenAlex work ID (`W4389519254`) in an openalex.org link or after an "OpenAlex" label. */
export function openAlexWorkId(text: string): string | undefined {
  return RE.openAlexWork.exec(text)?.[1]?.toUpperCase();
}

/**
 * Parse one identifier the way a user types it on the command line: an arXiv ID in any form,
 * a DOI, an ACL Anthology ID or URL, an OpenReview or Semantic Scholar URL.
 */
export function parseIdentifier(input: string): { scheme: IdScheme; value: string } | undefined {
  const s = input.trim();
  const arxiv = canonicalArxiv(s);
  if (arxiv) return { scheme: "arxiv", value: arxiv };
  if (RE.aclBare.test(s)) return { scheme: "acl", value: s };
  // An old-style Anthology ID typed in lower case ("j93-2003"): its letter is always a capital.
  if (/^[a-z]\d{2}-\d{4}$/.test(s)) return { scheme: "acl", value: s.toUpperCase() };
  if (/^(?:doi:\s*)?10\.\d{4,9}\//i.test(s)) {
    const ids: Identifiers = {};
    addDoi(ids, s);
    const first = firstIdentifier(ids);
    if (first) return first;
  }
  if (RE.s2Bare.test(s)) return { scheme: "s2", value: s.toLowerCase() };
  const fromUrl = /^https?:\/\//i.test(s) || s.includes("/") ? identifiersFromUrl(s) : {};
  return firstIdentifier(fromUrl);
}

function firstIdentifier(ids: Identifiers): { scheme: IdScheme; value: string } | undefined {
  for (const scheme of ID_SCHEMES) {
    const value = ids[scheme];
    if (value) return { scheme, value };
  }
  return undefined;
}

/** A DOI that is really an arXiv or ACL Anthology DOI also yields that identifier. */
function addDoi(ids: Identifiers, raw: string): void {
  const doi = canonicalDoi(raw);
  if (!doi) return;
  const arxiv = RE.arxivDoi.exec(doi);
  if (arxiv?.[1]) {
    ids.arxiv ??= canonicalArxiv(arxiv[1]) ?? arxiv[1];
    return;
  }
  const acl = RE.aclDoi.exec(
    trimSentencePunctuation(
      raw
        .trim()
        .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "")
        .replace(/^doi:\s*/i, ""),
    ),
  );
  // An Anthology DOI names a whole Anthology ID; one that does not was cut short.
  if (doi.startsWith("10.18653/v1/") && !acl?.[1]) return;
  ids.doi ??= doi;
  // DOIs are case-insensitive and often printed in lower case; an old-style Anthology ID is not ("W18-5446").
  if (acl?.[1]) ids.acl ??= /^[a-z]\d{2}-\d{4}$/i.test(acl[1]) ? acl[1].toUpperCase() : acl[1];
}

/** Fill the schemes `into` lacks from `from` (first writer wins, as a page header should). */
export function merge(into: Identifiers, from: Identifiers): Identifiers {
  for (const scheme of ID_SCHEMES) {
    const value = from[scheme];
    if (value && !into[scheme]) into[scheme] = value;
  }
  return into;
}

export function hasIdentifier(ids: Identifiers): boolean {
  return Boolean(ids.arxiv || ids.acl || ids.doi || ids.openreview || ids.s2);
}
