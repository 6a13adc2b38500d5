/**
 * Leave-one-site-out over a corpus of real pages (issue 26): for each site (a host), the readers'
 * tunable settings (ingest/reader-settings.ts) are chosen on the pages of every other site, by
 * facts right less five for every fact wrong, and the site's pages are then read with them. Every
 * page of the corpus is thereby read by rules chosen without its own site; the facts are checked
 * page by page, and the works' nodes are worked out from those readings (eval/page-identity.ts),
 * so that "one node per work" is held out as well. The settings chosen with every site in view
 * are reported beside, and whether they are the defaults `lineage ingest` reads with. Files of
 * records (BibTeX, JSON) are read by importers the settings do not touch: their records are the
 * ingest's. What the settings do not decide is fixed rules; eval/page-rule-provenance.ts says which
 * of those were written from which site's pages.
 */
import { readFileSync } from "node:fs";
import type { PageRecord } from "../db/page-writer.ts";
import type { FileOutcome } from "../library/ingest-files.ts";
import { parsePage } from "../ingest/parse-page.ts";
import { DEFAULT_READER_SETTINGS, sameSettings, settingGrid, type ReaderSettings } from "../ingest/reader-settings.ts";
import { nodesOf } from "./page-identity.ts";
import { score, tallyFacts, type FactTotals, type WorkTally } from "./page-figures.ts";
import { pageResult, worksOf, type PageResult } from "./page-results.ts";
import type { PagesReport } from "./pages.ts";

export interface Fold {
  host: string;
  settings: ReaderSettings;
  pages: PageResult[];
}

export interface LosoReport {
  folds: Fold[];
  /** Every page as read with the settings chosen without its site. */
  pages: PageResult[];
  totals: FactTotals;
  workTally: WorkTally;
  /** The settings chosen with every site in view, and whether they are the defaults. */
  allIn: { settings: ReaderSettings; isDefault: boolean };
  /** The evaluation's own identity, over the ingest's readings, gives the ingest's nodes. */
  agreesWithIngest: boolean;
}

type Readings = Map<string, { records: PageRecord[]; outcome: FileOutcome | undefined }>;

/** Every file of the corpus read with `settings`: pages parsed again, files of records as ingested. */
function readAll(dev: PagesReport, settings: ReaderSettings): Readings {
  const out: Readings = new Map();
  for (const p of dev.pages) {
    const outcome = dev.outcomes.get(p.file);
    if (outcome?.kind.kind !== "page") {
      out.set(p.file, { records: outcome?.records ?? [], outcome });
      continue;
    }
    const bytes = readFileSync(p.file);
    const parsed = parsePage(bytes, p.file, { settings });
    if (parsed.ok) {
      out.set(p.file, { records: [{ source: p.file, contentHash: parsed.contentHash, encoding: parsed.encoding, byteSize: parsed.byteSize, page: parsed.page }], outcome });
    } else {
      out.set(p.file, { records: [], outcome: { path: p.file, kind: outcome.kind, records: [], errors: [{ path: p.file, reason: parsed.reason }] } });
    }
  }
  return out;
}

function resultsOf(dev: PagesReport, readings: Readings, nodeOf: Map<string, string>): PageResult[] {
  return dev.pages.map((p) => {
    const read = readings.get(p.file);
    const expected = dev.expectations.find((e) => e.slug === p.slug) ?? dev.expectations[0];
    if (!expected) throw new Error(`eval: no expectation for ${p.slug}`);
    return pageResult(p.file, expected, read?.records ?? [], read?.outcome, nodeOf, dev.work);
  });
}

export function losoPages(dev: PagesReport): LosoReport {
  const grid = settingGrid();
  const readings = grid.map((s) => readAll(dev, s));
  const none = new Map<string, string>();
  const results = readings.map((r) => resultsOf(dev, r, none));
  const choose = (keep: (p: PageResult) => boolean): number => {
    let best = 0;
    let bestScore = -Infinity;
    results.forEach((pages, k) => {
      const s = score(tallyFacts(pages.filter(keep).map((p) => p.outcomes)));
      if (s > bestScore) [best, bestScore] = [k, s];
    });
    return best;
  };
  const hosts = [...new Set(dev.pages.map((p) => p.host))].sort();
  const chosenFor = new Map(hosts.map((h) => [h, choose((p) => p.host !== h)]));
  // Every page read with the settings chosen without its site, then one identity over them all.
  const mixed: Readings = new Map(dev.pages.map((p) => [p.file, readings[chosenFor.get(p.host) ?? 0]?.get(p.file) ?? { records: [], outcome: undefined }]));
  const nodeOf = nodesOf([...mixed.values()].flatMap((r) => r.records));
  const pages = resultsOf(dev, mixed, nodeOf);
  const folds = hosts.map((host) => ({ host, settings: grid[chosenFor.get(host) ?? 0] ?? DEFAULT_READER_SETTINGS, pages: pages.filter((p) => p.host === host) }));
  const { workTally } = worksOf(pages, dev.expectations, new Map(), dev.work);
  const allIn = grid[choose(() => true)] ?? DEFAULT_READER_SETTINGS;
  // The ingest's own readings through the evaluation's identity: the same nodes as the ingest's.
  const ingestNodes = nodesOf(dev.pages.flatMap((p) => dev.outcomes.get(p.file)?.records ?? []));
  const agreesWithIngest = dev.pages.every((p) => p.nodes.every((n) => (dev.outcomes.get(p.file)?.records ?? []).some((r) => ingestNodes.get(r.source) === n)));
  return {
    folds,
    pages,
    totals: tallyFacts(pages.map((p) => p.outcomes)),
    workTally,
    allIn: { settings: allIn, isDefault: sameSettings(allIn, DEFAULT_READER_SETTINGS) },
    agreesWithIngest,
  };
}
