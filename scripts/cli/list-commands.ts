/**
 * `lineage lists [show|add|remove|reorder|export|delete] ...`: named reading lists kept in the
 * database (db/reading-lists.ts). Papers are given as REFs and stored by a reference that
 * survives graph rebuilds (an identifier, else the paper id) with a title snapshot.
 */
import { existsSync } from "node:fs";
import { LineageDb } from "../../db/lineage-db.ts";
import { ListError, type StoredReadingList } from "../../db/reading-lists.ts";
import { listJson, resolveEntries, stableRef } from "../../library/saved-lists.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { dbPath, intOption, printJson, requirePaper, withGraph, type CommandContext } from "./context.ts";
import { emit, listFormat } from "./list-output.ts";
import { renderList } from "../../library/list-formats.ts";
import { collectionPath } from "../../graph/zotero-bibtex.ts";
import { LineageAnalytics } from "../../library/lineage-analytics.ts";
import { describePaper } from "./analytics-commands.ts";

export const LISTS_USAGE = [
  "lists                            named reading lists",
  "  lists show NAME                  one list, in order",
  "  lists add NAME REF... [--note TEXT]  append papers (creates the list)",
  "  lists remove NAME REF...         take papers off",
  "  lists reorder NAME REF... [--to N]  move papers to position N (default 1)",
  "  lists export NAME [--format md|bibtex|csl|ris|json|zotero] [--zotero-collection PATH] [--out FILE]",
  "  lists suggest NAME [--limit N]   more papers like the list's (its own left out)",
  "  lists delete NAME",
].join("\n");

export function listsCommand(ctx: CommandContext): number {
  const [action = "", name, ...refs] = ctx.positionals;
  try {
    switch (action) {
      case "":
        return withGraph(ctx, (db) => {
          const lists = db.lists.all();
          if (ctx.json) printJson(ctx, lists);
          else
            ctx.out(lists.map((l) => `${l.name}  (${l.items} paper${l.items === 1 ? "" : "s"}, updated ${l.updatedAt.slice(0, 10)})`).join("\n") || "(no lists yet: `lineage lists add NAME REF...`)");
          return EXIT.ok;
        });
      case "show":
      case "export":
        return showList(ctx, requireName(name, action), action);
      case "suggest":
        return suggestForList(ctx, requireName(name, action));
      case "add":
        return editList(ctx, requireName(name, action), (db, graph) => {
          const note = typeof ctx.values.note === "string" ? ctx.values.note : "";
          const entries = requireRefs(refs, action).map((ref) => {
            const row = requirePaper(graph, ref);
            return { paperRef: stableRef(row), title: row.title, reason: "", note };
          });
          return db.lists.add(requireName(name, action), entries);
        });
      case "remove":
        return editList(ctx, requireName(name, action), (db, graph) => {
          const stored = db.lists.get(requireName(name, action));
          const removed = db.lists.remove(
            requireName(name, action),
            requireRefs(refs, action).map((r) => storedRef(stored, graph, r)),
          );
          return { removed };
        });
      case "reorder":
        return editList(ctx, requireName(name, action), (db, graph) => {
          const stored = db.lists.get(requireName(name, action));
          const to = intOption(ctx, "to", 1, 1, 100_000);
          return {
            order: db.lists.reorder(
              requireName(name, action),
              requireRefs(refs, action).map((r) => storedRef(stored, graph, r)),
              to,
            ),
          };
        });
      case "delete":
        return editList(ctx, requireName(name, action), (db) => {
          if (!db.lists.delete(requireName(name, action))) throw new ListError(`no list named "${name ?? ""}"`);
          return { deleted: name };
        });
      default:
        throw new CliError(`lists: unknown action "${action}"\n${LISTS_USAGE}`, EXIT.usage);
    }
  } catch (err) {
    if (err instanceof ListError) throw new CliError(`lists ${action}: ${err.message}`, EXIT.usage);
    throw err;
  }
}

function requireName(name: string | undefined, action: string): string {
  if (!name?.trim()) throw new CliError(`lists ${action}: give the list's NAME`, EXIT.usage);
  return name;
}

function requireRefs(refs: string[], action: string): string[] {
  if (refs.length === 0) throw new CliError(`lists ${action}: give at least one paper REF`, EXIT.usage);
  return refs;
}

/** The stored reference a REF means: the stored one as typed, else the paper it resolves to. */
function storedRef(list: StoredReadingList | undefined, graph: LineageGraph, ref: string): string {
  const exact = list?.entries.find((e) => e.paperRef.toLowerCase() === ref.trim().toLowerCase());
  if (exact) return exact.paperRef;
  return stableRef(requirePaper(graph, ref));
}

function showList(ctx: CommandContext, name: string, action: "show" | "export"): number {
  const format = action === "show" && !ctx.json ? "md" : listFormat(ctx, `lists ${action}`);
  return withGraph(ctx, (db, graph) => {
    const list = db.lists.get(name);
    if (!list) throw new CliError(`lists ${action}: no list named "${name.trim()}"`, EXIT.notFound);
    if (format === "json") emit(ctx, JSON.stringify(listJson(list, graph), null, 2));
    else {
      const into = typeof ctx.values["zotero-collection"] === "string" ? collectionPath(ctx.values["zotero-collection"]) : [list.name];
      emit(ctx, renderList(list.name, resolveEntries(list, graph), format, { collection: into }));
    }
    return EXIT.ok;
  });
}

/** `lists suggest NAME`: the relevance engine with the list's papers as seeds. */
function suggestForList(ctx: CommandContext, name: string): number {
  const limit = intOption(ctx, "limit", 20, 1, 200);
  return withGraph(ctx, (db, graph) => {
    const list = db.lists.get(name);
    if (!list) throw new CliError(`lists suggest: no list named "${name.trim()}"`, EXIT.notFound);
    const ids = resolveEntries(list, graph).flatMap((e) => (e.paper ? [e.paper.id] : []));
    const suggestions = new LineageAnalytics(graph).moreLikeList(list.name, ids, limit);
    if (ctx.json) printJson(ctx, suggestions);
    else ctx.out(suggestions.items.map((i) => `${i.position}. ${describePaper(i)}  — ${i.reason}`).join("\n") || `(nothing found like the ${suggestions.basedOn} papers of "${list.name}")`);
    return EXIT.ok;
  });
}

function editList(ctx: CommandContext, name: string, run: (db: LineageDb, graph: LineageGraph) => unknown): number {
  const path = dbPath(ctx);
  if (!existsSync(path)) throw new CliError(`${path}: no database here; run \`lineage ingest PATH... --db ${path}\` first`, EXIT.usage);
  const db = LineageDb.open(path);
  try {
    const result = run(db, new LineageGraph(db));
    const list = db.lists.get(name);
    if (ctx.json) printJson(ctx, { result, list: list ? { name: list.name, items: list.entries } : null });
    else if (list) ctx.out(list.entries.map((e) => `${e.position}. ${e.title ?? e.paperRef}  [${e.paperRef}]`).join("\n") || `(list "${list.name}" is empty)`);
    else ctx.out(`Deleted list "${name.trim()}".`);
    return EXIT.ok;
  } finally {
    db.close();
  }
}
