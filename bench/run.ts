/**
 * `npm run bench`: every benchmark, each as a ratio against a baseline measured in the same run,
 * with the absolute figures for the record. Results are printed as JSON and as Markdown rows for
 * BENCHMARKS.md. Reads the AAN release from ../shared/data/aan (or LINEAGE_AAN).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { benchIngest } from "./ingest.ts";

const aanDir = resolve(process.env.LINEAGE_AAN ?? join(import.meta.dirname, "../../shared/data/aan"));
const work = mkdtempSync(join(tmpdir(), "lineage-bench-"));
try {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const ingest = benchIngest(aanDir, work);
  const results = { date: new Date().toISOString().slice(0, 10), machine, ingest };
  console.log(JSON.stringify(results, null, 2));
  console.log(
    `\n| ingest (rendered AAN pages) | ${ingest.pages} pages → ${ingest.papers} papers, ${ingest.edges} edges | ` +
      `${ingest.ingestSeconds.toFixed(2)} s, ${ingest.pagesPerSecond.toFixed(0)} pages/s | floor ${ingest.floorSeconds.toFixed(2)} s | ` +
      `${ingest.ratioToFloor.toFixed(1)}× floor |`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
