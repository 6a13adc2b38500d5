/**
 * The collections a fresh clone offers (`npm start`): the seed pages, built at start in a second,
 * and the ACL Anthology Network, built on first use (a job of the server, with progress), and
 * every map a researcher keeps in data/maps/ (one database per project).
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { collectionOf, type CollectionSpec } from "../../web/server/collections.ts";
import { DEFAULT_PAGES_DIR, ROOT_DIR } from "./paths.ts";

export const SEEDS_DB = join(ROOT_DIR, "data/lineage.db");
export const AAN_DB = join(ROOT_DIR, "data/aan.db");
export const MAPS_DIR = join(ROOT_DIR, "data/maps");

export function bundledCollections(): CollectionSpec[] {
  const maps = existsSync(MAPS_DIR)
    ? readdirSync(MAPS_DIR)
        .filter((f) => f.endsWith(".db"))
        .sort()
        .map((f) => collectionOf(join(MAPS_DIR, f)))
    : [];
  return [
    {
      name: "seeds",
      title: "Seed pages",
      dbPath: SEEDS_DB,
      about: "The paper pages Lineage was made from (data/pages): work on evaluating AI systems and what it builds on.",
      build: ["ingest", DEFAULT_PAGES_DIR],
    },
    {
      name: "aan",
      title: "ACL Anthology Network",
      dbPath: AAN_DB,
      about:
        "The ACL Anthology Network release of the University of Michigan's CLAIR group (Radev et al. 2013): 18,041 NLP papers with authors, venues and years, and 94,973 citations among them, distributed for research use (data/aan/README.md).",
      build: ["import", "aan", join(ROOT_DIR, "data/aan")],
    },
    // A map whose file name gives "seeds" or "aan" is served under another name (distinctCollections).
    ...maps,
  ];
}
