/**
 * Paper identifiers found in links and text: arXiv (new and old style), DOI, ACL Anthology,
 * OpenReview, Semantic Scholar, and the paper-page links (`/paper/2306.03100/`).
 * Every value is returned in one canonical form so that equal identifiers compare equal.
 */
import { ID_SCHEMES, type Identifiers, type IdScheme } from "./types.ts";

const ARXIV_NEW = String.raw`\d{4}\.\d{4,5}`;
const ARXIV_OLD = String.raw`[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7}`;
const ARXIV_ID = `(?:${ARXIV_NEW}|${ARXIV_OLD})`;
const ACL_OLD = String.raw`[A-Z]\d{2}-\d{4}`;
const ACL_NEW = String.raw`\d{4}\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.\d+`;

const RE = {
  arxivBare: new RegExp(`^(${ARXIV_ID})(?:v\\d+)?$`),
  arxivPrefixed: new RegExp(`\\barxiv ?:? ?(${ARXIV_ID})(?:v\\d+)?`, "i"),
  arxivUrl: new RegExp(`arxiv\\.org/(?:abs|pdf|html|format)/(${ARXIV_ID})(?:v\\d+)?`, "i"),
  paperPageUrl: new RegExp(`/paper/(${ARXIV_ID})(?:v\\d+)?(?:/|$|[?#])`),
  arxivDoi: new RegExp(`^10\\.48550/arxiv\\.(${ARXIV_ID})(?:v\\d+)?$`, "i"),
  doi: /\b(10\.\d{4,9}\/[^\s"'<>]+)/i,
  aclBare: new RegExp(`^(${ACL_OLD}|${ACL_NEW})$`),
  aclUrl: new RegExp(`(?:aclanthology\\.org|aclweb\\.org/anthology)/(?:[A-Z]/[A-Z]\\d{2}/)?(${ACL_OLD}|${ACL_NEW})(?:\\.pdf|/|$|[?#])`),
  aclDoi: new RegExp(`^10\\.18653/v1/(${ACL_OLD}|${ACL_NEW})$`, "i"),
  aclLabelled: new RegExp(`\\bACL(?: Anthology)?(?: ID)?:? ?(${ACL_OLD}|${ACL_NEW})\\b`),
  openreview: /openreview\.net\/(?:forum|pdf)\?(?:[^#\s]*&)?id=([A-Za-z0-9_-]+)/,
  s2Url: /semanticscholar\.org\/paper\/(?:[^/?#\s]+\/)?([0-9a-f]{40})\b/i,
  s2Bare: /^[0-9a-f]{40}$/i,
};

/** arXiv ID without version; old-style IDs keep their archive name. */
export function canonicalArxiv(raw: string): string | undefined {
  const m = RE.arxivBare.exec(raw.trim().replace(/^arxiv\s*:\s*/i, ""));
  return m?.[1];
}

/** DOIs are case-insensitive: lower-case, with trailing punctuation a sentence may add removed. */
export function canonicalDoi(raw: string): string | undefined {
  let doi = raw.trim().replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "").replace(/^doi:\s*/i, "");
  try {
    doi = decodeURIComponent(doi);
  } catch {
    // keep the raw form: a malformed escape is not worth losing the DOI over
  }
  doi = doi.replace(/[.,;:)\]}>]+$/, "");
  if (!/^10\.\d{4,9}\/\S+$/.test(doi)) return undefined;
  return doi.toLowerCase();
}

/** The identifiers in one link (absolute or relative URL). */
export function identifiersFromUrl(url: string): Identifiers {
  const ids: Identifiers = {};
  const arxiv = RE.arxivUrl.exec(url) ?? RE.paperPageUrl.exec(url);
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
  const arxiv = RE.arxivPrefixed.exec(text);
  if (arxiv?.[1] && !ids.arxiv) ids.arxiv = arxiv[1];
  const acl = RE.aclLabelled.exec(text);
  if (acl?.[1] && !ids.acl) ids.acl = acl[1];
  if (!ids.doi) {
    const doi = RE.doi.exec(text);
    if (doi?.[1]) addDoi(ids, doi[1]);
  }
  return ids;
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
  ids.doi ??= doi;
  const acl = RE.aclDoi.exec(raw.replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, ""));
  if (acl?.[1]) ids.acl ??= acl[1];
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
