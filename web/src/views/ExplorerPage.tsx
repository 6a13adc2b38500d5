/**
 * The page: the collections the server serves (followed by hooks/use-collections.ts) around the
 * explorer of one of them. The collection shown is the URL's (`?collection=NAME`), else the
 * server's first; the API client names it in every request (core/api/client.ts setCollection).
 * Switching collection mounts a new Explorer over the URL the switch wrote: a fresh graph and
 * camera, search, panels and reading-list draft of that collection (its saved lists live in its
 * database), and the view settings carried in the URL.
 */
import { useCallback, useState } from "react";
import { setCollection } from "../core/api/client.ts";
import { parseView } from "../core/explorer/view-url.ts";
import { useCollections } from "../hooks/use-collections.ts";
import { Explorer } from "./Explorer.tsx";

function collectionInUrl(): string | null {
  const name = parseView(window.location.search).collection;
  // Before the first request of the explorer, which its first effects make.
  setCollection(name);
  return name;
}

export function ExplorerPage() {
  const [collection, setShown] = useState(collectionInUrl);
  const [switched, setSwitched] = useState(false);
  const { collections, refresh } = useCollections();

  // Called by the explorer once its state (and the URL) names another collection.
  const onCollectionChange = useCallback((name: string | null) => {
    setCollection(name);
    setShown(name);
    setSwitched(true);
  }, []);

  return <Explorer key={collection ?? ""} collection={collection} collections={collections} switched={switched} onCollectionChange={onCollectionChange} refreshCollections={refresh} />;
}
