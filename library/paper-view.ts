/**
 * The full view of one paper that `lineage show` prints and the HTTP API serves: its facts,
 * identifiers, where each fact came from, the reported figures beside what the graph holds
 * ("builds on 24 of its 57 references"), and where the researcher's own library holds it.
 */
import type { LineageDb } from "../db/lineage-db.ts";
import type { Paper, SelfSource } from "../db/paper-queries.ts";
import type { LineageGraph } from "./lineage-graph.ts";
import type { RelatedLink } from "../vocabulary/paper-page.ts";
import type { PaperDetail } from "../api/types.ts";
import { pagesOfPaper, type PageListing, type PaperPages } from "./paper-pages.ts";
import { libraryMembershipOf } from "./library-view.ts";

/**
 * The view, its pages from `listing` when the caller holds one for the current commit (a
 * read-only server's session), else read from one snapshot of the database.
 */
export function paperView(db: LineageDb, graph: LineageGraph, paper: Paper, listing?: PageListing | null): PaperDetail {
  if (listing) return viewOf(graph, paper, listing.pagesOf(paper.id), libraryMembershipOf(db, paper.id));
  return db.read(() => viewOf(graph, paper, pagesOfPaper(db, paper.id), libraryMembershipOf(db, paper.id)));
}

function viewOf(graph: LineageGraph, paper: Paper, { sources, sourceOf }: PaperPages, library: PaperDetail["library"]): PaperDetail {
  const index = graph.index.index(paper.id);
  const selfSources = sources.filter((s): s is SelfSource => s.role === "self");
  const newest = selfSources[0];
  const reported = selfSources.find((s) => s.reported.referencesTotal !== undefined || s.reported.citedByCount !== undefined);
  const perYear = selfSources.find((s) => s.reported.citationsPerYear);
  const related: RelatedLink[] = selfSources.flatMap((s) => s.related);
  return {
    id: paper.id,
    title: paper.title,
    year: paper.year,
    arxivId: paper.arxivId,
    doi: paper.doi,
    aclId: paper.aclId,
    openreviewId: paper.openreviewId,
    s2Id: paper.s2Id,
    abstract: paper.abstract,
    titleInferred: paper.titleInferred,
    stub: paper.stub,
    venue: paper.venue,
    date: paper.date,
    authors: paper.authors,
    directions: paper.directions,
    citedByCount: paper.citedByCount,
    buildsOnCount: index === undefined ? 0 : graph.index.degree(index, "buildsOn"),
    builtByCount: index === undefined ? 0 : graph.index.degree(index, "builtBy"),
    coverage: {
      buildsOn: {
        inGraph: index === undefined ? 0 : graph.index.degree(index, "buildsOn"),
        reportedInMap: reported?.reported.referencesInMap ?? null,
        reportedTotal: reported?.reported.referencesTotal ?? null,
        source: reported?.source ?? null,
        dataThrough: reported?.dataThrough ?? null,
      },
      builtBy: {
        inGraph: index === undefined ? 0 : graph.index.degree(index, "builtBy"),
        reported: reported?.reported.citedByCount ?? null,
        source: reported?.source ?? null,
        dataThrough: reported?.dataThrough ?? null,
      },
    },
    citationsPerYear: perYear?.reported.citationsPerYear ?? null,
    onMap: newest?.reported.onMap ?? null,
    editorial: selfSources.find((s) => s.editorial)?.editorial ?? null,
    related,
    fieldSources: Object.fromEntries(Object.entries(paper.fieldSources).map(([field, pageId]) => [field, sourceOf(pageId)])),
    sources,
    library,
  };
}
