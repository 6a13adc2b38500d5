/**
 * The explorer's server in a process of its own, for load benchmarks and tests:
 *   tsx bench/serve-child.ts DB DIST [QUERY_BUDGET_MS]
 * Serves DB read-only with startServer on an ephemeral 127.0.0.1 port and prints
 * "listening URL" once it answers; exits on SIGTERM. It keeps no answers (the answer cache is
 * off): the benchmarks ask for the same sampled requests again and again, and each figure must be
 * the cost of computing the answer, as a first view of each paper is.
 */
import { startServer } from "../web/server/http-server.ts";

const [dbPath, distDir, budget] = process.argv.slice(2);
if (!dbPath || !distDir || (budget !== undefined && !(Number(budget) > 0))) {
  console.error("usage: tsx bench/serve-child.ts DB DIST [QUERY_BUDGET_MS]");
  process.exit(2);
}
const running = await startServer({ dbPath, distDir, port: 0, keptAnswerBytes: 0, ...(budget ? { queryBudgetMs: Number(budget) } : {}) });
process.stdout.write(`listening ${running.url}\n`);
process.once("SIGTERM", () => void running.close().then(() => process.exit(0)));
