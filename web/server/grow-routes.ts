/**
 * Growing a collection's map from the explorer (issue 19): the job routes under
 * `/api/collections/{name}/` — `add` (one paper's record), `expand` (a paper or a saved list,
 * depth 1 or 2, at most MAX_EXPAND_PAPERS), `watch` (check a saved list for new papers citing it)
 * and `watch/add` (fetch findings into the map) — each a `lineage` command run as a job
 * (web/server/jobs.ts) with the collection's `--db`; and `watch/dismiss`, local, answered at once.
 * Network jobs run only on a server started online (`lineage serve --online`, LINEAGE_ONLINE=1):
 * offline they are refused (403) with how to go online, and `GET /api/online` says which. A REF
 * must be an identifier the CLI reads (crawl/api-refs.ts) or a paper of the map; anything else is
 * a 400 with the reason. The env the server was started with (API bases, keys, mailto) is the jobs'.
 */
import type { IncomingMessage } from "node:http";
import { keylessNote } from "../../crawl/api-access.ts";
import { API_SOURCES, parseApiRef } from "../../crawl/api-refs.ts";
import { apiBase } from "../../crawl/api-session.ts";
import { dismissFindings, matchFindings } from "../../crawl/watch.ts";
import type { LineageDb } from "../../db/lineage-db.ts";
import type { LineageGraph } from "../../library/lineage-graph.ts";
import { listWatchState } from "../../library/watch-state.ts";
import { DEFAULT_EXPAND_PAPERS, MAX_EXPAND_PAPERS, MAX_GROW_BODY_BYTES, MAX_PARAM_LENGTH, MAX_WATCH_ACTION_FINDINGS } from "../../api/limits.ts";
import type { JobSummary, ListWatchState, OnlineStatus } from "../../api/types.ts";
import type { Collection } from "./collections.ts";
import { HttpError } from "./http-error.ts";
import type { JobRequest } from "./jobs.ts";

export const OFFLINE_REASON = "this server is offline: start it with --online to let the explorer fetch from Semantic Scholar and OpenAlex";

/** The actions of `POST /api/collections/{name}/{action}`. */
export const GROW_ACTIONS = ["add", "expand", "watch", "watch/add", "watch/dismiss"] as const;
export type GrowAction = (typeof GROW_ACTIONS)[number];

export function isGrowAction(verb: string): verb is GrowAction {
  return (GROW_ACTIONS as readonly string[]).includes(verb);
}

export const COLLECTION_ACTION_PATH = /^\/api\/collections\/([^/]+)\/(build|add|expand|watch|watch\/add|watch\/dismiss)$/;

export function onlineStatus(online: boolean, env: NodeJS.ProcessEnv = process.env): OnlineStatus {
  const hosts = [apiBase("s2", env), apiBase("openalex", env)].map((base) => {
    try {
      return new URL(base).host;
    } catch {
      return base;
    }
  });
  const keyless: OnlineStatus["keyless"] = [];
  for (const source of online ? API_SOURCES : []) {
    const note = keylessNote(source, env);
    if (note) keyless.push({ source, note });
  }
  return { online, hosts: [...new Set(hosts)], reason: online ? null : OFFLINE_REASON, keyless };
}

/** What a grow route asks: a job to start, or (dismiss) the list's watch state after the change. */
export type GrowPlan = { job: JobRequest } | { state: ListWatchState };

/**
 * Reads and checks one grow request; `online` says whether network jobs may run. Throws HttpError
 * (400 bad parameter, 403 offline, 404 unknown list or finding, 413, 415, 503 no database).
 */
export async function planGrow(action: GrowAction, req: IncomingMessage, collection: Collection, online: boolean): Promise<GrowPlan> {
  if (action !== "watch/dismiss" && !online) throw new HttpError(403, OFFLINE_REASON);
  const body = record(await readBody(req));
  const name = collection.spec.name;
  const db = collection.spec.dbPath;
  const open = collection.served();
  if (!open) throw new HttpError(503, `the collection "${name}" has no database yet: build it first`);
  const kind = (k: JobSummary["kind"], title: string, args: string[]): GrowPlan => ({ job: { kind: k, collection: name, title, args: [...args, "--db", db] } });

  switch (action) {
    case "add": {
      const ref = apiRef(text(body, "ref"));
      return kind("add", `Adding ${ref}`, ["add", ref]);
    }
    case "expand": {
      const depth = body.depth ?? 1;
      if (depth !== 1 && depth !== 2) throw new HttpError(400, "depth must be 1 or 2");
      const maxPapers = body.maxPapers ?? DEFAULT_EXPAND_PAPERS;
      if (typeof maxPapers !== "number" || !Number.isInteger(maxPapers) || maxPapers < 1 || maxPapers > MAX_EXPAND_PAPERS) {
        throw new HttpError(400, `maxPapers must be a whole number from 1 to ${MAX_EXPAND_PAPERS}`);
      }
      const bounds = ["--depth", String(depth), "--max-papers", String(maxPapers)];
      const how = `depth ${depth}${depth === 2 ? `, at most ${maxPapers} papers` : ""}`;
      if (body.ref !== undefined && body.list !== undefined) throw new HttpError(400, "give ref or list, not both");
      if (body.list !== undefined) {
        const list = listName(open.session.db, text(body, "list"));
        return kind("expand", `Expanding the list “${list}” (${how})`, ["expand", `--list=${list}`, ...bounds]);
      }
      const raw = text(body, "ref");
      const ref = parseApiRef(raw) ? { arg: apiRef(raw), title: titleInMap(open.session.current(), raw) ?? raw } : mapPaper(open.session.current(), raw);
      return kind("expand", `Expanding ${ref.title} (${how})`, ["expand", ref.arg, ...bounds]);
    }
    case "watch": {
      const list = listName(open.session.db, text(body, "list"));
      return kind("watch", `Checking “${list}” for new papers`, ["watch", positional(list, "list name")]);
    }
    case "watch/add":
    case "watch/dismiss": {
      const list = listName(open.session.db, text(body, "list"));
      const ids = findingIds(body);
      const findings = open.session.db.read(() => open.session.db.watches.findings(list));
      const { matched, unknown } = matchFindings(findings, ids);
      if (unknown.length > 0) throw new HttpError(404, `not among the findings of “${list}”: ${unknown.slice(0, 5).join(", ")}`);
      if (action === "watch/add") {
        return kind("watch", `Adding ${ids.length} new paper${ids.length === 1 ? "" : "s"} of “${list}” to the map`, ["watch", positional(list, "list name"), "--add", ...ids]);
      }
      dismissFindings(db, list, matched);
      const state = listWatchState(open.session.db, list);
      if (!state) throw new HttpError(404, `no list named “${list}”`);
      return { state };
    }
  }
}

type Body = Record<string, unknown>;

function record(value: unknown): Body {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new HttpError(400, "the body must be a JSON object");
  return value as Body;
}

function text(body: Body, key: string): string {
  const value = body[key];
  if (typeof value !== "string" || !value.trim()) throw new HttpError(400, `${key} must be a non-empty string`);
  if (value.length > MAX_PARAM_LENGTH) throw new HttpError(400, `${key} is longer than ${MAX_PARAM_LENGTH} characters`);
  return value.trim();
}

/** An argument that must not read as an option of the command. */
function positional(value: string, what: string): string {
  if (value.startsWith("-")) throw new HttpError(400, `a ${what} starting with "-" cannot be passed to lineage`);
  return value;
}

/** A REF as an identifier the CLI reads, else 400 with the reason. */
function apiRef(raw: string): string {
  if (!parseApiRef(raw))
    throw new HttpError(400, `"${raw.slice(0, 100)}" is not an identifier lineage add reads: a DOI, an arXiv ID or URL, an ACL Anthology ID, an OpenAlex W… or a Semantic Scholar paper ID`);
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
    throw new HttpError(
      400,
      found.kind === "ambiguous"
        ? `"${raw.slice(0, 100)}" could mean several papers: expand one by its identifier`
        : `"${raw.slice(0, 100)}" is neither an identifier an API reads nor a paper of this map`,
    );
  }
  return { arg: positional(found.paper.id, "paper id"), title: titleInMap(graph, found.paper.id) ?? found.paper.id };
}

function listName(db: LineageDb, raw: string): string {
  const list = db.read(() => db.lists.get(raw));
  if (!list) throw new HttpError(404, `no list named “${raw.slice(0, 100)}”`);
  return positional(list.name, "list name");
}

function findingIds(body: Body): string[] {
  const raw = body.findings;
  if (!Array.isArray(raw) || raw.length === 0) throw new HttpError(400, "findings must be a non-empty array of finding IDs");
  if (raw.length > MAX_WATCH_ACTION_FINDINGS) throw new HttpError(400, `at most ${MAX_WATCH_ACTION_FINDINGS} findings at a time`);
  return [
    ...new Set(
      raw.map((id) => {
        if (typeof id !== "string" || !/^(?:[0-9a-f]{40}|W\d{1,15})$/i.test(id)) throw new HttpError(400, "each finding is its ID at the source: a Semantic Scholar paperId or an OpenAlex W…");
        return id;
      }),
    ),
  ];
}

/** The body as JSON: `Content-Type: application/json`, at most MAX_GROW_BODY_BYTES bytes. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  const type = String(req.headers["content-type"] ?? "");
  if (!/^application\/json\s*(?:;|$)/i.test(type)) throw new HttpError(415, `send the body as Content-Type: application/json (got ${type.slice(0, 60) || "none"})`);
  if (Number(req.headers["content-length"] ?? 0) > MAX_GROW_BODY_BYTES) throw new HttpError(413, `the body is larger than ${MAX_GROW_BODY_BYTES / 1024} kB`, { connection: "close" });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_GROW_BODY_BYTES) {
      req.destroy();
      throw new HttpError(413, `the body is larger than ${MAX_GROW_BODY_BYTES / 1024} kB`, { connection: "close" });
    }
    chunks.push(buf);
  }
  const body = Buffer.concat(chunks).toString("utf8");
  if (!body.trim()) throw new HttpError(400, "the body is empty; send JSON");
  try {
    return JSON.parse(body) as unknown;
  } catch (err) {
    throw new HttpError(400, `the body is not valid JSON (${(err as Error).message.slice(0, 120)})`);
  }
}
