/**
 * A researcher's Zotero library of a given size, invented and seeded, written as `zotero.sqlite`
 * with Zotero's tables (test/helpers/zotero-db.ts): journal articles, conference papers and
 * preprints named by DOI, arXiv (archiveID, URL or Extra) or ACL Anthology URL, some by title
 * alone; creators, tags, a nested collection tree; and the notes, attachments, annotations and
 * trash a real library carries beside its works. A share of the items can name papers of a
 * given map (their ACL Anthology IDs), as a real library overlaps the map it is imported into.
 */
import { buildZoteroDb, type FakeCollection, type FakeItem } from "../test/helpers/zotero-db.ts";
import { seededRandom } from "../graph/layout.ts";

export interface LibraryRecipe {
  items: number;
  seed: number;
  /** ACL Anthology IDs of the map's papers, some of which the library holds. */
  mapIds?: readonly string[];
  /** The share of works that are papers of the map (default 0.3). */
  overlap?: number;
}

const WORDS =
  "evaluation benchmark reasoning language model metric human judgement dataset contamination calibration robustness translation summarization dialogue retrieval annotation agreement leaderboard probing".split(
    " ",
  );
const NAMES = "Ada Bram Chen Dina Emil Fay Gus Hana Ines Jon Kaia Lev Mira Nils Oona Pia Quin Rui Sana Teo".split(" ");
const SURNAMES = "Quill Okafor Morrow Ferro Graves Hollis Ibarra Jovic Kaur Lund Moreau Nakamura Osei Petrov Rossi Sato Tran Umar Varga Wolfe".split(" ");

/** Zotero item keys: 8 characters of Zotero's alphabet. */
function itemKey(n: number, prefix: string): string {
  const alphabet = "23456789ABCDEFGHIJKLMNPQRSTUVWXYZ";
  let s = "";
  let x = n;
  for (let i = 0; i < 7; i++) {
    s = (alphabet[x % alphabet.length] ?? "2") + s;
    x = Math.floor(x / alphabet.length);
  }
  return prefix + s;
}

export function inventLibrary(recipe: LibraryRecipe): { items: FakeItem[]; collections: FakeCollection[] } {
  const r = seededRandom(recipe.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const collections: FakeCollection[] = [];
  for (let top = 0; top < 8; top++) {
    const key = itemKey(top, "C");
    collections.push({ key, name: `${pick(WORDS)} ${top}` });
    for (let sub = 0; sub < 5; sub++) {
      const subKey = itemKey(100 + top * 10 + sub, "C");
      collections.push({ key: subKey, name: `${pick(WORDS)} ${top}.${sub}`, parent: key });
      if (sub === 0) collections.push({ key: itemKey(500 + top, "C"), name: `${pick(WORDS)} ${top}.0.0`, parent: subKey });
    }
  }
  const items: FakeItem[] = [];
  const mapIds = recipe.mapIds ?? [];
  const overlap = recipe.overlap ?? 0.3;
  for (let n = 0; n < recipe.items; n++) {
    const key = itemKey(n, "I");
    const title = Array.from({ length: 4 + Math.floor(r() * 8) }, () => pick(WORDS)).join(" ");
    const year = 1995 + Math.floor(r() * 31);
    const fields: Record<string, string> = {
      title: `${title[0]?.toUpperCase()}${title.slice(1)} ${n}`,
      date: `${year}-00-00 ${year}`,
      abstractNote: Array.from({ length: 120 }, () => pick(WORDS)).join(" "),
    };
    let itemType = "journalArticle";
    const kind = r();
    if (mapIds.length > 0 && kind < overlap) {
      itemType = "conferencePaper";
      fields.url = `https://aclanthology.org/${pick(mapIds)}/`;
      fields.proceedingsTitle = "Proceedings of an Invented Meeting";
    } else if (kind < overlap + 0.2) {
      itemType = "preprint";
      const id = `${String(year % 100).padStart(2, "0")}${String(1 + Math.floor(r() * 12)).padStart(2, "0")}.${String(n).padStart(5, "0")}`;
      if (r() < 0.5) fields.archiveID = `arXiv:${id}`;
      else fields.extra = `arXiv: ${id} [cs.CL]`;
      fields.repository = "arXiv";
    } else if (kind < overlap + 0.6) {
      fields.DOI = `10.5555/inv.${year}.${n}`;
      fields.publicationTitle = `Journal of Invented ${pick(WORDS)}`;
    } else {
      itemType = "report";
      fields.institution = "Invented Institute";
    }
    items.push({
      key,
      itemType,
      fields,
      creators: Array.from({ length: 1 + Math.floor(r() * 6) }, () => ({ first: pick(NAMES), last: pick(SURNAMES) })),
      collections: r() < 0.7 ? [pick(collections).key] : [],
      tags: r() < 0.5 ? [...new Set([pick(WORDS), pick(WORDS)])] : [],
      deleted: r() < 0.02,
    });
    if (r() < 0.6) {
      items.push({ key: itemKey(n, "A"), itemType: "attachment", parent: key, fields: { title: "Full Text PDF" } });
      if (r() < 0.3) items.push({ key: itemKey(n, "M"), itemType: "annotation", parent: itemKey(n, "A") });
    }
    if (r() < 0.3) items.push({ key: itemKey(n, "N"), itemType: "note", parent: key });
  }
  return { items, collections };
}

/** Writes the invented library at `path`. */
export function writeLibrary(path: string, recipe: LibraryRecipe): { works: number } {
  const library = inventLibrary(recipe);
  buildZoteroDb(path, { ...library, seed: recipe.seed });
  return { works: library.items.filter((i) => !["attachment", "note", "annotation"].includes(i.itemType) && !i.deleted).length };
}
