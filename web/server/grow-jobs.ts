/**
 * The jobs a collection's routes start (issue 19), as the `lineage` command each runs
 * (web/server/jobs.ts) with the collection's `--db`: building a bundled collection, `add` (one
 * paper's record), `expand` (a paper or a saved list, depth 1 or 2, at most MAX_EXPAND_PAPERS),
 * `watch` (check a saved list for new papers citing it) and `watch --add` (fetch findings into the
 * map). A REF must be an identifier an API reads (api/paper-refs.ts) or a paper of the map; a
 * list must be saved; findings must be the list's; and nothing that reads as an option is passed
 * to the command. Refusals are EndpointErrors with the reason. Network jobs run only on a server
 * started online (`lineage serve --online`); `GET /api/online` says which, the hosts asked, and
 * what going without an API's key means.
 */
import { EndpointError } from "../../api/endpoint-error.ts";
import type { ExpandBody } from "../../api/request-bodies.ts";
import { PAPER_REF_KINDS, paperRefKind } from "../../api/paper-refs.ts";
import type { JobSummary, KeylessApi, OnlineStatus } from "../../api/types.ts";
import type { LineageGraph } from "../../library/lineage-graph.ts";
import { namedList } from "../../library/named.ts";
import type { Store } from "../../library/store.ts";
import { namedFindings } from "../../library/watch-findings.ts";
import type { JobRequest } from "./jobs.ts";

export const OFFLINE_REASON = "this server is offline: start it with --online to let the explorer fetch from Semantic Scholar and OpenAlex";

/** The APIs the network jobs ask, as the command that started the server found them (scripts/cli/serve-command.ts): their hosts, and those without a key. */
export interface ApiAccess {
  hosts: readonly string[];
  keyless: readonly KeylessApi[];
}

export function onlineStatus(online: boolean, access: ApiAccess): OnlineStatus {
  return { online, hosts: [...new Set(access.hosts)], reason: online ? null : OFFLINE_REASON, keyless: online ? [...access.keyless] : [] };
}

/** What a job needs of the collection it grows: its name, its database, and its store and graph to check a request against. */
export interface GrownCollection {
  name: string;
  dbPath: string;
  db: Store;
  graph: LineageGraph;
}

const job = (c: GrownCollection, kind: JobSummary["kind"], title: string, args: string[]): JobRequest => ({ kind, collection: c.name, title, args: [...args, "--db", c.dbPath] });

export function addJob(c: GrownCollection, body: { ref: string }): JobRequest {
  const ref = apiRef(body.ref);
  return job(c, "add", `Adding ${ref}`, ["add", ref]);
}

export function expandJob(c: GrownCollection, body: ExpandBody): JobRequest {
  const bounds = ["--depth", String(body.depth), "--max-papers", String(body.maxPapers)];
  const how = `depth ${body.depth}${body.depth === 2 ? `, at most ${body.maxPapers} papers` : ""}`;
  if ("list" in body) {
    const list = listName(c, body.list);
    return job(c, "expand", `Expanding the list “${list}” (${how})`, ["expand", `--list=${list}`, ...bounds]);
  }
  const ref = paperRefKind(body.ref) ? { arg: apiRef(body.ref), title: titleInMap(c.graph, body.ref) ?? body.ref } : mapPaper(c.graph, body.ref);
  return job(c, "expand", `Expanding ${ref.title} (${how})`, ["expand", ref.arg, ...bounds]);
}

export function watchJob(c: GrownCollection, body: { list: string }): JobRequest {
  const list = listName(c, body.list);
  return job(c, "watch", `Checking “${list}” for new papers`, ["watch", list]);
}

export function watchAddJob(c: GrownCollection, body: { list: string; findings: string[] }): JobRequest {
  const list = listName(c, body.list);
  namedFindings(c.db, list, body.findings);
  const n = body.findings.length;
  return job(c, "watch", `Adding ${n} new paper${n === 1 ? "" : "s"} of “${list}” to the map`, ["watch", list, "--add", ...body.findings]);
}

/** An argument that must not read as an option of the command. */
function positional(value: string, what: string): string {
  if (value.startsWith("-")) throw new EndpointError(`a ${what} starting with "-" cannot be passed to lineage`);
  return value;
}

/** A saved list's name, as the command is given it. */
function listName(c: GrownCollection, raw: string): string {
  return positional(namedList(c.db, raw).name, "list name");
}

/** A REF as an identifier the CLI reads, else 400 with the reason. */
function apiRef(raw: string): string {
  if (!paperRefKind(raw)) throw new EndpointError(`"${raw.slice(0, 100)}" is not an identifier lineage add reads: ${PAPER_REF_KINDS}`);
  return positional(raw, "paper identifier");
}

/** How a job names a paper: its title in quotes, when the map holds it under that identifier. */
function titleInMap(graph: LineageGraph, ref: string): string | undefined {
  const found = graph.resolveRef(ref);
  return found.kind === "found" && found.paper.title ? `“${found.paper.title.slice(0, 80)}”` : undefined;
}

/** A paper of the map, passed to the CLI by its internal id. */
function mapPaper(graph: LineageGraph, raw: string): { arg: string; title: string } {
  const found = graph.resolveRef(raw);
  if (found.kind !== "found") {
    throw new EndpointError(
      found.kind === "ambiguous"
        ? `"${raw.slice(0, 100)}" could mean several papers: expand one by its identifier`
        : `"${raw.slice(0, 100)}" is neither an identifier an API reads nor a paper of this map`,
    );
  }
  return { arg: positional(found.paper.id, "paper id"), title: titleInMap(graph, found.paper.id) ?? found.paper.id };
}
