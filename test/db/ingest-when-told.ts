/**
 * `lineage ingest ARGS...` in a child process that starts when told: it loads the CLI and the
 * ingest command first, prints "ready", and runs the command when a line arrives on stdin, so
 * that it reaches the database at a moment the test chooses (see concurrent-writers.test.ts).
 * Prints the command's stdout, then exits with its code.
 */
import { main } from "../../scripts/lineage.ts";
import "../../scripts/cli/ingest-command.ts";

const args = process.argv.slice(2);
process.stdout.write("ready\n");
process.stdin.once("data", () => {
  const out: string[] = [];
  void main(args, { out: (t) => out.push(t), err: (t) => process.stderr.write(`${t}\n`) }).then((code) => {
    process.stdout.write(`${out.join("\n")}\n`);
    process.exit(code);
  });
});
