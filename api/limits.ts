/**
 * The bounds of what the API answers, one constant each: the server enforces them, the explorer
 * stays inside them, and the CLI uses the same ones where it has the same option.
 */

/** Deepest builds-on / built-by closure a request may ask for. */
export const MAX_API_DEPTH = 3;
/** Key routes beside a main path (`keyRoute=K`, `--key-route K`). */
export const MAX_KEY_ROUTES = 50;
/** Seed papers of a main path or a reading list. */
export const MAX_SEEDS = 20;
/** Results of one search request. */
export const MAX_SEARCH_RESULTS = 100;
/** Papers of one reading list or one "similar papers" answer. */
export const MAX_LIST_PAPERS = 200;
export const MAX_SIMILAR_PAPERS = 100;
/** Builds-on and built-by answers longer than this are cut (`truncated: true`). */
export const MAX_CLOSURE_PAPERS = 20_000;
/** Shortest chains listed by one path request. */
export const MAX_PATHS = 100;
/** Closures, paths, main paths and reading lists stop after this long; the server answers 400 (`lineage serve --query-budget MS`). */
export const QUERY_BUDGET_MS = 1000;
/** The longest budget `--query-budget` takes. */
export const MAX_QUERY_BUDGET_MS = 600_000;
/** Length of one query parameter, and of a paper reference in a path. */
export const MAX_PARAM_LENGTH = 500;
/** A saved list's body (PUT/POST), its papers, and the text of one field. */
export const MAX_LIST_BODY_BYTES = 256 * 1024;
export const MAX_LIST_ITEMS = 1000;
export const MAX_LIST_TEXT = 2000;
/** Saved lists one `GET /api/lists` answers; past it the answer says so (Link rel="next", X-Total-Count). */
export const MAX_LISTS_LISTED = 10_000;
/** Growing the map from the explorer (issue 19): a job request's body, and the bounds it may ask for. */
export const MAX_GROW_BODY_BYTES = 16 * 1024;
/** Papers one expand job may ask the API for (`--max-papers`), and what it asks for when not told. */
export const MAX_EXPAND_PAPERS = 500;
export const DEFAULT_EXPAND_PAPERS = 50;
/** Findings one watch add or dismiss request names. */
export const MAX_WATCH_ACTION_FINDINGS = 200;
/** Citation contexts the paper panel shows before "show more". */
export const CONTEXTS_SHOWN = 5;
