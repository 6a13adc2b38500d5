/**
 * DNS rebinding (issue 17, item 4): a page on another site that makes its own name resolve to
 * 127.0.0.1 sends requests with its Host. Every request, reads included, must be refused unless
 * it names the server by a loopback name or the address it was bound to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { RunningServer } from "../../web/server/http-server.ts";
import { hostCheck, hostName } from "../../web/server/host-check.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";
import { httpRequest } from "./http-get.ts";

const tmp = tempDir();
let server: RunningServer;
let port: string;

beforeAll(async () => {
  const db = join(tmp.dir, "seeds.db");
  expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
  server = await serveWithTestPage(db, tmp.dir);
  port = new URL(server.url).port;
}, 60_000);
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

describe("the Host header", () => {
  it("refuses reads, the page and the lists under a name that is not the server's", async () => {
    for (const path of ["/api/stats", "/api/papers/2407.16711", "/api/lists", "/api/graph", "/"]) {
      const evil = await httpRequest(server.url + path, { headers: { host: `evil.example:${port}` } });
      expect(evil.status, path).toBe(403);
      expect(evil.text).toMatch(/answers to localhost/);
      expect(evil.text).not.toMatch(/arxiv|Lineage<\/title>/);
    }
    const rebound = await httpRequest(server.url + "/api/stats", { headers: { host: `127.0.0.1.evil.example:${port}` } });
    expect(rebound.status).toBe(403);
  });

  it("answers under the loopback names and the bound address", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, "localhost", `LOCALHOST:${port}`, `app.localhost:${port}`]) {
      const ok = await httpRequest(server.url + "/api/stats", { headers: { host } });
      expect(ok.status, host).toBe(200);
    }
  });

  it("knows which names a server bound elsewhere answers to", () => {
    const loopback = hostCheck("127.0.0.1");
    expect(loopback("[::1]:5173")).toBe(true);
    expect(loopback("127.0.0.2:5173")).toBe(true);
    expect(loopback("10.0.0.5:5173")).toBe(false);
    expect(loopback(undefined)).toBe(false);
    expect(loopback("user@evil.example")).toBe(false);
    const lan = hostCheck("192.168.1.20");
    expect(lan("192.168.1.20:5173")).toBe(true);
    expect(lan("192.168.1.21:5173")).toBe(false);
    const everywhere = hostCheck("0.0.0.0");
    expect(everywhere("192.168.1.21:5173")).toBe(true);
    expect(everywhere("[fe80::1]:5173")).toBe(true);
    expect(everywhere("evil.example:5173")).toBe(false);
    expect(hostName("[::1]:80")).toBe("::1");
    expect(hostName("Example.ORG:8080")).toBe("example.org");
  });
});
