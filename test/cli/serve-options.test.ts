/** `lineage serve` refuses a query budget it cannot keep, before it listens, with the option named. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const db = join(tmp.dir, "seeds.db");

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
});
afterAll(() => tmp.cleanup());

describe("lineage serve --query-budget", () => {
  it.each(["0", "1.5", "600001", "soon"])("refuses %s with a usage error naming the option", async (value) => {
    const r = await runCli(["serve", "--db", db, "--port", "0", "--query-budget", value]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--query-budget must be a whole number from 1 to 600000, got /);
    expect(r.stdout).not.toMatch(/Lineage explorer on/);
  });
});
