/**
 * An adapter that throws during a crawl: the page it threw on is settled as failed with one line,
 * "internal error in the html-page adapter: …; this is a bug", and the crawl goes on to fetch and
 * store the seed's other neighbours. The html-page adapter is replaced (vi.mock) by one that
 * throws on the one page whose URL the test names, and is the real adapter on every other.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { join } from "node:path";
import { runCli, tempDir } from "../helpers/cli.ts";
import { paperPath } from "./site.ts";
import { startCrawlSite } from "./crawl-site.ts";

/** The path the mocked adapter throws on; hoisted with the mock, set by the test. */
const crash = vi.hoisted(() => ({ path: "" }));

vi.mock("../../ingest/adapters/html-page.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../ingest/adapters/html-page.ts")>();
  return {
    ...real,
    parseHtmlPage: (text: string, origin: string) => {
      if (crash.path !== "" && origin.endsWith(crash.path)) throw new RangeError("Invalid array length");
      return real.parseHtmlPage(text, origin);
    },
  };
});

const tmp = tempDir();
afterAll(() => tmp.cleanup());

interface Report {
  fetched: { url: string }[];
  failed: { url: string; reason: string }[];
}

describe("an adapter that throws during a crawl", () => {
  it("fails that page with an internal error naming the adapter, and fetches the others", async () => {
    const world = await startCrawlSite({ papers: 8, faults: false });
    try {
      const seed = world.site.get(world.seedId);
      const neighbours = [...(seed?.buildsOn ?? []), ...(seed?.builtBy ?? [])];
      // Pages are HTML for every other paper (site.ts): the crash falls on an HTML neighbour.
      const victim = neighbours.find((id) => world.site.get(id)?.format === "html");
      expect(victim, "the seed has an HTML neighbour").toBeDefined();
      crash.path = paperPath(victim ?? "");
      expect(neighbours.length).toBeGreaterThan(1);

      const r = await runCli(["crawl", world.seedUrl, "--depth", "1", "--rate", "100", "--db", join(tmp.dir, "crawl.db"), "--json"]);
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout) as Report;
      expect(report.failed).toEqual([{ url: world.url(victim ?? ""), reason: "internal error in the html-page adapter: RangeError: Invalid array length; this is a bug" }]);
      const others = [world.seedId, ...neighbours.filter((id) => id !== victim)].map(world.url).sort();
      expect(report.fetched.map((f) => f.url).sort()).toEqual(others);
    } finally {
      crash.path = "";
      await world.server.close();
    }
  });
});
