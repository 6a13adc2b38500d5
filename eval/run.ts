/**
 * `npm run eval -- NAME [options] [--json FILE]`: quality evaluations against real data that stays
 * outside the repository (`../shared/data`). Each evaluation reads its inputs from there, compares
 * what Lineage makes of them with a hand-written expectation or a baseline computed in the same
 * run, and prints a report (and writes it as JSON with --json FILE). Speed lives in bench/; this
 * folder measures whether the answers are right. The evaluations are listed in eval/evaluations.ts.
 */
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { EVALUATIONS } from "./evaluations.ts";

function usage(): string {
  return ["Usage: npm run eval -- NAME [options] [--json FILE]", "", "Evaluations:", ...Object.entries(EVALUATIONS).map(([name, e]) => `  ${name.padEnd(16)} ${e.describe}`)].join("\n");
}

const [name, ...rest] = process.argv.slice(2);
const chosen = name ? EVALUATIONS[name] : undefined;
if (!chosen) {
  process.stderr.write(`${name ? `eval: unknown evaluation "${name}"\n\n` : ""}${usage()}\n`);
  process.exit(name ? 2 : 0);
}
const jsonAt = rest.indexOf("--json");
const jsonFile = jsonAt >= 0 ? rest[jsonAt + 1] : undefined;
const args = jsonAt >= 0 ? [...rest.slice(0, jsonAt), ...rest.slice(jsonAt + 2)] : rest;
const sharedData = resolve(process.env.LINEAGE_SHARED_DATA ?? join(import.meta.dirname, "../../shared/data"));
const evaluation = await chosen.load();
const report = await evaluation({ sharedData, args, log: (line) => process.stderr.write(`${line}\n`) });
process.stdout.write(`${report.text}\n`);
if (jsonFile) writeFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), jsonFile), JSON.stringify(report, null, 2) + "\n");
