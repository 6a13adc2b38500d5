/** Papers, main paths and reading-list items as the API returns them, for the component tests. */
import type { KeyRoute, MainPathResponse, MainPathStep, PaperBrief, PaperDetail, PathResponse } from "../../web/src/core/api/types.ts";
import type { ReadingItem } from "../../web/src/core/reading-list/types.ts";

export function brief(id: string, title: string, year: number | null, extra: Partial<PaperBrief> = {}): PaperBrief {
  return {
    id,
    title,
    year,
    arxivId: null,
    doi: null,
    aclId: null,
    citedByCount: null,
    stub: false,
    titleInferred: false,
    firstAuthor: null,
    authorCount: 0,
    builtByCount: null,
    ...extra,
  };
}

export const HOSTILE_TITLE = "<img src=x onerror=alert(1)>";

export function paperDetail(extra: Partial<PaperDetail> = {}): PaperDetail {
  return {
    id: "arxiv:2306.03100",
    title: "Rethinking Model Evaluation as Narrowing the Socio-Technical Gap",
    year: 2023,
    arxivId: "2306.03100",
    doi: "10.1000/xyz<1>",
    aclId: "2023.acl-long.1",
    openreviewId: null,
    s2Id: null,
    abstract: "The recent development of generative large language models poses new challenges.",
    titleInferred: false,
    stub: false,
    venue: null,
    date: "2023-06-01",
    authors: ["Q. Vera Liao", "Ziang Xiao"],
    directions: [{ name: "Reasoning benchmarks and evaluation", area: "LLM reasoning", url: "https://mlsanity.com/lr/x/", directionsInArea: 17 }],
    citedByCount: 56,
    buildsOnCount: 24,
    builtByCount: 30,
    coverage: {
      buildsOn: { inGraph: 24, reportedInMap: 24, reportedTotal: 57, source: "/data/pages/000_f241d60728b6496d.txt", dataThrough: "2026-10-14" },
      builtBy: { inGraph: 30, reported: 56, source: "/data/pages/000_f241d60728b6496d.txt", dataThrough: "2026-10-14" },
    },
    citationsPerYear: { "2023": 4, "2024": 10, "2026": 2 },
    onMap: true,
    editorial: null,
    related: [
      { title: "A safe recommendation", note: "worth reading", url: "https://example.org/paper" },
      { title: "A hostile recommendation", url: "javascript:alert(1)" },
    ],
    fieldSources: { title: "/data/pages/000_f241d60728b6496d.txt" },
    sources: [
      {
        source: "/data/pages/000_f241d60728b6496d.txt",
        format: "markdown-page",
        contentHash: "abc",
        dataThrough: "2026-10-14",
        ingestedAt: "2026-10-15T08:00:00.000Z",
        role: "self",
        reported: { citedByCount: 56, referencesInMap: 24, referencesTotal: 57 },
        directions: [],
        related: [],
        warnings: [],
      },
    ],
    library: null,
    ...extra,
  };
}

export const METROLOGY = brief("arxiv:2407.16711", "Benchmarks as Microscopes: A Call for Model Metrology", 2024, { arxivId: "2407.16711" });
export const SOCIO = brief("arxiv:2306.03100", "Rethinking Model Evaluation as Narrowing the Socio-Technical Gap", 2023, { arxivId: "2306.03100" });
export const INSTRUCT = brief("arxiv:2203.02155", "Training language models to follow instructions with human feedback", 2022, {
  arxivId: "2203.02155",
  stub: true,
});

export function pathResponse(paths: PaperBrief[][], from = METROLOGY, to = INSTRUCT): PathResponse {
  return { from, to, mode: "shortest", paths, truncated: false };
}

export const AI_EVERYTHING = brief("arxiv:2111.15366", "AI and the Everything in the Whole Wide World Benchmark", 2021, { arxivId: "2111.15366", stub: true });

export function step(paper: PaperBrief, spc: number, members: PaperBrief[] = []): MainPathStep {
  return { ...paper, members, spc, spcExact: String(spc) };
}

/** A key route around the citation `to` → `from`. */
export function keyRouteOf(from: string, to: string, spc: number, path: MainPathStep[]): KeyRoute {
  const weight = path.reduce((sum, s) => sum + s.spc, 0);
  return { from, to, spc, spcExact: String(spc), weight, weightExact: String(weight), path };
}

/** A main path, oldest first, with its key routes. */
export function mainPathResponse(path: MainPathStep[], keyRoutes: KeyRoute[] = []): MainPathResponse {
  return {
    path,
    weight: path.reduce((sum, s) => sum + s.spc, 0),
    weightExact: String(path.reduce((sum, s) => sum + s.spc, 0)),
    method: "SPC",
    scope: { seeds: [], direction: null, papers: 189 },
    totalPaths: "4734",
    keyRoutes,
    keyRouteLinks: keyRoutes.map(({ from, to, spc }) => ({ from, to, spc })),
  };
}

export function readingItem(paper: PaperBrief, reason: string, extra: Partial<ReadingItem> = {}): ReadingItem {
  const { id, title, year, arxivId, doi, aclId } = paper;
  return { ref: arxivId ?? id, id, title, year, arxivId, doi, aclId, reason, note: "", ...extra };
}
