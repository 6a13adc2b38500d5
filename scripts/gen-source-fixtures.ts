/**
 * Writes the generated structured-source fixtures under test/fixtures/sources (issue 14): the
 * Semantic Scholar and OpenAlex responses and cassettes, invented and seeded so every run writes
 * the same bytes (scripts/source-fixtures/), and the RIS export citation-js makes of the first 14
 * entries of bib/benchmark-citations.bib (which, like software-citation.bib, reference-edge.json,
 * citation-edge.json and ris/zotero_style_export.ris, is written by hand).
 *
 *   npx tsx scripts/gen-source-fixtures.ts          write the files
 *   npx tsx scripts/gen-source-fixtures.ts --check  exit 1 if any file differs from what it would write
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { s2Fixtures } from "./source-fixtures/s2-fixtures.ts";
import { openAlexFixtures } from "./source-fixtures/openalex-fixtures.ts";
import { risFromBibtex } from "./source-fixtures/ris-from-bibtex.ts";

export const SOURCES_DIR = resolve(import.meta.dirname, "../test/fixtures/sources");

/** Every generated file's text, by path under test/fixtures/sources. */
export async function generatedSourceFixtures(dir = SOURCES_DIR): Promise<Map<string, string>> {
  const files = new Map([...s2Fixtures(), ...openAlexFixtures()]);
  const { ris } = await risFromBibtex(readFileSync(join(dir, "bib/benchmark-citations.bib"), "utf8"), 14);
  files.set("ris/benchmark-citations.ris", ris);
  return files;
}

async function main(): Promise<number> {
  const check = process.argv.includes("--check");
  const stale: string[] = [];
  for (const [path, text] of await generatedSourceFixtures()) {
    const at = join(SOURCES_DIR, path);
    if (check) {
      if (!existsSync(at) || readFileSync(at, "utf8") !== text) stale.push(path);
    } else {
      writeFileSync(at, text);
      process.stdout.write(`wrote ${path} (${Buffer.byteLength(text)} bytes)\n`);
    }
  }
  for (const path of stale) process.stderr.write(`gen-source-fixtures: ${path} differs from what the generator writes\n`);
  return stale.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) process.exitCode = await main();
