/**
 * The databases a server serves, one collection each (a researcher keeps one map per project):
 * each is opened read-only when its file holds a Lineage database, with a live graph
 * (library/graph-session.ts), its reads (web/server/api.ts) and its list writes
 * (library/list-writes.ts), which the server's writer applies (`applyWrite`). A collection whose file
 * does not exist yet (a bundled one not built, a new map) is served as such: its summary says so,
 * with the commands that fill it, and its API answers 503 until it is there.
 */
import { existsSync } from "node:fs";
import { basename, extname, resolve } from "node:path";
import { GraphSession } from "../../library/graph-session.ts";
import type { CollectionSummary } from "../../api/types.ts";
import { ListWrites, type ApplyWrite } from "../../library/list-writes.ts";
import { LineageApi } from "./api.ts";
import { MAX_CLOSURE_PAPERS, QUERY_BUDGET_MS } from "../../api/limits.ts";

export interface CollectionSpec {
  /** The name URLs use (`?collection=NAME`): letters, digits and dashes. */
  name: string;
  title: string;
  dbPath: string;
  /** Where it comes from, and under what terms, for the explorer to say. */
  about?: string;
  /** `lineage` arguments that build it from bundled files (run as a job, web/server/jobs.ts). */
  build?: string[];
}

/**
 * Collections under names of their own: the first to claim a name keeps it, and another whose
 * file gives the same name (`My Map.db` and `my-map.db`, or a kept map called `Seeds.db` beside
 * the bundled seeds) is served as NAME-2, NAME-3, … (its title, the file's own name, tells them
 * apart); a database given twice is served once. `notes` says each of these in one line, so that
 * no collection is merged or hidden unsaid.
 */
export function distinctCollections(specs: readonly CollectionSpec[]): { collections: CollectionSpec[]; notes: string[] } {
  const byName = new Map<string, CollectionSpec>();
  const byPath = new Map<string, CollectionSpec>();
  const notes: string[] = [];
  for (const spec of specs) {
    const same = byPath.get(resolve(spec.dbPath));
    if (same) {
      notes.push(`${spec.dbPath} is given twice: served once, as "${same.name}"`);
      continue;
    }
    let name = spec.name;
    for (let k = 2; byName.has(name); k++) name = `${spec.name}-${k}`;
    if (name !== spec.name) notes.push(`${spec.dbPath} is served as "${name}": the name "${spec.name}" is ${byName.get(spec.name)?.dbPath ?? "another collection"}'s`);
    const distinct = name === spec.name ? spec : Object.assign({}, spec, { name });
    byName.set(name, distinct);
    byPath.set(resolve(spec.dbPath), distinct);
  }
  return { collections: [...byName.values()], notes };
}

/** A collection named after its database file. */
export function collectionOf(dbPath: string): CollectionSpec {
  const stem = basename(dbPath, extname(dbPath));
  const name =
    stem
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "map";
  return { name, title: stem, dbPath };
}

/** How often a collection whose database cannot be opened is looked at again. */
const RETRY_OPEN_MS = 1000;

/** A collection whose database is there: its live graph, its reads and its list writes. */
export interface OpenCollection {
  session: GraphSession;
  api: LineageApi;
  lists: ListWrites;
}

export class Collection {
  private opened?: OpenCollection;
  private triedAt = -Infinity;
  private openError?: string;

  constructor(
    readonly spec: CollectionSpec,
    /** Where the collection's writes go (the server's writer, web/server/server-writes.ts). */
    private readonly applyWrite: ApplyWrite,
    private readonly queryBudgetMs = QUERY_BUDGET_MS,
  ) {}

  /** The collection's APIs, when its database is there (opened on first use). */
  served(): OpenCollection | undefined {
    if (this.opened) return this.opened;
    const now = performance.now();
    if (now - this.triedAt < RETRY_OPEN_MS) return undefined;
    this.triedAt = now;
    if (!existsSync(this.spec.dbPath)) {
      this.openError = undefined;
      return undefined;
    }
    try {
      const session = new GraphSession(this.spec.dbPath);
      const api = new LineageApi(session.db, session, { queryBudgetMs: this.queryBudgetMs, maxClosurePapers: MAX_CLOSURE_PAPERS });
      const lists = new ListWrites(session.db, session, this.applyWrite);
      this.opened = { session, api, lists };
      this.openError = undefined;
    } catch (err) {
      // A database being created by a build is not a Lineage database until its migrations commit.
      this.openError = (err as Error).message;
    }
    return this.opened;
  }

  summary(): Omit<CollectionSummary, "job"> {
    const served = this.served();
    const counts = served?.session.counts();
    const status = !served ? (this.openError ? "unreadable" : "missing") : counts && counts.papers > 0 ? "ready" : "empty";
    return {
      name: this.spec.name,
      title: this.spec.title,
      about: this.spec.about ?? null,
      status,
      reason: served ? null : (this.openError ?? `${this.spec.dbPath} does not exist yet`),
      papers: counts?.papers ?? 0,
      citations: counts?.edges ?? 0,
      graphVersion: served?.session.graphVersion() ?? null,
      buildable: this.spec.build !== undefined,
      fill: fillCommands(this.spec),
    };
  }

  close(): void {
    this.opened?.session.close();
    this.opened = undefined;
  }
}

/** What a user can run to fill the collection's database. */
function fillCommands(spec: CollectionSpec): string[] {
  const db = spec.dbPath;
  const commands = spec.build ? [`lineage ${spec.build.join(" ")} --db ${db}`] : [];
  return [...commands, `lineage ingest PAGES_FOLDER --db ${db}`, `lineage import bibtex|ris|s2|openalex FILE --db ${db}`, `lineage fetch openalex|s2 ID --db ${db}`];
}
