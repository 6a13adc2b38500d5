/**
 * A folder of real pages for the pages evaluation: every `<slug>.<ext>` beside a hand-written
 * `<slug>.expected.json` (the layout of `../shared/data/real-pages/README.md`), with what could not
 * be paired; the site a page is from, by host; and the folders of further real pages kept outside
 * the repository (`LINEAGE_EXTRA_PAGES`, folders separated by ":", else every batch
 * `../extra-data/real-pages*` beside the repository when there is one). Reads files; never copies them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { readExpectation, type PageExpectation } from "./page-checks.ts";

export interface PagePair {
  file: string;
  expected: PageExpectation;
}

const EXPECTED = ".expected.json";

/** Each expectation with the page file beside it (same folder, same slug, any other ending). */
export function readCorpus(root: string): { pairs: PagePair[]; problems: string[] } {
  const problems: string[] = [];
  const pairs: PagePair[] = [];
  const walk = (folder: string) => {
    const names = readdirSync(folder).sort();
    for (const name of names) {
      const path = join(folder, name);
      if (!name.startsWith(".") && statSync(path).isDirectory()) walk(path);
      if (!name.endsWith(EXPECTED)) continue;
      const slug = name.slice(0, -EXPECTED.length);
      const page = names.find((n) => n !== name && n.startsWith(`${slug}.`) && !n.endsWith(EXPECTED) && !n.slice(slug.length + 1).includes("."));
      let read: ReturnType<typeof readExpectation>;
      try {
        read = readExpectation(slug, JSON.parse(readFileSync(path, "utf8")));
      } catch (err) {
        read = { reason: (err as Error).message };
      }
      if ("reason" in read) problems.push(`${name}: unreadable expectation (${read.reason})`);
      else if (!page) problems.push(`${name}: no page file ${slug}.* beside it`);
      else pairs.push({ file: join(folder, page), expected: read });
    }
    const paired = new Set(pairs.map((e) => e.file));
    for (const name of names) {
      const path = join(folder, name);
      if (!name.startsWith(".") && !name.endsWith(EXPECTED) && !paired.has(path) && statSync(path).isFile()) problems.push(`${name}: no ${name.replace(/\.[^.]*$/, "")}${EXPECTED} beside it`);
    }
  };
  walk(root);
  return { pairs, problems };
}

/** The site a page is from: the host its expectation names first ("arxiv.org/abs (2025 layout)" → "arxiv.org"). */
export function hostOf(site: string): string {
  return site.trim().split(/[\s/]/)[0]?.toLowerCase() || site;
}

/** The folders of further real pages: LINEAGE_EXTRA_PAGES, else every `extra-data/real-pages*` beside the shared data. */
export function extraCorpora(sharedData: string, env: string | undefined = process.env.LINEAGE_EXTRA_PAGES): { roots: string[]; absent?: string } {
  if (env !== undefined && env.trim() !== "") {
    const roots = env
      .split(":")
      .filter(Boolean)
      .map((r) => resolve(r));
    const missing = roots.filter((r) => !existsSync(r));
    return { roots: roots.filter((r) => existsSync(r)), ...(missing.length > 0 ? { absent: `LINEAGE_EXTRA_PAGES names folders that are not there: ${missing.join(", ")}` } : {}) };
  }
  // Every batch gathered there: real-pages, real-pages-2, …, in name order.
  const beside = resolve(sharedData, "../../extra-data/real-pages");
  const parent = resolve(beside, "..");
  const batches = existsSync(parent)
    ? readdirSync(parent)
        .filter((n) => /^real-pages(?:-[\w-]+)?$/.test(n) && statSync(join(parent, n)).isDirectory())
        .sort()
        .map((n) => join(parent, n))
    : [];
  return batches.length > 0 ? { roots: batches } : { roots: [], absent: `no further real pages: ${beside} is not there (set LINEAGE_EXTRA_PAGES to folders laid out like the development corpus)` };
}
