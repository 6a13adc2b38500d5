/**
 * Renders ACL Anthology Network papers as the three kinds of paper page users collect (Markdown,
 * text captured from the site, HTML), for benchmarks and scale tests. Pure: a paper and its
 * neighbours in, the page text out. Text captures carry references by year and title only, as the
 * real ones do, so ingesting them exercises title merging at scale.
 */
import type { AanPaper } from "../../ingest/sources/aan.ts";

export type RenderedFormat = "markdown" | "text" | "html";

export interface PageInput {
  paper: AanPaper;
  buildsOn: AanPaper[];
  builtBy: AanPaper[];
  /** Citations in the whole graph, to print "cited by N". */
  citedBy: (id: string) => number;
  dataThrough: string;
}

const LIST_CAP = 50;

const aclUrl = (id: string) => `https://aclanthology.org/${id}/`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function escapeMarkdown(s: string): string {
  return s.replace(/([[\]\\*_])/g, "\\$1");
}

function top(papers: AanPaper[], citedBy: (id: string) => number): AanPaper[] {
  return [...papers].sort((a, b) => citedBy(b.id) - citedBy(a.id) || a.id.localeCompare(b.id)).slice(0, LIST_CAP);
}

function keyFacts(p: PageInput): string[] {
  return [
    `Cited by ${p.builtBy.length} papers in the map (data through ${p.dataThrough}).`,
    `Builds on ${p.buildsOn.length} of its ${p.buildsOn.length} references that are in the map.`,
    ...(p.paper.year ? [`Published in ${p.paper.venue ?? "the ACL Anthology"} ${p.paper.year}.`] : []),
  ];
}

export function renderMarkdown(p: PageInput): string {
  const item = (q: AanPaper) => `- [${escapeMarkdown(q.title)}](${aclUrl(q.id)})${q.year ? ` (${q.year})` : ""}`;
  const buildsOn = top(p.buildsOn, p.citedBy);
  const builtBy = top(p.builtBy, p.citedBy);
  return [
    `# ${p.paper.title}`,
    "",
    `ACL Anthology: ${aclUrl(p.paper.id)}`,
    "",
    "## Key facts",
    "",
    ...keyFacts(p).map((f) => `- ${f}`),
    "",
    `## Builds on (most cited first, ${buildsOn.length} of ${p.buildsOn.length})`,
    "",
    ...buildsOn.map(item),
    "",
    `## Built on by (most cited first, ${builtBy.length} of ${p.builtBy.length})`,
    "",
    ...builtBy.map(item),
    "",
  ].join("\n");
}

export function renderText(p: PageInput): string {
  const entry = (q: AanPaper, i: number) => `  ${i + 1}. ${q.year ?? ""}${q.title}cited by ${p.citedBy(q.id).toLocaleString("en-US")}`;
  const split = (list: AanPaper[]) => {
    const head = list.slice(0, 12).map(entry);
    const rest = list.slice(12);
    return rest.length > 0 ? [...head, `${rest.length} more`, ...rest.map(entry)] : head;
  };
  const buildsOn = top(p.buildsOn, p.citedBy);
  const builtBy = top(p.builtBy, p.citedBy);
  return [
    `mlsanityData to ${p.dataThrough}`,
    "",
    p.paper.title,
    "",
    `ACL ${p.paper.id} ↗Published ${p.paper.year ?? ""}cited by ${p.builtBy.length}`,
    "",
    `Key facts. ${keyFacts(p).join(" ")}`,
    "",
    "Builds on",
    "",
    `${p.buildsOn.length} of ${p.buildsOn.length} references.`,
    "",
    `References · ${p.buildsOn.length}`,
    "",
    ...split(buildsOn),
    "",
    "Built on by",
    "",
    `${p.builtBy.length} papers.`,
    "",
    ...split(builtBy),
    "",
  ].join("\n");
}

export function renderHtml(p: PageInput): string {
  const item = (q: AanPaper) => `<li><a href="${aclUrl(q.id)}">${escapeHtml(q.title)}</a>${q.year ? ` (${q.year})` : ""}</li>`;
  const buildsOn = top(p.buildsOn, p.citedBy);
  const builtBy = top(p.builtBy, p.citedBy);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(p.paper.title)} · Lineage pages</title></head>
<body>
<nav><ul>${top(p.builtBy, p.citedBy).slice(0, 3).map(item).join("")}</ul></nav>
<main><article>
<header><h1>${escapeHtml(p.paper.title)}</h1><p><a href="${aclUrl(p.paper.id)}">ACL Anthology</a></p></header>
<section><h2>Key facts</h2><ul>${keyFacts(p)
    .map((f) => `<li>${escapeHtml(f)}</li>`)
    .join("")}</ul></section>
<section><h2>Builds on (most cited first, ${buildsOn.length} of ${p.buildsOn.length})</h2><ul>${buildsOn.map(item).join("\n")}</ul></section>
<section><h2>Built on by (most cited first, ${builtBy.length} of ${p.builtBy.length})</h2><ul>${builtBy.map(item).join("\n")}</ul></section>
</article></main>
<footer><a href="${aclUrl("P02-1040")}">Most cited</a></footer>
</body></html>
`;
}

export const RENDERERS: Record<RenderedFormat, (p: PageInput) => string> = {
  markdown: renderMarkdown,
  text: renderText,
  html: renderHtml,
};
