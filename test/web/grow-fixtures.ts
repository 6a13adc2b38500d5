/**
 * For the jsdom tests of the grow components: a stand-in for the server's fetch that answers by
 * method and path from a table, and records every request (method, path, body); and invented
 * findings and citation contexts (made-up titles, DOIs under 10.5555, hostile text where scraped
 * text goes).
 */
import { vi } from "vitest";
import type { CitationContext, JobSummary, ListWatchState, OnlineStatus, WatchFindingJson } from "../../api/types.ts";

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export type Route = (body: unknown, url: URL) => { status: number; body: unknown };

/** Installs a fetch answering `routes["METHOD /path"]` (404 otherwise); returns the requests it saw. */
export function fakeServer(routes: Record<string, Route>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : null;
      sent.push({ method, path: url.pathname, body });
      const route = routes[`${method} ${url.pathname}`];
      const answer = route ? route(body, url) : { status: 404, body: { error: `no route ${method} ${url.pathname}` } };
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } }));
    }),
  );
  return sent;
}

export const ONLINE: OnlineStatus = { online: true, hosts: ["127.0.0.1:9"], reason: null, keyless: [] };
export const OFFLINE: OnlineStatus = { online: false, hosts: ["127.0.0.1:9"], reason: "this server is offline: start it with --online", keyless: [] };

export const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> & "quoted"`;

export function jobOf(over: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 7,
    kind: "add",
    collection: "map",
    title: "Adding 10.5555/invented.1",
    state: "running",
    progress: { step: "fetch", done: 0, total: 1, label: "fetching 0 of 1 papers, 3 requests queued, about 3 s left", queued: 3, secondsLeft: 3 },
    startedAt: "2026-12-01T10:00:00.000Z",
    finishedAt: null,
    elapsedSeconds: 1,
    error: null,
    ...over,
  };
}

export function finding(n: number, over: Partial<WatchFindingJson> = {}): WatchFindingJson {
  return {
    id: `W99100000${n}`,
    source: "openalex",
    title: `An Invented Follow-up ${n}`,
    year: 2030,
    date: `2030-02-0${n}`,
    doi: `10.5555/invented.follow.${n}`,
    arxivId: null,
    aclId: null,
    cites: [{ ref: "10.5555/invented.listed.1", title: "The Listed Paper", intents: ["methodology"], isInfluential: n % 2 === 0, contexts: [`Follow-up ${n} reuses the listed procedure.`] }],
    state: "new",
    firstSeenAt: "2026-12-01T09:00:00.000Z",
    lastSeenAt: "2026-12-01T09:00:00.000Z",
    newInLastCheck: true,
    ...over,
  };
}

export function watchState(findings: WatchFindingJson[], over: Partial<ListWatchState> = {}): ListWatchState {
  const count = (s: WatchFindingJson["state"]) => findings.filter((f) => f.state === s).length;
  return {
    list: "Reading",
    watched: true,
    source: "openalex",
    lastCheckedAt: "2026-12-01T09:00:00.000Z",
    previousCheckedAt: null,
    papersChecked: 2,
    problems: [],
    counts: { new: count("new"), added: count("added"), dismissed: count("dismissed") },
    findings,
    truncated: false,
    ...over,
  };
}

export function context(n: number, over: Partial<CitationContext> = {}): CitationContext {
  return {
    id: `doi:10.5555/invented.citer.${n}`,
    title: `Invented Citing Paper ${n}`,
    year: 2020 + n,
    arxivId: null,
    doi: `10.5555/invented.citer.${n}`,
    aclId: null,
    citedByCount: null,
    stub: false,
    titleInferred: false,
    firstAuthor: "Ada Placeholder",
    authorCount: 1,
    builtByCount: 0,
    intents: ["background"],
    isInfluential: false,
    contexts: [`Citing paper ${n} mentions it in passing.`],
    sources: ["https://api.semanticscholar.org/graph/v1/paper/x/citations"],
    ...over,
  };
}
