/**
 * Pages from what `lineage expand`, `add` and `watch --add` received from an API: a Semantic
 * Scholar paper's record and the pages of its reference and citation lists (as exchanges,
 * reassembled by s2-exchanges.ts), or an OpenAlex work with the works it references and the works
 * citing it. A paper's own ID at its source (S2 paperId, OpenAlex W…) names its page, so asking by
 * DOI or by arXiv ID stores the same page. What the caller cut or could not fetch comes in as
 * notes and is kept as the page's warnings, which the paper view lists. Pure.
 */
import type { Exchange } from "./cassette.ts";
import { s2Bundles } from "./s2-exchanges.ts";
import { s2Page } from "./s2.ts";
import { openAlexId, openAlexPage, openAlexRef, type OpenAlexWork } from "./openalex.ts";
import type { PaperPage } from "../../vocabulary/paper-page.ts";
import { pushAll } from "./source-record.ts";

export type ApiPage = { page: PaperPage; sourceId: string } | { reason: string };

/** The page of the paper asked for as `askedId`, from its exchanges; without lists when `recordOnly`. */
export function s2ApiPage(exchanges: readonly Exchange[], askedId: string, notes: readonly string[], recordOnly = false): ApiPage {
  const { bundles, notes: exchangeNotes, problems } = s2Bundles(exchanges);
  const asked = bundles.find((b) => b.id === askedId) ?? bundles.find((b) => b.paper !== undefined);
  const paper = asked?.paper;
  if (!asked || !paper?.paperId) {
    const why = problems[0]?.reason ?? exchangeNotes[0] ?? "no paper record came back";
    return { reason: `${askedId}: no Semantic Scholar paper record (${why})` };
  }
  pushAll(asked.warnings, notes);
  for (const p of problems) asked.warnings.push(`${p.at}: ${p.reason}`);
  if (recordOnly) {
    delete paper.references;
    delete paper.citations;
    delete asked.references;
    delete asked.citations;
  }
  const made = s2Page(asked);
  if ("reason" in made) return made;
  return { page: made.page, sourceId: paper.paperId.toLowerCase() };
}

/** The page of a work, its references resolved against `referenced` and `citing` as what builds on it. */
export function openAlexApiPage(work: OpenAlexWork, referenced: readonly OpenAlexWork[], citing: readonly OpenAlexWork[], notes: readonly string[], recordOnly = false): ApiPage {
  const id = openAlexId(work.id);
  if (!id) return { reason: `${work.id}: not an OpenAlex work ID` };
  const byId = new Map<string, OpenAlexWork>();
  for (const w of referenced) {
    const wid = openAlexId(w.id);
    if (wid && !byId.has(wid)) byId.set(wid, w);
  }
  const resolve = (ref: string) => {
    const w = byId.get(ref);
    return w ? openAlexRef(w) : undefined;
  };
  const made = openAlexPage(recordOnly ? Object.assign({}, work, { referenced_works: [] }) : work, resolve);
  if ("reason" in made) return made;
  const { page } = made;
  if (!recordOnly) {
    let unnamed = 0;
    for (const w of citing) {
      const ref = openAlexRef(w);
      if (ref) page.builtBy.push(ref);
      else unnamed++;
    }
    if (unnamed > 0) page.warnings.push(`${unnamed} citing works had neither a title nor an identifier and were left out`);
  }
  pushAll(page.warnings, notes);
  return { page, sourceId: id };
}
