/**
 * Rule 5 of identity resolution (vocabulary/identity.ts): a work's short name (issue 26). A page
 * titled only by a short name ("Big-Bench", "HELM": a few words, no colon) and a page with the
 * work's whole title are one paper when the short name is an alias of that title (its name, its
 * acronym, a short form its abstract defines for itself: vocabulary/aliases.ts) and of no other
 * titled paper, their identifiers do not conflict, and their years agree where both are known.
 * When several titled papers go by the name, or the years disagree, they stay apart, and the
 * decision says why. Only read titles take part; a title inferred from a first sentence never does.
 */
import type { Clusters } from "./identity-clusters.ts";
import type { Mention } from "./identity.ts";
import { isShortName } from "./aliases.ts";
import { squashed } from "./titles.ts";
import { cmp, type Decide } from "./identity-titles.ts";

interface Named {
  /** Squashed short names the cluster's pages title it by. */
  shortNames: Set<string>;
  /** A read title that is more than a short name. */
  titled?: string;
  aliases: Set<string>;
}

function named(c: Clusters, sorted: readonly Mention[]): Map<number, Named> {
  const out = new Map<number, Named>();
  sorted.forEach((m, pos) => {
    if (m.titleInferred || !m.normTitle) return;
    const root = c.find(pos);
    const entry = out.get(root) ?? { shortNames: new Set<string>(), aliases: new Set<string>() };
    if (isShortName(m.normTitle)) entry.shortNames.add(squashed(m.normTitle));
    else entry.titled ??= m.normTitle;
    for (const a of m.aliases ?? []) entry.aliases.add(a);
    out.set(root, entry);
  });
  return out;
}

export function mergeByAlias(c: Clusters, sorted: readonly Mention[], decide: Decide): void {
  const clusters = named(c, sorted);
  const byAlias = new Map<string, number[]>();
  for (const [root, n] of clusters) {
    if (n.titled === undefined) continue;
    for (const a of n.aliases) byAlias.set(a, [...(byAlias.get(a) ?? []), root]);
  }
  const shortOnly = [...clusters].filter(([, n]) => n.titled === undefined && n.shortNames.size > 0).sort(([a], [b]) => a - b);
  for (const [root, n] of shortOnly) {
    for (const name of [...n.shortNames].sort(cmp)) {
      const papers = [...new Set((byAlias.get(name) ?? []).map((r) => c.find(r)))].filter((r) => r !== c.find(root)).sort((a, b) => a - b);
      const [only] = papers;
      if (only === undefined) continue;
      const title = clusters.get(only)?.titled ?? "";
      if (papers.length > 1) {
        decide("kept-apart", "title-ambiguous", root, only, `"${name}" is a name of ${papers.length} papers (${papers.map((p) => `"${clusters.get(p)?.titled ?? ""}"`).join(", ")})`);
        continue;
      }
      const conflict = c.conflict(only, root);
      if (conflict || !c.yearsAgree(only, root)) {
        decide(
          "kept-apart",
          "title-alias",
          only,
          root,
          `"${name}" is a name of "${title}", but ${conflict ? `their ${conflict} identifiers differ` : `years ${c.yearText(only)} and ${c.yearText(root)}`}`,
        );
        continue;
      }
      c.union(only, root);
      decide("merged", "title-alias", only, root, `"${name}" is a name of "${title}" (from its title or its abstract), the one titled paper that goes by it`);
      break;
    }
  }
}
