/**
 * The researcher's own library as Lineage shows it: where it holds one paper (`show`, the paper
 * panel), the library at a glance (`lineage library`, `GET /api/library`: its last import, its
 * collection tree, the map's papers it holds), and a collection named the way a user names it
 * (its key, its path "Evaluation / Benchmarks", or a name only one collection has), with the
 * papers filed in it and in the collections under it.
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { StoredCollection } from "../db/library-store.ts";
import type { LibraryCollectionRef, LibraryMembership, LibraryResponse } from "../api/types.ts";

export class LibraryRefError extends Error {}

const refOf = (c: StoredCollection): LibraryCollectionRef => ({ key: c.key, name: c.name, path: c.path });

/** Where the library holds a paper, or null. */
export function libraryMembershipOf(db: LineageDb, paperId: string): LibraryMembership | null {
  const m = db.library.membershipOf("zotero", paperId);
  if (!m) return null;
  const collections = new Map(db.library.collections("zotero").map((c) => [c.key, c]));
  return {
    source: "zotero",
    key: m.keys[0] ?? "",
    keys: m.keys,
    collections: m.collections.flatMap((k) => {
      const c = collections.get(k);
      return c ? [refOf(c)] : [];
    }),
    tags: m.tags,
  };
}

/** The library in the map, read in one snapshot. */
export function libraryOverview(db: LineageDb): LibraryResponse {
  return db.read(() => {
    const last = db.library.lastImport("zotero");
    const memberships = db.library.memberships("zotero");
    const papersIn = new Map<string, number>();
    for (const m of memberships) for (const c of m.collections) papersIn.set(c, (papersIn.get(c) ?? 0) + 1);
    return {
      source: "zotero",
      imported: last !== undefined,
      origin: last?.origin ?? null,
      readAs: last?.readAs ?? null,
      modifiedAt: last?.modifiedAt ?? null,
      importedAt: last?.importedAt ?? null,
      items: last?.items ?? 0,
      collections: db.library.collections("zotero").map((c) => ({ ...refOf(c), parentKey: c.parentKey, items: c.items, papers: papersIn.get(c.key) ?? 0 })),
      papers: memberships.map((m) => ({ id: m.paperId, key: m.keys[0] ?? "", collections: m.collections })),
    };
  });
}

/** The collection a user names: its key, its whole path ("Evaluation / Benchmarks"), or a name one collection alone has. */
export function findCollection(library: Pick<LibraryResponse, "collections">, ref: string): LibraryResponse["collections"][number] {
  const wanted = ref.trim();
  const fold = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  const byKey = library.collections.find((c) => c.key === wanted);
  if (byKey) return byKey;
  const byPath = library.collections.filter((c) => fold(c.path.join(" / ")) === fold(wanted));
  if (byPath.length === 1 && byPath[0]) return byPath[0];
  const byName = library.collections.filter((c) => fold(c.name) === fold(wanted));
  if (byName.length === 1 && byName[0]) return byName[0];
  const shown = (cs: readonly LibraryCollectionRef[]) => cs.map((c) => `"${c.path.join(" / ")}" (${c.key})`).join(", ");
  if (byName.length > 1 || byPath.length > 1) throw new LibraryRefError(`"${ref}" names several collections: ${shown(byPath.length > 1 ? byPath : byName)}; give its path or key`);
  if (library.collections.length === 0) throw new LibraryRefError(`no collections: import your Zotero library first (\`lineage import zotero\`)`);
  throw new LibraryRefError(`no collection "${ref}" in your library; it has ${shown(library.collections.slice(0, 10))}${library.collections.length > 10 ? ", …" : ""}`);
}

/** The collection's key and the keys of every collection under it. */
export function collectionTree(library: Pick<LibraryResponse, "collections">, key: string): Set<string> {
  const keys = new Set([key]);
  // Parents come before children in tree order, so one pass finds every descendant.
  for (const c of library.collections) if (c.parentKey && keys.has(c.parentKey)) keys.add(c.key);
  return keys;
}

/** The map's papers filed in a collection or under it, in the library's order. */
export function collectionPapers(library: Pick<LibraryResponse, "collections" | "papers">, key: string): string[] {
  const tree = collectionTree(library, key);
  return library.papers.filter((p) => p.collections.some((c) => tree.has(c))).map((p) => p.id);
}
