/**
 * Community numbers that mean the same thing from one graph to the next. Louvain (Blondel et al.
 * 2008) numbers its communities in the order it happens to meet them, so the same cluster gets
 * another number, and on the map another colour, after every ingest. Here a fresh partition is
 * numbered by size (0 the largest, ties by the first member's id), and a partition of a graph
 * that grew is matched to the stored one: each new community takes the number of the stored
 * community it shares most papers with, when they share most of either (greedy, largest overlaps
 * first, one number per community); the rest get numbers after every stored one, largest first.
 */

/** Renumbers `raw` (paper id → any community label) by size: 0 the largest. */
export function numberBySize(ids: readonly string[], raw: (id: string) => number): Map<string, number> {
  const groups = groupsOf(ids, raw);
  const order = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || compare(a[1][0] ?? "", b[1][0] ?? ""));
  const number = new Map<number, number>(order.map(([label], i) => [label, i]));
  return new Map(ids.map((id) => [id, number.get(raw(id)) ?? 0]));
}

/**
 * Renumbers `raw` so that its communities keep the numbers `previous` gave most of their papers
 * (papers not in `previous` follow their community).
 */
export function matchNumbers(ids: readonly string[], raw: (id: string) => number, previous: ReadonlyMap<string, number>): Map<string, number> {
  const groups = groupsOf(ids, raw);
  const oldSizes = new Map<number, number>();
  const overlaps = new Map<string, { label: number; old: number; shared: number }>();
  for (const id of ids) {
    const old = previous.get(id);
    if (old === undefined) continue;
    oldSizes.set(old, (oldSizes.get(old) ?? 0) + 1);
    const label = raw(id);
    const key = `${label}\u0000${old}`;
    const entry = overlaps.get(key) ?? { label, old, shared: 0 };
    entry.shared++;
    overlaps.set(key, entry);
  }
  const number = new Map<number, number>();
  const taken = new Set<number>();
  const pairs = [...overlaps.values()].sort((a, b) => b.shared - a.shared || a.old - b.old || a.label - b.label);
  for (const { label, old, shared } of pairs) {
    if (number.has(label) || taken.has(old)) continue;
    const size = groups.get(label)?.length ?? 0;
    if (2 * shared <= size && 2 * shared <= (oldSizes.get(old) ?? 0)) continue;
    number.set(label, old);
    taken.add(old);
  }
  let next = 0;
  for (const old of previous.values()) next = Math.max(next, old + 1);
  const unmatched = [...groups.entries()].filter(([label]) => !number.has(label)).sort((a, b) => b[1].length - a[1].length || compare(a[1][0] ?? "", b[1][0] ?? ""));
  for (const [label] of unmatched) number.set(label, next++);
  return new Map(ids.map((id) => [id, number.get(raw(id)) ?? 0]));
}

function groupsOf(ids: readonly string[], raw: (id: string) => number): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const id of ids) {
    const label = raw(id);
    const list = groups.get(label);
    if (list) list.push(id);
    else groups.set(label, [id]);
  }
  return groups;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
