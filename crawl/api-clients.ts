/**
 * Live Semantic Scholar and OpenAlex requests for `lineage fetch`, through the crawler's fetcher
 * (same rate limits, retries, size limits and cache). These only fetch: what comes back is handed,
 * as exchanges or works, to the pure parsers in ingest/sources/. Base URLs come from the
 * environment (LINEAGE_S2_API, LINEAGE_OPENALEX_API) so tests can point them at a local replay;
 * their hosts are the only ones requests and redirects may go to (apiDestinations).
 */
import type { Exchange } from "../ingest/sources/cassette.ts";
import { openAlexId, worksIn, type OpenAlexWork } from "../ingest/sources/openalex.ts";
import { DestinationPolicy } from "./destinations.ts";
import type { Fetcher } from "./fetcher.ts";
import { S2_MAX_LIST, s2PageLimit } from "./s2-paging.ts";

export const S2_API = "https://api.semanticscholar.org/graph/v1";
export const OPENALEX_API = "https://api.openalex.org";

export const S2_PAPER_FIELDS = "paperId,corpusId,externalIds,url,title,abstract,venue,year,publicationDate,authors,citationCount,referenceCount,fieldsOfStudy,journal";
export const S2_LIST_FIELDS = "paperId,corpusId,externalIds,url,title,year,citationCount,isInfluential,intents,contexts";

/**
 * Where `lineage fetch` may send requests: the hosts of the two API base URLs, as the crawler
 * treats its seeds (a base written as a private or loopback address may be there; a name must
 * resolve to public addresses).
 */
export function apiDestinations(env: NodeJS.ProcessEnv = process.env): DestinationPolicy {
  return new DestinationPolicy({
    seeds: [env.LINEAGE_S2_API ?? S2_API, env.LINEAGE_OPENALEX_API ?? OPENALEX_API],
    allowHosts: [],
    wording: {
      hostRule: "not the host of LINEAGE_S2_API or LINEAGE_OPENALEX_API",
      addressRule: () => "fetched only when LINEAGE_S2_API or LINEAGE_OPENALEX_API is written as that address",
    },
  });
}

export interface RequestLog {
  url: string;
  status?: number;
  via?: string;
  reason?: string;
}

/** A paper ID as a path: slashes kept (DOIs contain them), everything else escaped. */
function idPath(id: string): string {
  return id.split("/").map(encodeURIComponent).join("/");
}

function trimBase(base: string): string {
  return base.replace(/\/+$/, "");
}

async function record(fetcher: Fetcher, url: string, exchanges: Exchange[], log: RequestLog[]): Promise<unknown> {
  const r = await fetcher.get(url);
  if (r.ok) {
    const body = r.body.toString("utf8");
    exchanges.push({ method: "GET", url, status: r.status, body, ...(r.contentType ? { contentType: r.contentType } : {}) });
    log.push({ url, status: r.status, via: r.via });
    try {
      return JSON.parse(body);
    } catch {
      log[log.length - 1] = { url, status: r.status, reason: "the response is not JSON" };
      return undefined;
    }
  }
  exchanges.push({ method: "GET", url, status: r.status ?? 0, body: "" });
  log.push({ url, ...(r.status !== undefined ? { status: r.status } : {}), reason: r.reason });
  return undefined;
}

/** The paper record and every page of its reference and citation lists, as exchanges. */
export async function fetchS2Paper(fetcher: Fetcher, id: string, base = S2_API): Promise<{ exchanges: Exchange[]; log: RequestLog[]; truncated: string[] }> {
  const root = `${trimBase(base)}/paper/${idPath(id)}`;
  const exchanges: Exchange[] = [];
  const log: RequestLog[] = [];
  const truncated: string[] = [];
  await record(fetcher, `${root}?fields=${S2_PAPER_FIELDS}`, exchanges, log);
  for (const kind of ["references", "citations"] as const) {
    let offset = 0;
    for (;;) {
      const limit = s2PageLimit(offset, S2_MAX_LIST);
      const body = (await record(fetcher, `${root}/${kind}?fields=${S2_LIST_FIELDS}&offset=${offset}&limit=${limit}`, exchanges, log)) as { next?: unknown } | undefined;
      const next = body?.next;
      if (typeof next !== "number" || next <= offset) break;
      if (next >= S2_MAX_LIST) {
        truncated.push(`${kind}: the API serves only the first ${S2_MAX_LIST.toLocaleString("en-US")} entries`);
        break;
      }
      offset = next;
    }
  }
  return { exchanges, log, truncated };
}

/** A work, and the works it references looked up by OpenAlex ID (50 per request). */
export async function fetchOpenAlexWork(fetcher: Fetcher, id: string, base = OPENALEX_API): Promise<{ work?: OpenAlexWork; referenced: OpenAlexWork[]; unresolvedLookups: number; log: RequestLog[] }> {
  const root = trimBase(base);
  const exchanges: Exchange[] = [];
  const log: RequestLog[] = [];
  const body = await record(fetcher, `${root}/works/${encodeURI(id.trim())}`, exchanges, log);
  const work = worksIn(body)[0];
  const referenced: OpenAlexWork[] = [];
  let unresolvedLookups = 0;
  if (!work) return { referenced, unresolvedLookups, log };
  const ids = (work.referenced_works ?? []).map(openAlexId).filter((x): x is string => x !== undefined);
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    const select = "id,doi,title,display_name,publication_year,ids,primary_location,cited_by_count";
    const found = worksIn(await record(fetcher, `${root}/works?filter=ids.openalex:${chunk.join("|")}&select=${select}&per-page=50`, exchanges, log));
    referenced.push(...found);
    unresolvedLookups += chunk.length - found.length;
  }
  return { work, referenced, unresolvedLookups, log };
}
