/**
 * An error the API does not expect (here: the database file damaged under a running server) is
 * a 500 with a one-line message on stderr naming the request, and the server goes on answering.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningServer } from "../../web/server/http-server.ts";
import { serveWithTestPage, TEST_PAGE } from "../helpers/server.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const db = join(tmp.dir, "damaged.db");
let server: RunningServer;

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
});
afterAll(async () => {
  // Closing the damaged database may fail (one line on stderr each); the server still stops.
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    await server.close();
    const lines = stderr.mock.calls.map((c) => String(c[0]));
    for (const line of lines) expect(line).toMatch(new RegExp(`^lineage serve: closing ${db.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: .+\n$`));
  } finally {
    stderr.mockRestore();
  }
  tmp.cleanup();
});

describe("an unexpected error while answering", () => {
  it("is a 500 and one line on stderr, and the server goes on", async () => {
    expect((await fetch(server.url + "/api/stats")).status).toBe(200);
    writeFileSync(db, Buffer.alloc(4 * 1024 * 1024, 0x5a));
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const r = await fetch(server.url + "/api/papers/2407.16711/similar");
      expect(r.status).toBe(500);
      expect(await r.json()).toEqual({ error: "internal error" });
      const lines = stderr.mock.calls.map((c) => String(c[0]));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^lineage serve: \/api\/papers\/2407\.16711\/similar: .+\n$/);
    } finally {
      stderr.mockRestore();
    }
    // The read snapshot that request opened is ended by a timer 50 ms on, on the damaged file:
    // that must not throw out of the timer.
    await new Promise((done) => setTimeout(done, 150));
    const page = await fetch(server.url + "/");
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(TEST_PAGE);
  });
});
