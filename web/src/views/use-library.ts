/**
 * The researcher's library for the explorer (issue 27): `GET /api/library` fetched with the
 * collection's live refreshes, its index (core/library), the map's filter on it, whether its
 * panel is open, and "what cites my library" asked for one scope at a time.
 */
import { useCallback, useMemo, useState } from "react";
import { fetchLibrary, fetchLibraryMissing } from "../core/api/client.ts";
import { DEFAULT_LIBRARY_MIN, DEFAULT_LIBRARY_MISSING } from "../../../api/endpoints.ts";
import { libraryIndex, type LibraryFilter } from "../core/library/index.ts";
import { useResource } from "../hooks/use-resource.ts";

export function useLibrary(available: boolean, refreshes: number) {
  const response = useResource(available ? "library" : null, fetchLibrary, refreshes);
  const index = useMemo(() => libraryIndex(response.status === "ready" ? response.data : null), [response]);
  const [filter, setFilter] = useState<LibraryFilter>("all");
  const [open, setOpen] = useState(false);
  // What cites the library: asked for a scope (null: the whole library), one request per ask.
  const [asked, setAsked] = useState<{ collection: string | null; n: number } | null>(null);
  const missing = useResource(
    index && asked ? `library-missing:${asked.collection ?? ""}:${asked.n}` : null,
    (signal) => fetchLibraryMissing({ collection: asked?.collection ?? null, min: DEFAULT_LIBRARY_MIN, limit: DEFAULT_LIBRARY_MISSING }, signal),
    refreshes,
  );
  const findMissing = useCallback((collection: string | null) => setAsked((a) => ({ collection, n: (a?.n ?? 0) + 1 })), []);
  return { index, filter: index ? filter : ("all" as const), setFilter, open: open && index !== null, setOpen, missing, findMissing };
}
