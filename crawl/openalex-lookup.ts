/**
 * Finding a paper's work on OpenAlex, which knows papers by its W… IDs and by DOI but lists no
 * arXiv IDs and no ACL Anthology IDs. An OpenAlex ID from crawl/api-refs.ts is a W…, a DOI URL
 * (an arXiv paper's is its DataCite DOI, 10.48550/arXiv.ID), or `ACL:ID`. Each DOI is asked of
 * the singleton route (`/works/doi:…`, free of the daily budget). An ACL Anthology paper may have
 * an Anthology DOI only from 2014 on (10.3115/v1/ID in 2014-2015, 10.18653/v1/ID from 2015, not
 * for every event); an older one has another DOI (an ACM 10.3115/… one, which the map knows when
 * a source gave it) or none. When no DOI finds the work (a preprint merged under its
 * published version's DOI, an old Anthology paper) and the map knows the paper's title, the
 * title is searched (`filter=title.search:…`) and a result taken only when its normalised title
 * is the same and its year within one of the paper's. A miss says everything that was tried.
 *
 * Sources: https://developers.openalex.org/api-reference/authentication (singletons by ID or
 * `doi:` are free); https://docs.openalex.org/api-entities/works/work-object (`ids`: openalex,
 * doi, mag, pmid, pmcid, no arXiv); https://github.com/ourresearch/openalex-api-tutorials/issues/8
 * (arXiv papers by their 10.48550 DOIs); https://blog.arxiv.org/2022/02/17/new-arxiv-articles-are-now-automatically-assigned-dois/;
 * https://www.aclweb.org/anthology/faq/doi/ (the Anthology's DOIs), and
 * https://github.com/acl-org/acl-anthology/issues/1174 and /issues/4076 (events given DOIs late,
 * or not at all: a derived DOI is a guess, and the title is searched when it misses).
 */
import { worksIn, type OpenAlexWork } from "../ingest/sources/openalex.ts";
import { parseIdentifier } from "../vocabulary/identifiers.ts";
import type { IdScheme } from "../vocabulary/paper-page.ts";
import { normalizeTitle } from "../vocabulary/titles.ts";
import { getJson, type ApiCall } from "./api-call.ts";
import { idPath } from "./api-refs.ts";

/** What the map knows of the paper, to search by when no identifier finds it. */
export interface TitleHint {
  title: string;
  year: number | null;
}

export type WorkLookup = { kind: "work"; work: OpenAlexWork; how: string } | { kind: "failed"; reason: string } | { kind: "stopped"; reason: string };

/** Results of a title search looked through. */
const TITLE_RESULTS = 10;
const TITLE_QUERY_CHARS = 300;

const ACL_OLD = /^[A-Z](\d{2})-\d{4}$/;
const ACL_NEW = /^((?:19|20)\d\d)\.[a-z][a-z0-9-]*\.\d+$/;

/** The DOIs an ACL Anthology ID may have, by the year it says, and why there are none. */
export function aclDois(id: string): { dois: string[]; none?: string } {
  const yearOf = (): number | undefined => {
    const old = ACL_OLD.exec(id)?.[1];
    if (old) return Number(old) < 50 ? 2000 + Number(old) : 1900 + Number(old);
    const fresh = ACL_NEW.exec(id)?.[1];
    return fresh ? Number(fresh) : undefined;
  };
  const year = yearOf();
  if (year === undefined) return { dois: [], none: `${id} is not an ACL Anthology ID whose year can be read` };
  if (year >= 2016) return { dois: [`10.18653/v1/${id}`] };
  if (year === 2015) return { dois: [`10.18653/v1/${id}`, `10.3115/v1/${id}`] };
  if (year === 2014) return { dois: [`10.3115/v1/${id}`] };
  return { dois: [], none: `the ACL Anthology gives papers from before 2014 (${id}) no DOI of its own` };
}

/** How an OpenAlex ID is asked for: a W…, or DOIs in order. */
export function lookupPlan(apiId: string): { work?: string; dois: string[]; none?: string } {
  const id = apiId.trim();
  if (/^W\d+$/i.test(id)) return { work: id.toUpperCase(), dois: [] };
  const acl = /^acl:(.+)$/i.exec(id)?.[1];
  if (acl) return aclDois(acl.trim());
  const doi = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:)?(10\.\d{4,9}\/\S+)$/i.exec(id)?.[1];
  return doi ? { dois: [doi] } : { dois: [], none: `${id} is neither an OpenAlex work nor a DOI` };
}

/** The identifier an OpenAlex ID stands for (a DOI, an arXiv or ACL Anthology ID), to find the paper in the map by. */
export function identifierOfApiId(apiId: string): { scheme: IdScheme; value: string } | undefined {
  const acl = /^acl:(.+)$/i.exec(apiId.trim())?.[1];
  const id = parseIdentifier(acl ?? apiId);
  return id && (id.scheme === "doi" || id.scheme === "arxiv" || id.scheme === "acl") ? id : undefined;
}

/** Words of a title as a `title.search` value: letters and digits only (commas, pipes and colons mean something in a filter). */
export function titleQuery(title: string): string {
  return normalizeTitle(title)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .slice(0, TITLE_QUERY_CHARS)
    .trim();
}

/** Whether a found work is the paper: the same normalised title, and a year within one where both are known. */
export function sameWork(work: OpenAlexWork, hint: TitleHint): boolean {
  const title = work.title ?? work.display_name;
  if (!title || normalizeTitle(title) !== normalizeTitle(hint.title)) return false;
  return hint.year === null || work.publication_year === undefined || Math.abs(work.publication_year - hint.year) <= 1;
}

/** The work `apiId` names, by its W… or its DOIs, else by the hint's title and year. */
export async function findOpenAlexWork(call: ApiCall, apiId: string, hint?: TitleHint): Promise<WorkLookup> {
  const plan = lookupPlan(apiId);
  const tried: string[] = [];
  const single = async (path: string, what: string): Promise<WorkLookup | undefined> => {
    const answer = await getJson(call, `${call.base}/works/${idPath(path)}`);
    if (!answer.ok) {
      if (answer.stopped) return { kind: "stopped", reason: answer.reason };
      if (answer.status === 404) {
        tried.push(`${what} (not on OpenAlex)`);
        return undefined;
      }
      return { kind: "failed", reason: `${apiId}: the work could not be fetched (${answer.reason})` };
    }
    const work = worksIn(answer.body)[0];
    return work ? { kind: "work", work, how: what } : { kind: "failed", reason: `${apiId}: the answer is not an OpenAlex work that can be read` };
  };
  if (plan.work) return (await single(plan.work, plan.work)) ?? { kind: "failed", reason: `${apiId}: not on OpenAlex (HTTP 404)` };
  for (const doi of plan.dois) {
    const found = await single(`doi:${doi}`, `DOI ${doi}`);
    if (found) return found;
  }
  if (plan.none) tried.push(plan.none);
  const query = hint ? titleQuery(hint.title) : "";
  if (!hint || !query) {
    tried.push("no title known to search by (a paper the map holds is searched by its title)");
    return { kind: "failed", reason: `${apiId}: not found on OpenAlex; tried ${tried.join("; ")}` };
  }
  const answer = await getJson(call, `${call.base}/works?filter=title.search:${encodeURIComponent(query)}&per-page=${TITLE_RESULTS}`);
  const said = `the title "${hint.title}"${hint.year !== null ? ` (${hint.year})` : ""}`;
  if (!answer.ok) {
    if (answer.stopped) return { kind: "stopped", reason: answer.reason };
    tried.push(`${said}, whose search could not be fetched (${answer.reason})`);
    return { kind: "failed", reason: `${apiId}: not found on OpenAlex; tried ${tried.join("; ")}` };
  }
  const results = worksIn(answer.body);
  const match = results.find((w) => sameWork(w, hint));
  if (match) return { kind: "work", work: match, how: `${said}, after ${tried.join("; ")}` };
  tried.push(`${said} (${results.length} result${results.length === 1 ? "" : "s"}, none with that title${hint.year !== null ? " within a year" : ""})`);
  return { kind: "failed", reason: `${apiId}: not found on OpenAlex; tried ${tried.join("; ")}` };
}
