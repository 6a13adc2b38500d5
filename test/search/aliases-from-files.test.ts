/**
 * Names learnt from the files a user has, ingested the normal way (issue 24): a benchmark citation
 * file (invented entries in the shapes of lm-evaluation-harness's: a `% source: …/tasks/NAME/
 * README.md` comment before each entry, keys like `name2021tlb`, a `shorttitle`) beside the seed
 * pages and an invented page. The file's entries merge with the papers the pages name by the usual
 * identity rules, and search finds them by their task names, key names and short titles; `lineage
 * explain` says where each name was learnt; `lineage search --json` and `/api/search` give the
 * same ranked answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SearchHit, SearchResponse } from "../../api/types.ts";
import type { RunningServer } from "../../web/server/http-server.ts";
import { parseBibtex } from "../../ingest/sources/bibtex.ts";
import { runCli, runJson, SEEDS, tempDir } from "../helpers/cli.ts";
import { serveWithTestPage } from "../helpers/server.ts";

const BIB = `% Citations of invented benchmark tasks, one README each.

% source: harness/tasks/metrology_probe/README.md
@misc{saxon2024probe,
  title = {Benchmarks as Microscopes: A Call for Model Metrology},
  shorttitle = {Model Metrology},
  author = {Saxon, Michael and Holtzman, Ari},
  year = {2024},
  eprint = {2407.16711},
  archivePrefix = {arXiv}
}

% source: harness/tasks/tidal_suite/README.md
@article{quillson2021tlb,
  title = {Measuring Tidal Ledger Understanding},
  author = {Quillson, Orla and Varga, Piet},
  journal = {Journal of Invented Harbours},
  year = {2021}
}

% source: harness/tasks/tidal_suite/README.md
@article{varga2022revisited,
  title = {Tidal Ledgers Revisited},
  author = {Varga, Piet},
  year = {2022}
}
`;

const PAGE = `# Grading Harbour Models With Tidal Ledgers

arXiv: https://arxiv.org/abs/2403.99001

## Key facts

- Cited by 3 papers in the map (data through 1 Mar 2026).

## Builds on (most cited first, 2 of 2)

- [Measuring Tidal Ledger Understanding](https://example.org/tidal) (2021)
- [Benchmarks as Microscopes: A Call for Model Metrology](https://mlsanity.com/paper/2407.16711/) (2024)
`;

const tmp = tempDir();
const db = join(tmp.dir, "aliases.db");
let server: RunningServer;

beforeAll(async () => {
  const folder = join(tmp.dir, "mine");
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "task_citations.bib"), BIB);
  writeFileSync(join(folder, "harbour-models.md"), PAGE);
  const r = await runCli(["ingest", SEEDS, folder, "--db", db]);
  expect(r.code, r.stderr).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

const search = (q: string) => runJson<SearchHit[]>(["search", q, "--db", db, "--limit", "5"]);

describe("a BibTeX record carries what it calls its paper", () => {
  it("keeps the key, the shorttitle and the % comment just before the entry", () => {
    const { records } = parseBibtex(BIB, "task_citations.bib");
    expect(records.map((r) => r.page.paper.recordNames)).toEqual([
      [
        { kind: "citation-key", text: "saxon2024probe" },
        { kind: "short-title", text: "Model Metrology" },
        { kind: "source-comment", text: "source: harness/tasks/metrology_probe/README.md" },
      ],
      [
        { kind: "citation-key", text: "quillson2021tlb" },
        { kind: "source-comment", text: "source: harness/tasks/tidal_suite/README.md" },
      ],
      [
        { kind: "citation-key", text: "varga2022revisited" },
        { kind: "source-comment", text: "source: harness/tasks/tidal_suite/README.md" },
      ],
    ]);
  });
});

describe("names learnt from the file, on the merged papers", () => {
  it("finds a seed paper by the task that cites it, however the task's name is typed", async () => {
    for (const q of ["metrology_probe", "metrology probe", "Metrology-Probe"]) {
      const [top] = await search(q);
      expect(top?.id, q).toBe("arxiv:2407.16711");
      expect(top?.match, q).toMatchObject({ how: "alias", alias: { alias: "metrology_probe", kind: "task-name" } });
    }
    // One paper: the record merged with the seed pages' paper by its arXiv ID.
    const shown = await runJson<{ sources: { source: string }[] }>(["show", "2407.16711", "--db", db]);
    expect(shown.sources.some((s) => s.source.endsWith("task_citations.bib#saxon2024probe"))).toBe(true);
  });

  it("finds a paper by the name in its key and by its short title", async () => {
    expect((await search("tlb"))[0]?.title).toBe("Measuring Tidal Ledger Understanding");
    expect((await search("Model Metrology"))[0]?.id).toBe("arxiv:2407.16711");
  });

  it("merges a record with the title-only mention of a page, and finds it by its title's acronym", async () => {
    const [top] = await search("MTLU");
    expect(top?.title).toBe("Measuring Tidal Ledger Understanding");
    // The page lists it and the file describes it: one paper, built on by the page's paper.
    expect(top?.builtByCount).toBe(1);
    expect(top?.firstAuthor).toBe("Orla Quillson");
  });

  it("gives a task that cites several entries to none whose title does not say it", async () => {
    const hits = await search("tidal_suite");
    expect(hits.some((h) => h.match.how === "alias")).toBe(false);
  });

  it("says in explain where each name was learnt", async () => {
    const r = await runCli(["explain", "2407.16711", "--db", db]);
    expect(r.stdout).toContain('"metrology_probe" (a name): the task of "% source: harness/tasks/metrology_probe/README.md" in task_citations.bib#saxon2024probe');
    expect(r.stdout).toContain('"Model Metrology" (a name): its shorttitle in task_citations.bib#saxon2024probe');
    const json = await runJson<{ aliases: { alias: string; kind: string; source: string }[] }>(["explain", "2407.16711", "--db", db]);
    expect(json.aliases).toContainEqual(expect.objectContaining({ alias: "saxon2024probe", kind: "citation-key" }));
  });
});

describe("lineage search and /api/search", () => {
  it("answer with the same ranked papers, and --json carries every field the explorer shows", async () => {
    for (const q of ["metrology probe", "tidal ledger", "MTLU", "2407.16711", "Benchmarks as microscopes", "sociotechnical", "Tidal Ledgers Revisted"]) {
      const cli = await search(q);
      const res = await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}&limit=5`);
      const api = ((await res.json()) as SearchResponse).results;
      expect(
        api.map((h) => h.id),
        q,
      ).toEqual(cli.map((h) => h.id));
      expect(api, q).toEqual(cli);
      for (const h of cli) {
        for (const field of ["title", "firstAuthor", "authorCount", "year", "venue", "arxivId", "aclId", "doi", "builtByCount", "citedByCount", "citedByReport", "match", "score"]) {
          expect(h, `${q}: ${field}`).toHaveProperty(field);
        }
      }
    }
  });
});
