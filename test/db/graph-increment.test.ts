/**
 * A batch derives its graph from what it can reach (db/graph-increment.ts, db/search-increment.ts)
 * and leaves what deriving the whole graph from the same pages leaves: random sequences of
 * batches (seeded) of invented pages, new ones, new captures of stored ones and removals, drawn
 * from small pools of identifiers, titles and years so that identity merges, refuses and meets
 * ambiguity (test/helpers/identity-pools.ts). After every batch the database is compared with a
 * copy whose derived tables are rebuilt whole from its pages and whose search index is rebuilt from
 * nothing: papers (every column), which paper each mention names, citations, identity keys, each
 * paper's merge decisions in order, the graph's summary and fingerprint, and the search index (rows
 * by paper, aliases in order, word counts, trigram words, FTS5's term statistics).
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import Database from "better-sqlite3";
import { LineageDb } from "../../db/lineage-db.ts";
import type { PageRecord } from "../../db/page-writer.ts";
import { writePages } from "../../library/page-writes.ts";
import { NO_PROGRESS } from "../../library/progress.ts";
import { emptyPage, type PaperRef } from "../../vocabulary/paper-page.ts";
import { tempDir } from "../helpers/cli.ts";
import { ABSTRACTS, ACL, ARXIV, DOI, TITLES, YEARS } from "../helpers/identity-pools.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const SOURCES = ["p/1.md", "p/2.md", "p/3.md", "p/4.md", "p/5.md", "p/6.md", "p/7.md", "p/8.md"];
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const ids = fc.record({ arxiv: maybe(fc.constantFrom(...ARXIV)), doi: maybe(fc.constantFrom(...DOI)), acl: maybe(fc.constantFrom(...ACL)) });
const refArb = fc.record({ ids, title: maybe(fc.constantFrom(...TITLES)), year: maybe(fc.constantFrom(...YEARS)), citedByCount: maybe(fc.integer({ min: 0, max: 9 })) });
const pageArb = fc.record({
  source: fc.constantFrom(...SOURCES),
  format: fc.constantFrom("markdown-page" as const, "bibtex" as const),
  ids,
  title: maybe(fc.constantFrom(...TITLES)),
  inferred: fc.boolean(),
  year: maybe(fc.constantFrom(...YEARS)),
  abstract: maybe(fc.constantFrom(...ABSTRACTS)),
  authors: fc.subarray(["Ines Morwen", "Ada Quenby", "Tomas Brightwater"]),
  reported: maybe(fc.integer({ min: 0, max: 50 })),
  dataThrough: maybe(fc.constantFrom("2024-01-01", "2025-06-01")),
  key: maybe(fc.constantFrom("morwen2019ledgers", "quenby2020heom")),
  buildsOn: fc.array(refArb, { maxLength: 3 }),
  builtBy: fc.array(refArb, { maxLength: 2 }),
});
const stepArb = fc.record({ pages: fc.array(pageArb, { maxLength: 5 }), remove: fc.subarray(SOURCES, { maxLength: 2 }) });
type Spec = typeof pageArb extends fc.Arbitrary<infer T> ? T : never;

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function record(spec: Spec): PageRecord {
  const page = emptyPage(spec.format);
  page.paper.ids = defined(spec.ids);
  if (spec.title !== undefined) page.paper.title = spec.title;
  page.paper.titleInferred = spec.title !== undefined && spec.inferred;
  if (spec.year !== undefined) page.paper.year = spec.year;
  if (spec.abstract !== undefined) page.paper.abstract = spec.abstract;
  page.paper.authors = spec.authors;
  if (spec.key !== undefined) page.paper.recordNames = [{ kind: "citation-key", text: spec.key }];
  if (spec.reported !== undefined) page.facts.citedByCount = spec.reported;
  if (spec.dataThrough !== undefined) page.facts.dataThrough = spec.dataThrough;
  const ref = (r: (typeof spec.buildsOn)[number]): PaperRef => defined({ ...r, ids: defined(r.ids) });
  page.buildsOn = spec.buildsOn.map(ref);
  page.builtBy = spec.builtBy.map(ref);
  const contentHash = createHash("sha256").update(JSON.stringify(spec)).digest("hex");
  return { source: spec.source, contentHash, encoding: "utf-8", byteSize: 1, page };
}

/** Everything the derived tables and the search index hold that a rebuild must give again. */
function derived(path: string) {
  const raw = new Database(path);
  try {
    raw.exec("CREATE VIRTUAL TABLE temp.text_terms USING fts5vocab(main, search_text, 'row'); CREATE VIRTUAL TABLE temp.gram_terms USING fts5vocab(main, search_word_grams, 'row')");
    raw.exec("INSERT INTO search_text (search_text) VALUES ('integrity-check'); INSERT INTO search_word_grams (search_word_grams) VALUES ('integrity-check')");
    const all = (sql: string) => raw.prepare(sql).raw().all();
    const papers = raw.prepare("SELECT id FROM papers ORDER BY id").pluck().all() as string[];
    const decisionsOf = raw.prepare("SELECT paper_a, paper_b, decision, rule, detail, mention_a, mention_b FROM merge_log WHERE paper_a = ? OR paper_b = ? ORDER BY id").raw();
    return {
      papers: all("SELECT * FROM papers ORDER BY id"),
      paperMentions: all("SELECT mention_id, paper_id FROM paper_mentions ORDER BY mention_id"),
      edges: all("SELECT citing, cited FROM edges ORDER BY citing, cited"),
      keys: all("SELECT key, paper_id FROM paper_keys ORDER BY key, paper_id"),
      decisions: all("SELECT paper_a, paper_b, decision, rule, detail, mention_a, mention_b FROM merge_log ORDER BY mention_a, mention_b, rule, detail"),
      decisionsByPaper: papers.map((id) => [id, decisionsOf.all(id, id)]),
      meta: all("SELECT key, value FROM graph_meta WHERE key IN ('built', 'version', 'search_version') ORDER BY key"),
      docs: all(
        "SELECT d.paper_id, d.year, d.cited_in_map, d.reported, d.prior, t.title, t.names, t.terms, t.authors, t.venue, t.ids FROM search_docs d JOIN search_text t ON t.rowid = d.rowid ORDER BY d.paper_id",
      ),
      aliases: all("SELECT paper_id, alias, key, kind, exact, titles, source FROM search_aliases ORDER BY paper_id, rowid"),
      words: all("SELECT word, docs FROM search_words ORDER BY word"),
      grams: all("SELECT word FROM search_word_grams ORDER BY word"),
      textTerms: all("SELECT term, doc, cnt FROM temp.text_terms ORDER BY term"),
      gramTerms: all("SELECT term, doc, cnt FROM temp.gram_terms ORDER BY term"),
    };
  } finally {
    raw.close();
  }
}

let copies = 0;
/** The database as it is, against a copy of it whose graph is derived whole and whose index is rebuilt from nothing. */
function expectAsDerivedWhole(path: string) {
  const copy = join(tmp.dir, `whole-${++copies}.db`);
  const raw = new Database(path);
  raw.exec(`VACUUM INTO '${copy}'`);
  raw.close();
  const whole = LineageDb.open(copy);
  try {
    const rebuilt = writePages(whole, [], NO_PROGRESS, { rebuild: true });
    expect(rebuilt.reach).toBeUndefined();
    whole.rebuildSearchIndex();
  } finally {
    whole.close();
  }
  expect(derived(path)).toEqual(derived(copy));
}

describe("a batch's graph derived from its reach", () => {
  it("is the graph derived whole from the same pages, after every batch of random pages, captures and removals", () => {
    let reached = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 2, maxLength: 5 }), (steps) => {
        const path = join(tmp.dir, `run-${++runs}.db`);
        const db = LineageDb.open(path);
        try {
          for (const step of steps) {
            const batch = [...new Map(step.pages.map((p) => [p.source, record(p)])).values()];
            const result = writePages(db, batch, NO_PROGRESS, { remove: step.remove });
            if (result.reach !== undefined) reached++;
            expectAsDerivedWhole(path);
          }
        } finally {
          db.close();
        }
      }),
      { seed: 27, numRuns: 60 },
    );
    // Most batches after the first into a map are derived from their reach; the whole derivation is the first's.
    expect(reached).toBeGreaterThan(60);
  });
});
