/**
 * Semantic Scholar's paging window for `/paper/{id}/references` and `/citations`: a page asks for
 * `limit` entries (at most 1,000) from `offset`, and the Graph API refuses a page whose offset +
 * limit is not below 10,000 (HTTP 400, "offset + limit must be < 10000"): a list is served up to
 * its 9,999th entry, and the page that reaches the end of the window asks for 999, not 1,000, as
 * the service's Python client does. Pure.
 *
 * Sources: https://api.semanticscholar.org/api-docs/graph (the citations and references
 * endpoints' `offset` and `limit`); https://github.com/allenai/s2-folks/issues/12 ("The sum of
 * offset and limit must be < 10000"); https://github.com/danielnsilva/semanticscholar/issues/82
 * (9,999 citations at most) and that client's PaginatedResults (the last limit shrunk by one).
 */

/** offset + limit must stay below this. */
export const S2_WINDOW = 10_000;
/** The most entries of one list the API serves. */
export const S2_MAX_LIST = S2_WINDOW - 1;
/** The largest `limit` the list endpoints take. */
export const S2_LIST_PAGE = 1000;

/** The `limit` of the page at `offset` within `ceiling` entries (≤ S2_MAX_LIST), or 0 when none is left. */
export function s2PageLimit(offset: number, ceiling: number): number {
  const end = Math.min(ceiling, S2_MAX_LIST);
  return Math.max(0, Math.min(S2_LIST_PAGE, end - offset));
}

/** Why a list stops at `ceiling` entries: the run's --max-list, or the service's window. */
export function s2CeilingReason(maxList: number): string {
  return maxList < S2_MAX_LIST
    ? `cut at --max-list ${maxList}`
    : `Semantic Scholar serves at most the first ${S2_MAX_LIST.toLocaleString("en-US")} entries of a list (offset + limit must be < ${S2_WINDOW.toLocaleString("en-US")})`;
}
