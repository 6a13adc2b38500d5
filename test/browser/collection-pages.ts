/**
 * Invented paper pages for the collection browser tests, in the markdown form of the seed pages
 * (title, arXiv line, key facts, a "Builds on" list). The titles and the arXiv IDs are made up:
 * well-formed (2401.9xxxx is past the numbers arXiv gave out that month), but no real work's.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface InventedPaper {
  id: string;
  title: string;
  year: number;
  buildsOn: readonly InventedPaper[];
}

function page(p: InventedPaper): string {
  const list = p.buildsOn.map((b) => `- [${b.title}](https://mlsanity.com/paper/${b.id}/) (${b.year})`).join("\n");
  return `# ${p.title}

arXiv: https://arxiv.org/abs/${p.id} · HTML: https://mlsanity.com/paper/${p.id}/

## Key facts

- Cited by 1 papers in the map (data through 14 Oct 2026).
- Builds on ${p.buildsOn.length} of its ${p.buildsOn.length + 2} references that are in the map.
- First posted on arXiv 3 Jan ${p.year}.

## Builds on (most cited first, ${p.buildsOn.length} of ${p.buildsOn.length})

${list}
`;
}

/** Writes one page per paper into `dir` (created), and returns `dir`. */
export function writePages(dir: string, papers: readonly InventedPaper[]): string {
  mkdirSync(dir, { recursive: true });
  for (const p of papers) writeFileSync(join(dir, `${p.id}.txt`), page(p));
  return dir;
}

const LEDGER: InventedPaper = { id: "2401.90003", title: "Ledger Probes for Counting Tasks", year: 2021, buildsOn: [] };
const TALLY: InventedPaper = { id: "2401.90002", title: "Tally Sheets as Evaluation Instruments", year: 2022, buildsOn: [LEDGER] };
export const ABACUS: InventedPaper = { id: "2401.90001", title: "Abacus Arena: Comparing Counters Fairly", year: 2023, buildsOn: [TALLY, LEDGER] };
const BEAD: InventedPaper = { id: "2401.90004", title: "Bead Frames Revisited", year: 2024, buildsOn: [ABACUS] };

/** A small map of four papers, all linked. */
export const SMALL_MAP = [ABACUS, TALLY, LEDGER, BEAD];

/** Two papers that arrive later, both building on ABACUS. */
export const LATER_PAPERS: InventedPaper[] = [
  { id: "2401.90005", title: "Slide Rules for Leaderboards", year: 2025, buildsOn: [ABACUS, BEAD] },
  { id: "2401.90006", title: "Counting Boards under Distribution Shift", year: 2025, buildsOn: [ABACUS] },
];
