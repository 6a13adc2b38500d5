/**
 * Writes ACL Anthology Network papers as paper pages in the three page formats, seeded:
 *   tsx scripts/render-aan-pages.ts --out DIR [--count N] [--seed S] [--aan ../shared/data/aan]
 * Papers with metadata and at least one citation are chosen at random (seeded); each page's
 * format is drawn at random too. Used by benchmarks and scale tests.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseAanCitations, parseAanMetadata, type AanPaper } from "../ingest/sources/aan.ts";
import { seededRandom } from "../graph/layout.ts";
import { RENDERERS, type RenderedFormat } from "./aan-pages/render.ts";

export interface RenderOptions {
  aanDir: string;
  outDir: string;
  count?: number;
  seed?: number;
}

export function renderAanPages(options: RenderOptions): { written: number; byFormat: Record<RenderedFormat, number> } {
  const { papers } = parseAanMetadata(readFileSync(join(options.aanDir, "acl-metadata.txt")));
  const { edges } = parseAanCitations(readFileSync(join(options.aanDir, "acl.txt"), "latin1"));
  const byId = new Map(papers.map((p) => [p.id, p]));
  const buildsOn = new Map<string, AanPaper[]>();
  const builtBy = new Map<string, AanPaper[]>();
  const citations = new Map<string, number>();
  const seen = new Set<string>();
  for (const e of edges) {
    const key = `${e.citing} ${e.cited}`;
    if (e.citing === e.cited || seen.has(key)) continue;
    seen.add(key);
    citations.set(e.cited, (citations.get(e.cited) ?? 0) + 1);
    const citing = byId.get(e.citing);
    const cited = byId.get(e.cited);
    if (citing && cited) {
      buildsOn.set(citing.id, [...(buildsOn.get(citing.id) ?? []), cited]);
      builtBy.set(cited.id, [...(builtBy.get(cited.id) ?? []), citing]);
    }
  }
  const random = seededRandom(options.seed ?? 42);
  const candidates = papers.filter((p) => (buildsOn.get(p.id)?.length ?? 0) + (builtBy.get(p.id)?.length ?? 0) > 0);
  // Fisher-Yates with the seeded source, then take the first `count`.
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j] as AanPaper, candidates[i] as AanPaper];
  }
  const chosen = candidates.slice(0, options.count ?? candidates.length);
  mkdirSync(options.outDir, { recursive: true });
  const formats: RenderedFormat[] = ["markdown", "text", "html"];
  const byFormat: Record<RenderedFormat, number> = { markdown: 0, text: 0, html: 0 };
  for (const paper of chosen) {
    const format = formats[Math.floor(random() * formats.length)] ?? "markdown";
    const text = RENDERERS[format]({
      paper,
      buildsOn: buildsOn.get(paper.id) ?? [],
      builtBy: builtBy.get(paper.id) ?? [],
      citedBy: (id) => citations.get(id) ?? 0,
      dataThrough: "31 Dec 2012",
    });
    const ext = format === "markdown" ? "md" : format === "text" ? "txt" : "html";
    writeFileSync(join(options.outDir, `${paper.id}.${ext}`), text);
    byFormat[format]++;
  }
  return { written: chosen.length, byFormat };
}

if (import.meta.url === `file://${resolve(process.argv[1] ?? "")}`) {
  const { values } = parseArgs({
    options: { out: { type: "string" }, count: { type: "string" }, seed: { type: "string" }, aan: { type: "string" } },
  });
  if (!values.out) {
    console.error("usage: tsx scripts/render-aan-pages.ts --out DIR [--count N] [--seed S] [--aan DIR]");
    process.exitCode = 2;
  } else {
    const result = renderAanPages({
      aanDir: resolve(values.aan ?? "../shared/data/aan"),
      outDir: resolve(values.out),
      ...(values.count ? { count: Number(values.count) } : {}),
      ...(values.seed ? { seed: Number(values.seed) } : {}),
    });
    console.log(`Wrote ${result.written} pages to ${values.out} (${JSON.stringify(result.byFormat)})`);
  }
}
