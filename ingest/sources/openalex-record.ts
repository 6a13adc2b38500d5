/**
 * OpenAlex work objects read from untrusted JSON, through the one typed reader (json-reader.ts):
 * every field Lineage uses is checked for its type, and a work whose fields hold another type (or
 * that has no `id` like https://openalex.org/W…) is rejected with the field's path. Pure.
 */
import { issuesReason, JsonFields } from "./json-reader.ts";
import { YEARS } from "./source-record.ts";
import { MAX_ABSTRACT_WORDS, openAlexId, type OpenAlexLocation, type OpenAlexWork } from "./openalex.ts";

function location(r: JsonFields | undefined): OpenAlexLocation | undefined {
  if (!r) return undefined;
  const loc: OpenAlexLocation = {};
  const landing = r.text("landing_page_url");
  if (landing !== undefined) loc.landing_page_url = landing;
  const pdf = r.text("pdf_url");
  if (pdf !== undefined) loc.pdf_url = pdf;
  const source = r.object("source");
  if (source) {
    const name = source.text("display_name");
    loc.source = name !== undefined ? { display_name: name } : {};
  }
  return loc;
}

/** Word → positions, on an object with no prototype. */
function invertedIndex(r: JsonFields | undefined): Record<string, number[]> | undefined {
  if (!r) return undefined;
  const index = Object.create(null) as Record<string, number[]>;
  for (const word of r.keys()) {
    const positions = r.integers(word, 0, Number.MAX_SAFE_INTEGER);
    if (positions) index[word] = positions.filter((p) => p < MAX_ABSTRACT_WORDS);
  }
  return index;
}

/** A work, or why the value cannot be one (its shape, no work ID, or a field of another type). */
export function openAlexWorkOf(value: unknown): { work: OpenAlexWork } | { reason: string; notAWork?: true } {
  const r = JsonFields.record(value);
  if ("reason" in r) return r;
  const id = r.text("id");
  if (!openAlexId(id)) {
    const why = r.issues.length > 0 ? `: ${issuesReason(r.issues)}` : " (no `id` like https://openalex.org/W…)";
    return { reason: `not an OpenAlex work${why}`, notAWork: true };
  }
  const work: OpenAlexWork = {
    id: id as string,
    authorships: (r.objects("authorships") ?? []).map((a) => {
      const name = a.object("author")?.text("display_name");
      return name !== undefined ? { author: { display_name: name } } : {};
    }),
    locations: (r.objects("locations") ?? []).map((l) => location(l) ?? {}),
    referenced_works: r.texts("referenced_works") ?? [],
    concepts: (r.objects("concepts") ?? []).map((c) => {
      const concept: { display_name?: string; level?: number } = {};
      const name = c.text("display_name");
      if (name !== undefined) concept.display_name = name;
      const level = c.integer("level", 0, 100);
      if (level !== undefined) concept.level = level;
      return concept;
    }),
  };
  const set = <K extends keyof OpenAlexWork>(key: K, v: OpenAlexWork[K] | undefined) => {
    if (v !== undefined) work[key] = v;
  };
  for (const key of ["doi", "title", "display_name", "publication_date", "updated_date"] as const) set(key, r.text(key));
  set("publication_year", r.integer("publication_year", YEARS.min, YEARS.max));
  set("cited_by_count", r.integer("cited_by_count"));
  set("referenced_works_count", r.integer("referenced_works_count"));
  const ids = r.object("ids");
  if (ids) {
    const doi = ids.text("doi");
    work.ids = doi !== undefined ? { doi } : {};
  }
  set("primary_location", location(r.object("primary_location")));
  set("abstract_inverted_index", invertedIndex(r.object("abstract_inverted_index")));
  return r.issues.length > 0 ? { reason: `${openAlexId(id)}: ${issuesReason(r.issues)}` } : { work };
}
