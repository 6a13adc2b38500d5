/**
 * In the paper panel: where the researcher's Zotero library holds this paper (issue 27), its item
 * key and the collections it is filed in, each by its path, and its tags. Text only.
 */
import type { LibraryMembership } from "../core/api/types.ts";
import { collectionLabel } from "../core/library/index.ts";

export function LibraryMembershipNote({ library }: { library: LibraryMembership }) {
  const twice = library.keys.length > 1 ? ` (${library.keys.length} items)` : "";
  return (
    <section className="library-note" aria-label="In your library">
      <p>
        <span className="swatch library-ring" aria-hidden="true" /> In your Zotero library{twice}
        {library.collections.length === 0 ? ", in no collection" : ":"}
      </p>
      {library.collections.length > 0 && (
        <ul className="library-collections" aria-label="Zotero collections">
          {library.collections.map((c) => (
            <li key={c.key}>{collectionLabel(c)}</li>
          ))}
        </ul>
      )}
      {library.tags.length > 0 && <p className="library-tags">Tags: {library.tags.join(", ")}</p>}
    </section>
  );
}
