/**
 * An invented literature for the API replay (test/sources/api-replay.ts), recorded the way the
 * two APIs answer: Semantic Scholar paper records and citation-edge objects (`citedPaper` /
 * `citingPaper`, with `contexts`, `intents`, `isInfluential`; null paperIds for references known
 * only by a scrap of title, as in the real recordings), and OpenAlex works with
 * `referenced_works`. Paper k of the world cites the papers `refs(k)` gives; every title, ID and
 * sentence is made up (DOIs under 10.5555, arXiv numbers 2409.9xxxx, OpenAlex IDs W9910…,
 * paperIds sha1 hex of a made-up name; an ACL Anthology paper's DOI is 10.18653/v1/{its invented
 * ID} from 2015 on, an invented 10.5555 one before). As on OpenAlex, a preprint the world says
 * was merged under its published version is not found by its arXiv DOI. Pure data, no server.
 */
import { createHash } from "node:crypto";

export interface WorldPaper {
  k: number;
  paperId: string;
  workId: string;
  doi: string;
  arxiv?: string;
  title: string;
  year: number;
  date: string;
  refs: number[];
  /** An invented ACL Anthology ID. */
  acl?: string;
  /** OpenAlex merged the arXiv preprint under the published DOI: its arXiv DOI finds nothing there. */
  merged: boolean;
}

export interface WorldOptions {
  papers: number;
  /** The world papers paper k cites (default: k-1, k-2 and ⌊k/2⌋, the ones that exist). */
  refs?: (k: number) => number[];
  /** References of k known only by a title (a null paperId). */
  titleOnlyRefs?: (k: number) => number;
  /** Papers outside the world citing k (they have IDs but no records). */
  outsideCiters?: (k: number) => number;
  /** The year of paper k (default 2000 + k). */
  year?: (k: number) => number;
  /** Paper k's ACL Anthology ID, if it has one (its year should match the paper's). */
  acl?: (k: number) => string | undefined;
  /** Whether OpenAlex merged paper k's preprint under its published DOI (default: every fourth paper with an arXiv ID, k = 2, 6, 10, …). */
  merged?: (k: number) => boolean;
}

const WORDS = ["Ledger", "Tide", "Probe", "Lattice", "Harbour", "Sieve", "Beacon", "Quarry", "Loom", "Cairn", "Fathom", "Spindle"];

export const worldPaperId = (k: number): string => createHash("sha1").update(`lineage-world-${k}`).digest("hex");
export const outsidePaperId = (k: number, i: number): string => createHash("sha1").update(`lineage-outside-${k}-${i}`).digest("hex");
export const worldWorkId = (k: number): string => `W9910${String(k).padStart(6, "0")}`;
export const worldDoi = (k: number): string => `10.5555/lineage.world.${k}`;

/** An Anthology paper's DOI: its Anthology DOI from 2015 on (new-style IDs, or old-style ones of 15 and later), else an invented other one. */
export function aclWorldDoi(acl: string, k: number): string {
  const old = /^[A-Z](\d{2})-\d{4}$/.exec(acl)?.[1];
  const recent = old ? Number(old) >= 15 && Number(old) < 50 : /^20\d\d\./.test(acl);
  return recent ? `10.18653/v1/${acl}` : `10.5555/lineage.acl.${k}`;
}

/** k-1, k-2 and ⌊k/2⌋, those that exist. */
export function defaultRefs(k: number): number[] {
  return [...new Set([k - 1, k - 2, Math.floor(k / 2)])].filter((r) => r >= 1 && r < k).sort((a, b) => a - b);
}

export class World {
  readonly papers = new Map<number, WorldPaper>();
  private readonly citers = new Map<number, number[]>();

  constructor(readonly options: WorldOptions) {
    for (let k = 1; k <= options.papers; k++) {
      const year = options.year?.(k) ?? 2000 + k;
      const acl = options.acl?.(k);
      const paper: WorldPaper = {
        k,
        paperId: worldPaperId(k),
        workId: worldWorkId(k),
        doi: acl ? aclWorldDoi(acl, k) : worldDoi(k),
        merged: false,
        title: `Invented World Paper ${k}: ${WORDS[k % WORDS.length]} ${WORDS[(k * 7) % WORDS.length]} Studies`,
        year,
        date: `${year}-0${(k % 9) + 1}-1${k % 10}`,
        refs: (options.refs ?? defaultRefs)(k).filter((r) => r >= 1 && r <= options.papers && r !== k),
      };
      if (acl) paper.acl = acl;
      if (k % 2 === 0) paper.arxiv = `2409.9${String(k).padStart(4, "0")}`;
      paper.merged = paper.arxiv !== undefined && (options.merged?.(k) ?? k % 4 === 2);
      this.papers.set(k, paper);
    }
    for (const p of this.papers.values()) for (const r of p.refs) this.citers.set(r, [...(this.citers.get(r) ?? []), p.k]);
  }

  paper(k: number): WorldPaper {
    const p = this.papers.get(k);
    if (!p) throw new Error(`no world paper ${k}`);
    return p;
  }

  /** The world papers citing k. */
  citersOf(k: number): number[] {
    return this.citers.get(k) ?? [];
  }

  titleOnlyRefs(k: number): number {
    return this.options.titleOnlyRefs?.(k) ?? 0;
  }

  outsideCiters(k: number): number {
    return this.options.outsideCiters?.(k) ?? 0;
  }

  /** How paper `citing` cites paper `cited`: invented intents, influence and a sentence. */
  citation(citing: number, cited: number): { intents: string[]; isInfluential: boolean; contexts: string[] } {
    const intents = [["background"], ["methodology"], ["result", "background"]][(citing + cited) % 3] ?? [];
    return {
      intents,
      isInfluential: (citing + cited) % 4 === 0,
      contexts: [`Paper ${citing} follows the ${WORDS[cited % WORDS.length]?.toLowerCase()} procedure of [${cited}].`, `As [${cited}] showed for invented archives, the effect persists.`],
    };
  }
}

/** A paper as an S2 list entry or record carries it. */
export function s2PaperJson(p: WorldPaper, full = false): Record<string, unknown> {
  const json: Record<string, unknown> = {
    paperId: p.paperId,
    corpusId: 77_000_000 + p.k,
    externalIds: Object.assign({ DOI: p.doi, CorpusId: 77_000_000 + p.k }, p.arxiv ? { ArXiv: p.arxiv } : {}, p.acl ? { ACL: p.acl } : {}),
    url: `https://www.semanticscholar.org/paper/${p.paperId}`,
    title: p.title,
    year: p.year,
    publicationDate: p.date,
    citationCount: 0,
  };
  if (full) {
    Object.assign(json, {
      abstract: `We invent ${p.title.toLowerCase()} and measure nothing in particular.`,
      venue: "Workshop on Invented Measurement",
      authors: [
        { authorId: "1", name: "Ada Placeholder" },
        { authorId: null, name: `Bo Fictional ${p.k}` },
      ],
      fieldsOfStudy: ["Computer Science"],
    });
  }
  return json;
}

export function outsideS2Paper(k: number, i: number, year = 2030): Record<string, unknown> {
  return {
    paperId: outsidePaperId(k, i),
    externalIds: { DOI: `10.5555/lineage.outside.${k}.${i}` },
    title: `An Outside Paper ${i} Citing World Paper ${k}`,
    year,
    publicationDate: `${year}-02-0${(i % 9) + 1}`,
    citationCount: 0,
  };
}

/** An OpenAlex work for a world paper. */
export function openAlexWorkJson(world: World, p: WorldPaper): Record<string, unknown> {
  return {
    id: `https://openalex.org/${p.workId}`,
    doi: `https://doi.org/${p.doi}`,
    title: p.title,
    display_name: p.title,
    publication_year: p.year,
    publication_date: p.date,
    ids: { openalex: `https://openalex.org/${p.workId}`, doi: `https://doi.org/${p.doi}` },
    authorships: [{ author_position: "first", author: { id: "https://openalex.org/A9910", display_name: "Ada Placeholder" }, institutions: [] }],
    primary_location: { landing_page_url: `https://doi.org/${p.doi}`, pdf_url: p.arxiv ? `https://arxiv.org/pdf/${p.arxiv}` : null, source: { display_name: "Workshop on Invented Measurement" } },
    locations: [],
    cited_by_count: world.citersOf(p.k).length + world.outsideCiters(p.k),
    referenced_works: p.refs.map((r) => `https://openalex.org/${world.paper(r).workId}`),
    referenced_works_count: p.refs.length,
    abstract_inverted_index: { We: [0], invent: [1], nothing: [2] },
    updated_date: "2026-01-02T03:04:05.000000",
    concepts: [{ display_name: "Computer science", level: 0, score: 0.9 }],
  };
}
