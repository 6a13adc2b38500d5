/**
 * A long answer of saved lists says it was cut (issue 29): `GET /api/lists` lists at most
 * MAX_LISTS_LISTED by name, says how many there are (X-Total-Count) and where the rest is (Link
 * rel="next", in the same collection), and the rest follows from there; `lineage lists` lists all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import Database from "better-sqlite3";
import { MAX_LISTS_LISTED } from "../../api/limits.ts";
import type { SavedListSummary } from "../../api/types.ts";
import type { RunningServer } from "../../web/server/http-server.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { runCli, runJson, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const db = join(tmp.dir, "many-lists.db");
const TOTAL = MAX_LISTS_LISTED + 3;
let server: RunningServer;

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  const conn = new Database(db);
  try {
    const insert = conn.prepare("INSERT INTO reading_lists (name, description, spec_json, created_at, updated_at) VALUES (?, '', '{}', ?, ?)");
    conn.transaction(() => {
      for (let k = 0; k < TOTAL; k++) insert.run(`list ${String(k).padStart(6, "0")}`, "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z");
    })();
  } finally {
    conn.close();
  }
  server = await serveWithTestPage(db, tmp.dir);
}, 120_000);
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

describe("GET /api/lists past its limit", () => {
  it("lists the first ones by name and says how many there are and where the rest is", async () => {
    // The collection named after the file, named by the request: the link keeps it.
    const first = await fetch(`${server.url}/api/lists?collection=many-lists`);
    expect(first.status).toBe(200);
    const lists = (await first.json()) as SavedListSummary[];
    expect(lists).toHaveLength(MAX_LISTS_LISTED);
    expect(lists[0]?.name).toBe("list 000000");
    expect(first.headers.get("x-total-count")).toBe(String(TOTAL));
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.get("link") ?? "");
    expect(link?.[1]).toMatch(/[?&]collection=many-lists(?:&|$)/);

    const rest = await fetch(`${server.url}${link?.[1] ?? ""}`);
    const more = (await rest.json()) as SavedListSummary[];
    expect(more.map((l) => l.name)).toEqual([MAX_LISTS_LISTED, MAX_LISTS_LISTED + 1, MAX_LISTS_LISTED + 2].map((k) => `list ${String(k).padStart(6, "0")}`));
    expect(rest.headers.get("link")).toBeNull();
    expect(rest.headers.get("x-total-count")).toBe(String(TOTAL));
  });

  it("lineage lists lists them all", async () => {
    expect(await runJson<SavedListSummary[]>(["lists", "--db", db])).toHaveLength(TOTAL);
  });
});
