/** ResponseBatch through a real node:http server on 127.0.0.1: answers held to the turn's end, none lost. */
import { afterEach, describe, expect, it } from "vitest";
import { createServer, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ResponseBatch } from "../../web/server/response-batch.ts";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((ok) => (server ? server.close(ok) : ok(undefined)));
  server = undefined;
});

/** A server whose handler answers through `batch` and reports, per URL, whether the answer went out at once. */
async function serve(batch: ResponseBatch, sentAtOnce: Map<string, boolean>, onRequest?: (url: string, res: ServerResponse) => void) {
  server = createServer((req, res) => {
    const url = req.url ?? "";
    onRequest?.(url, res);
    res.writeHead(200, { "content-type": "text/plain" });
    batch.end(res, `answer to ${url}`);
    sentAtOnce.set(url, res.writableEnded);
  });
  await new Promise<void>((ok) => server!.listen(0, "127.0.0.1", ok));
  return (server.address() as AddressInfo).port;
}

/** GET on a fresh connection each time, so that requests really are concurrent. */
function get(port: number, path: string): Promise<string> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => ok(text));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("ResponseBatch", () => {
  it("holds an answer until the end of the turn, then sends it", async () => {
    const sentAtOnce = new Map<string, boolean>();
    const port = await serve(new ResponseBatch(), sentAtOnce);
    expect(await get(port, "/one")).toBe("answer to /one");
    expect(sentAtOnce.get("/one")).toBe(false);
  });

  it("answers every one of many concurrent requests with its own body", async () => {
    const port = await serve(new ResponseBatch(8), new Map());
    const paths = Array.from({ length: 50 }, (_, i) => `/p${i}`);
    const answers = await Promise.all(paths.map((p) => get(port, p)));
    expect(answers).toEqual(paths.map((p) => `answer to ${p}`));
  });

  it("sends everything held as soon as the cap is reached", async () => {
    const batch = new ResponseBatch(2);
    const ends: boolean[] = [];
    server = createServer();
    await new Promise<void>((ok) => server!.listen(0, "127.0.0.1", ok));
    const port = (server.address() as AddressInfo).port;
    const held: ServerResponse[] = [];
    server.on("request", (_req, res: ServerResponse) => {
      res.writeHead(200);
      held.push(res);
      if (held.length < 2) return;
      // Both answers go through the batch in one turn: the second reaches the cap.
      batch.end(held[0]!, "a");
      ends.push(held[0]!.writableEnded);
      batch.end(held[1]!, "b");
      ends.push(held[0]!.writableEnded, held[1]!.writableEnded);
    });
    expect((await Promise.all([get(port, "/x"), get(port, "/y")])).sort()).toEqual(["a", "b"]);
    expect(ends).toEqual([false, true, true]);
  });

  it("still answers the others when one client has gone", async () => {
    const port = await serve(new ResponseBatch(), new Map(), (url, res) => {
      if (url === "/gone") res.socket?.destroy();
    });
    const gone = get(port, "/gone").then(
      () => "answered",
      () => "failed",
    );
    const answers = await Promise.all([get(port, "/a"), get(port, "/b")]);
    expect(answers).toEqual(["answer to /a", "answer to /b"]);
    expect(await gone).toBe("failed");
  });
});
