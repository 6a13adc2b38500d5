/**
 * Writing pages into a database: a batch of parsed pages planned against one snapshot (what each
 * page comes to, the graph they leave, db/page-batch.ts), the layout and traversal index of that
 * graph computed (library/prepare.ts), then all of it stored in one short transaction that only
 * stores. A batch planned while another process wrote is planned again; a page SQLite refuses is
 * reported with its reason and the batch planned without it, so one bad page never loses the
 * rest. Also `lineage doctor --repair`, which rebuilds the derived tables the same way.
 */
import type { PageRecord } from "../db/page-writer.ts";
import type { Alongside, BatchResult, LineageDb } from "../db/lineage-db.ts";
import { PageRefused, StaleBatch, type BatchOptions } from "../db/page-batch.ts";
import type { RepairReport } from "../db/doctor-checks.ts";
import { graphArtifacts } from "./prepare.ts";
import { NO_PROGRESS, type ProgressListener } from "./progress.ts";

/** Plans seen stale before the batch gives up (another process kept writing the same database). */
const MAX_PLANS = 20;

/**
 * Stores `records` (all parsed already) and the graph they leave; `options.remove` forgets pages in
 * the same batch, and `alongside` is stored with them (a library's membership).
 */
export function writePages(db: LineageDb, records: readonly PageRecord[], progress: ProgressListener = NO_PROGRESS, options: BatchOptions = {}, alongside: Alongside = {}): BatchResult {
  let pending = records;
  const refused: { source: string; reason: string }[] = [];
  for (let attempt = 1; ; attempt++) {
    const plan = db.planPages(pending, options);
    if (plan.write) progress({ step: "rebuild", done: 1, total: 1, label: "the graph is rebuilt" });
    // The stored positions the new layout starts from, so that papers keep their places.
    const artifacts = plan.write ? graphArtifacts(plan.write.graph, plan.write.current, plan.write.current.layout ? new Map() : db.storedPlacements(), progress) : {};
    try {
      const result = db.commitPages(plan, artifacts, alongside);
      return Object.assign(result, { failures: [...result.failures, ...refused] });
    } catch (err) {
      if (err instanceof PageRefused) {
        refused.push({ source: err.source, reason: err.reason });
        pending = pending.filter((r) => r.source !== err.source);
        continue;
      }
      if (err instanceof StaleBatch && attempt < MAX_PLANS) continue;
      throw err;
    }
  }
}

/** `lineage doctor --repair`: what points at nothing deleted, the derived tables rebuilt from the stored pages with their layout and index, what belongs to no graph cleared. */
export function repairDatabase(db: LineageDb, progress: ProgressListener = NO_PROGRESS): RepairReport {
  const { actions, rebuildFrom } = db.repairStored();
  if (rebuildFrom !== undefined) {
    const { graph } = writePages(db, [], progress, { rebuild: true });
    actions.push(`rebuilt papers, citations and merge decisions from ${rebuildFrom} stored pages (${graph?.papers ?? 0} papers, ${graph?.edges ?? 0} citations)`);
  }
  actions.push(...db.tidyDerived());
  return { actions };
}
