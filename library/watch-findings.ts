/**
 * A watched list's findings as a user names them (`lineage watch LIST --add|--dismiss REF…`, the
 * explorer's Add to map and Dismiss): by their ID at the source, an identifier, a title, or "all"
 * the new ones; and their state set, added or dismissed, in one transaction per source.
 */
import { EndpointError } from "../api/endpoint-error.ts";
import type { FindingState, WatchFinding } from "../db/watch-store.ts";
import type { LineageDb } from "../db/lineage-db.ts";
import { openAlexId } from "../ingest/sources/openalex.ts";
import { parseIdentifier } from "../vocabulary/identifiers.ts";
import { normalizeTitle } from "../vocabulary/titles.ts";

/** The findings `refs` name ("all": every one still new): by ID at the source, identifier, or title. */
export function matchFindings(findings: readonly WatchFinding[], refs: readonly string[]): { matched: WatchFinding[]; unknown: string[] } {
  const matched = new Map<string, WatchFinding>();
  const unknown: string[] = [];
  for (const raw of refs) {
    const ref = raw.trim();
    if (ref.toLowerCase() === "all") {
      for (const f of findings) if (f.state === "new") matched.set(f.apiId, f);
      continue;
    }
    const id = parseIdentifier(ref);
    const title = normalizeTitle(ref);
    const hit = findings.find(
      (f) =>
        f.apiId.toLowerCase() === ref.toLowerCase() ||
        openAlexId(ref) === f.apiId ||
        (id !== undefined && f.ids[id.scheme] === id.value) ||
        (title !== "" && f.title !== null && normalizeTitle(f.title) === title),
    );
    if (hit) matched.set(hit.apiId, hit);
    else unknown.push(ref);
  }
  return { matched: [...matched.values()], unknown };
}

/** Sets the findings' state; returns the API IDs whose state changed. */
export function setFindingStates(db: Pick<LineageDb, "watches">, listName: string, findings: readonly Pick<WatchFinding, "source" | "apiId">[], state: FindingState): string[] {
  const changed: string[] = [];
  for (const source of new Set(findings.map((f) => f.source))) {
    const ids = findings.filter((f) => f.source === source).map((f) => f.apiId);
    changed.push(...db.watches.setState(listName, source, ids, state));
  }
  return changed;
}

/** The findings of a list that `refs` name, read in one snapshot; 404 naming those it has not. */
export function namedFindings(db: LineageDb, list: string, refs: readonly string[]): WatchFinding[] {
  const { matched, unknown } = matchFindings(
    db.read(() => db.watches.findings(list)),
    refs,
  );
  if (unknown.length > 0) throw new EndpointError(`not among the findings of "${list}": ${unknown.slice(0, 5).join(", ")}`, 404);
  return matched;
}
