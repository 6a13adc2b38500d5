/**
 * The pages expand builds from API answers (ingest/sources/api-pages.ts) and stores (through
 * makeRecord, the one cleaning every stored page goes through), fed answers with one
 * field anywhere replaced by a hostile value (another type, a huge text, nesting 20,000 deep,
 * control characters): never a throw; either a page whose every value is well typed, clean and
 * bounded (citing sentences included), or one line saying why there is none; and what the bad
 * field did not touch is kept, down to the other entries of its own list page. Seeded
 * (fast-check), so a failure replays.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { openAlexApiPage, s2ApiPage } from "../../ingest/sources/api-pages.ts";
import { worksIn } from "../../ingest/sources/openalex.ts";
import { CITATION_CONTEXTS } from "../../ingest/sources/s2.ts";
import { MAX_TITLE_CHARS } from "../../vocabulary/clean-text.ts";
import type { Exchange } from "../../ingest/sources/cassette.ts";
import type { PaperPage } from "../../vocabulary/paper-page.ts";
import { makeRecord } from "../../ingest/sources/source-record.ts";
import { hostileValue, mutatedJson, pageFaults, pathsOf } from "../sources/field-mutations.ts";
import { World } from "../sources/api-world.ts";
import { worldRecordings } from "../sources/api-replay.ts";

const RUN = { seed: 20261221, numRuns: Number(process.env.LINEAGE_FUZZ_RUNS ?? 80) };
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const world = new World({ papers: 8, titleOnlyRefs: (k) => (k === 6 ? 1 : 0), outsideCiters: (k) => (k === 6 ? 2 : 0) });
const recordings = worldRecordings(world);
const paper = world.paper(6);
const s2 = recordings.s2.get(paper.paperId);
const base = `https://api.example.org/graph/v1/paper/${paper.paperId}`;
const parts = {
  record: s2?.record,
  references: { offset: 0, data: s2?.references },
  citations: { offset: 0, data: s2?.citations },
};
type Part = keyof typeof parts;
const urls: Record<Part, string> = { record: `${base}?fields=title`, references: `${base}/references?offset=0`, citations: `${base}/citations?offset=0` };

function contextFaults(page: PaperPage): string[] {
  const faults: string[] = [];
  for (const ref of [...page.buildsOn, ...page.builtBy]) {
    const contexts = ref.attributes?.contexts;
    if (contexts === undefined) continue;
    if (!Array.isArray(contexts) || contexts.length > CITATION_CONTEXTS.maxPerEdge) faults.push(`contexts: ${JSON.stringify(contexts).slice(0, 80)}`);
    else for (const c of contexts) if (c.length > CITATION_CONTEXTS.maxChars || CONTROL.test(c)) faults.push(`a context: ${c.slice(0, 80)}`);
  }
  return faults;
}

describe("pages from hostile API answers", () => {
  it("Semantic Scholar: a record or a list page with one hostile field", () => {
    const whole = s2ApiPage(
      (Object.keys(parts) as Part[]).map((p) => ({ method: "GET", url: urls[p], status: 200, body: JSON.stringify(parts[p]) })),
      paper.paperId,
      [],
    );
    if ("reason" in whole) throw new Error(whole.reason);
    makeRecord("s2:whole", whole.page);
    fc.assert(
      fc.property(fc.constantFrom<Part>("record", "references", "citations"), fc.nat(), hostileValue, (part, at, value) => {
        const paths = pathsOf(parts[part]);
        const path = paths[at % paths.length] ?? [];
        const exchanges: Exchange[] = (Object.keys(parts) as Part[]).map((p) => ({
          method: "GET",
          url: urls[p],
          status: 200,
          body: p === part ? mutatedJson(parts[p], path, value) : JSON.stringify(parts[p]),
        }));
        const made = s2ApiPage(exchanges, paper.paperId, []);
        if ("reason" in made) {
          expect(made.reason).toMatch(/^\S.*$/);
          expect(part).toBe("record");
          return;
        }
        const stored = makeRecord("s2:fuzz", made.page).page;
        expect(pageFaults(stored, MAX_TITLE_CHARS)).toEqual([]);
        expect(contextFaults(stored)).toEqual([]);
        // The lists the bad field was not in are whole.
        if (part !== "references") expect(made.page.buildsOn).toEqual(whole.page.buildsOn);
        if (part !== "citations") expect(made.page.builtBy).toEqual(whole.page.builtBy);
        // In the list it was in, a bad field inside one entry drops that entry alone (issue 29).
        if (path[0] === "data" && path.length >= 2) {
          const [list, all] = part === "references" ? [made.page.buildsOn, whole.page.buildsOn] : [made.page.builtBy, whole.page.builtBy];
          expect(list.length).toBeGreaterThanOrEqual(all.length - 1);
        }
      }),
      RUN,
    );
  });

  it("OpenAlex: a work, or one of the works citing it, with one hostile field", () => {
    const work = recordings.openalex.works.get(paper.workId);
    const referenced = paper.refs.map((r) => recordings.openalex.works.get(world.paper(r).workId));
    const citing = (recordings.openalex.citing.get(paper.workId) ?? []).map((w) => recordings.openalex.works.get(w));
    fc.assert(
      fc.property(fc.constantFrom("work", "citing"), fc.nat(), hostileValue, (part, at, value) => {
        const target = part === "work" ? work : citing;
        const paths = pathsOf(target);
        const path = paths[at % paths.length] ?? [];
        const text = mutatedJson(target, path, value);
        const theWork = part === "work" ? worksIn(JSON.parse(text))[0] : worksIn(work)[0];
        const theCiting = part === "citing" ? worksIn({ results: JSON.parse(text) as unknown }) : worksIn({ results: citing });
        if (!theWork) {
          expect(part).toBe("work");
          return;
        }
        const made = openAlexApiPage(theWork, worksIn({ results: referenced }), theCiting, []);
        if ("reason" in made) {
          expect(made.reason).toMatch(/^\S.*$/);
          return;
        }
        expect(pageFaults(makeRecord("openalex:fuzz", made.page).page, MAX_TITLE_CHARS)).toEqual([]);
        expect(made.page.builtBy.length).toBeLessThanOrEqual(citing.length);
        if (part === "work") expect(made.page.builtBy).toHaveLength(citing.length);
      }),
      RUN,
    );
  });
});
