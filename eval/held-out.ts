/**
 * Holding a paper out of a citation graph for an evaluation query: the same papers, numbered the
 * same, with every citation that touches the paper removed in both directions (its references
 * and the papers citing it). The paper stays as an isolated number so that indices keep meaning
 * the same thing; nothing can reach it. One pass over the stored rows, no rebuild from edges.
 */
import { CitationIndex, type CitationRows, type CsrParts } from "../graph/citation-index.ts";

function rowsWithout(rows: CitationRows, n: number, paper: number): { offsets: Uint32Array; targets: Uint32Array } {
  const { offsets, targets } = rows;
  const out = new Uint32Array(targets.length);
  const newOffsets = new Uint32Array(n + 1);
  let at = 0;
  for (let i = 0; i < n; i++) {
    newOffsets[i] = at;
    if (i === paper) continue;
    const end = offsets[i + 1] ?? 0;
    for (let k = offsets[i] ?? 0; k < end; k++) {
      const t = targets[k] ?? 0;
      if (t !== paper) out[at++] = t;
    }
  }
  newOffsets[n] = at;
  return { offsets: newOffsets, targets: out.slice(0, at) };
}

/** The graph with `paper`'s citations gone, both directions. */
export function withoutPaper(graph: CitationIndex, paper: number): CitationIndex {
  const n = graph.size;
  const buildsOn = rowsWithout(graph.rows("buildsOn"), n, paper);
  const builtBy = rowsWithout(graph.rows("builtBy"), n, paper);
  const parts: CsrParts = {
    buildsOnOffsets: buildsOn.offsets,
    buildsOnTargets: buildsOn.targets,
    builtByOffsets: builtBy.offsets,
    builtByTargets: builtBy.targets,
  };
  return new CitationIndex(graph.ids, parts);
}
