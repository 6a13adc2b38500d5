/**
 * The map the library tests import a Zotero library into: invented paper pages (Markdown, the
 * seed pages' layout) of which three are papers of test/helpers/zotero-db.ts's sample library
 * (by its arXiv IDs), and papers that build on those, or that they build on.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** An invented paper page: its arXiv ID, title, year and what it builds on (arXiv IDs). */
function page(id: string, title: string, year: number, buildsOn: string[]): string {
  return [
    `# ${title}`,
    "",
    `arXiv: https://arxiv.org/abs/${id} · HTML: https://arxiv.org/html/${id}`,
    "",
    `## Builds on (${buildsOn.length} of ${buildsOn.length})`,
    "",
    ...buildsOn.map((b) => `- [Invented Paper ${b}](https://arxiv.org/abs/${b}) (${year - 1})`),
    "",
    "## Abstract",
    "",
    `We invent ${title.toLowerCase()} for the tests of the researcher's library.`,
  ].join("\n");
}

// The library's arXiv papers: ARXIVID1 2401.04321 (by archiveID), EXTRAAX1 2312.00457 (by Extra), AXDOI001 2305.01234 (by DOI).
export const PAGES: [string, string, number, string[]][] = [
  ["2401.04321", "Reasoning Benchmarks Saturate Quickly", 2024, ["2001.00009", "2305.01234"]],
  ["2312.00457", "Contamination Audits of Test Sets", 2023, ["2001.00009"]],
  ["2402.00001", "A Survey Citing Two Library Papers", 2024, ["2401.04321", "2312.00457"]],
  ["2402.00002", "A Paper Citing One Library Paper", 2024, ["2401.04321"]],
  ["2402.00003", "A Study Citing Three Library Papers", 2024, ["2401.04321", "2312.00457", "2305.01234"]],
  ["2001.00009", "An Old Foundation Both Build On", 2020, []],
];

/** Writes the pages into a new folder `dir`; returns it. */
export function writeMapPages(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const [id, title, year, buildsOn] of PAGES) writeFileSync(join(dir, `${id}.md`), page(id, title, year, buildsOn));
  return dir;
}
