/**
 * Collections whose files give one name (issue 29): `My Map.db` and `my-map.db`, or a kept map
 * called `Seeds.db` beside the bundled seeds, are all served, each under a name of its own, and
 * what was renamed is said; the same database given twice is served once, and said.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { CollectionSummary, StatsResponse } from "../../api/types.ts";
import { collectionOf, distinctCollections } from "../../web/server/collections.ts";
import { startServer, type RunningServer } from "../../web/server/http-server.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";
import { TEST_PAGE } from "../helpers/server.ts";
import { mkdirSync, writeFileSync } from "node:fs";

const tmp = tempDir();
const spaced = join(tmp.dir, "My Map.db");
const dashed = join(tmp.dir, "my-map.db");
let server: RunningServer;

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", spaced])).code).toBe(0);
  expect((await runCli(["ingest", join(SEEDS, "000_f241d60728b6496d.txt"), "--db", dashed])).code).toBe(0);
  const dist = join(tmp.dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "index.html"), TEST_PAGE);
  server = await startServer({ collections: [collectionOf(spaced), collectionOf(dashed)], distDir: dist, port: 0 });
}, 120_000);
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

describe("collections whose files give one name", () => {
  it("are all named, the later ones NAME-2, NAME-3, and each rename is said", () => {
    const seeds = { name: "seeds", title: "Seed pages", dbPath: "/data/lineage.db", build: ["ingest", "data/pages"] };
    const { collections, notes } = distinctCollections([seeds, collectionOf("/data/maps/Seeds.db"), collectionOf("/maps/My Map.db"), collectionOf("/maps/my-map.db"), collectionOf("/maps/MY MAP.db")]);
    expect(collections.map((c) => [c.name, c.title])).toEqual([
      ["seeds", "Seed pages"],
      ["seeds-2", "Seeds"],
      ["my-map", "My Map"],
      ["my-map-2", "my-map"],
      ["my-map-3", "MY MAP"],
    ]);
    expect(notes).toEqual([
      '/data/maps/Seeds.db is served as "seeds-2": the name "seeds" is /data/lineage.db\'s',
      '/maps/my-map.db is served as "my-map-2": the name "my-map" is /maps/My Map.db\'s',
      '/maps/MY MAP.db is served as "my-map-3": the name "my-map" is /maps/My Map.db\'s',
    ]);
  });

  it("serve a database given twice once, and say so", () => {
    const { collections, notes } = distinctCollections([collectionOf("/maps/a.db"), collectionOf("/maps/../maps/a.db")]);
    expect(collections.map((c) => c.name)).toEqual(["a"]);
    expect(notes).toEqual(['/maps/../maps/a.db is given twice: served once, as "a"']);
  });

  it("are each served from their own database", async () => {
    const listed = (await (await fetch(`${server.url}/api/collections`)).json()) as CollectionSummary[];
    expect(listed.map((c) => [c.name, c.title])).toEqual([
      ["my-map", "My Map"],
      ["my-map-2", "my-map"],
    ]);
    const stats = async (name: string) => (await (await fetch(`${server.url}/api/stats?collection=${name}`)).json()) as StatsResponse;
    const [first, second] = [await stats("my-map"), await stats("my-map-2")];
    expect(second.pages).toBe(1);
    expect(first.pages).toBeGreaterThan(1);
  });
});
