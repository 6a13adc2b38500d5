/**
 * The write endpoints of named reading lists through a real server on 127.0.0.1 over a database
 * built from the seeds: same-origin only, JSON only, bounded bodies, validated items, a full round
 * trip read back through the read-only API, exports, and 503 when the database cannot be written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { join } from "node:path";
import type { RunningServer } from "../../web/server/http-server.ts";
import { serveWithTestPage } from "../helpers/server.ts";
import { ListsApi, checkSameOrigin, fileSlug } from "../../web/server/lists-api.ts";
import { MAX_LIST_BODY_BYTES } from "../../api/limits.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { DbError } from "../../db/connection.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { parseCitations } from "../../graph/citation-export.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const dbPath = join(tmp.dir, "lists.db");
let server: RunningServer;

beforeAll(async () => {
  expect((await runCli(["ingest", SEEDS, "--db", dbPath])).code).toBe(0);
  server = await serveWithTestPage(dbPath, tmp.dir);
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

const JSON_TYPE = { "content-type": "application/json" };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = JSON_TYPE): Promise<Answer> {
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const res = await fetch(server.url + path, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

function error(answer: Answer): string {
  return (answer.body as { error?: string }).error ?? "";
}

const THREE = [
  { ref: "2203.02155", reason: "foundation" },
  { ref: "arxiv:2306.03100", reason: "on the main path", note: "read first" },
  { ref: "Benchmarks as Microscopes: A Call for Model Metrology", title: "ignored: the graph's title wins", reason: "the seed" },
];

describe("list writes: who may write", () => {
  it("refuses cross-site and other-origin requests with 403", async () => {
    const crossSite = await call("PUT", "/api/lists/x", { items: [] }, { ...JSON_TYPE, "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(error(crossSite)).toMatch(/explorer's own pages \(Sec-Fetch-Site: cross-site\)/);
    expect((await call("PUT", "/api/lists/x", { items: [] }, { ...JSON_TYPE, "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await call("DELETE", "/api/lists/x", undefined, { origin: "https://evil.example" })).status).toBe(403);
    const port = new URL(server.url).port;
    expect((await call("PUT", "/api/lists/x", { items: [] }, { ...JSON_TYPE, origin: `http://127.0.0.1:${Number(port) + 1}` })).status).toBe(403);
    expect((await call("PUT", "/api/lists/x", { items: [] }, { ...JSON_TYPE, origin: "null" })).status).toBe(403);
    const same = await call("PUT", "/api/lists/origin-ok", { items: [] }, { ...JSON_TYPE, origin: server.url, "sec-fetch-site": "same-origin" });
    expect(same.status).toBe(201);
  });

  it("checks the Host of a loopback server (no DNS rebinding)", () => {
    expect(() => checkSameOrigin({ host: "127.0.0.1:5173" })).not.toThrow();
    expect(() => checkSameOrigin({ host: "localhost:5173", origin: "http://localhost:5173" })).not.toThrow();
    expect(() => checkSameOrigin({ host: "evil.example:5173", origin: "http://evil.example:5173" })).toThrow(/unexpected Host/);
    expect(() => checkSameOrigin({ host: "192.168.1.4:5173" }, "0.0.0.0")).not.toThrow();
  });

  it("allows only the methods each path has, and GET and HEAD elsewhere", async () => {
    const patch = await call("PATCH", "/api/lists/x", { items: [] });
    expect(patch.status).toBe(405);
    expect(patch.headers.get("allow")).toBe("GET, HEAD, PUT, DELETE");
    expect((await call("PUT", "/api/lists", { items: [] })).status).toBe(405);
    expect((await call("GET", "/api/lists/x/order", undefined, {})).status).toBe(404);
    expect((await call("POST", "/api/lists/x/order", { refs: ["a"] })).status).toBe(405);
    expect((await call("POST", "/api/papers/2306.03100", {})).status).toBe(405);
    expect((await call("PUT", "/api/lists/x/nothing", {})).status).toBe(404);
  });
});

describe("list writes: what may be written", () => {
  it("takes JSON only (415)", async () => {
    const plain = await call("PUT", "/api/lists/x", JSON.stringify({ items: [] }), { "content-type": "text/plain" });
    expect(plain.status).toBe(415);
    expect(error(plain)).toBe("send the body as Content-Type: application/json (got text/plain)");
    expect((await call("PUT", "/api/lists/x", "items=1", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await call("POST", "/api/lists/x/items", "{}", {})).status).toBe(415);
    expect((await call("PUT", "/api/lists/x", JSON.stringify({ items: [] }), { "content-type": "application/json; charset=utf-8" })).status).toBe(201);
  });

  it("refuses bodies over 256 kB (413)", async () => {
    const big = { items: [{ ref: "2203.02155", note: "x".repeat(MAX_LIST_BODY_BYTES) }] };
    const answer = await call("PUT", "/api/lists/big", big);
    expect(answer.status).toBe(413);
    expect(error(answer)).toBe("the body is larger than 256 kB");
    expect((await call("GET", "/api/lists/big", undefined, {})).status).toBe(404);
  });

  it("answers 400 with a JSON error for bodies that do not validate", async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ["PUT", "/api/lists/x", "{not json", /^the body is not valid JSON/],
      ["PUT", "/api/lists/x", "", /^the body is empty/],
      ["PUT", "/api/lists/x", { items: "2203.02155" }, /^items must be an array/],
      ["PUT", "/api/lists/x", { items: [{ title: "no ref" }] }, /^items\[0\]\.ref is missing$/],
      ["PUT", "/api/lists/x", { items: [{ ref: 42 }] }, /^items\[0\]\.ref must be a string$/],
      ["PUT", "/api/lists/x", { items: [{ ref: "2203.02155", reason: "y".repeat(2001) }] }, /^items\[0\]\.reason is longer than 2000/],
      ["PUT", "/api/lists/x", { items: [{ ref: "9999.99999" }] }, /^items\[0\]\.ref: "9999\.99999" is not a paper in the graph$/],
      ["PUT", "/api/lists/x", { items: [{ ref: "evaluation" }] }, /matches several papers$/],
      ["PUT", `/api/lists/${"n".repeat(101)}`, { items: [] }, /^list name is longer than 100 characters$/],
      ["PUT", "/api/lists/%20", { items: [] }, /^a list needs a name$/],
      ["PUT", "/api/lists/%E0%A4%A", { items: [] }, /^list name is not valid URL encoding$/],
      ["PUT", "/api/lists/origin-ok/order", { refs: [] }, /^send \{"refs"/],
      ["PUT", "/api/lists/origin-ok/order", { refs: ["2203.02155"], to: 0 }, /^to must be a whole number/],
      ["POST", "/api/lists/x/export", { format: "docx" }, /^format must be one of md, bibtex, csl, ris, json, zotero$/],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await call(method, path, body);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(error(answer)).toMatch(message);
    }
  });

  it("answers 404 for lists and papers that are not there", async () => {
    expect((await call("DELETE", "/api/lists/never-made")).status).toBe(404);
    expect((await call("PUT", "/api/lists/never-made/order", { refs: ["2203.02155"] })).status).toBe(404);
    expect((await call("DELETE", "/api/lists/never-made/items/2203.02155")).status).toBe(404);
    expect((await call("POST", "/api/lists/never-made/export", { format: "md" })).status).toBe(404);
  });
});

describe("list writes: a round trip", () => {
  const name = "Evaluation: the basics";
  const path = `/api/lists/${encodeURIComponent(name)}`;

  type ListBody = { name: string; items: { ref: string; title: string; reason: string; note: string; inGraph: boolean }[] };
  const refs = (answer: Answer) => (answer.body as ListBody).items.map((i) => i.ref);

  it("creates a list, reads it back through the read-only API, reorders, adds, removes and deletes it", async () => {
    const created = await call("PUT", path, { items: THREE, description: "first steps" });
    expect(created.status).toBe(201);
    expect(refs(created)).toEqual(["arXiv:2203.02155", "arXiv:2306.03100", "arXiv:2407.16711"]);
    const read = await call("GET", path, undefined, {});
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      name,
      description: "first steps",
      items: [{ reason: "foundation" }, { note: "read first" }, { title: "Benchmarks as Microscopes: A Call for Model Metrology" }],
    });
    const all = (await call("GET", "/api/lists", undefined, {})).body as { name: string; items: number }[];
    expect(all.find((l) => l.name === name)?.items).toBe(3);

    const reordered = await call("PUT", `${path}/order`, { refs: ["2407.16711", "arXiv:2306.03100", "2203.02155"] });
    expect(reordered.status).toBe(200);
    expect(refs(await call("GET", path, undefined, {}))).toEqual(["arXiv:2407.16711", "arXiv:2306.03100", "arXiv:2203.02155"]);
    expect((reordered.body as ListBody).items.map((i) => i.reason)).toEqual(["the seed", "on the main path", "foundation"]);
    expect((await call("PUT", `${path}/order`, { refs: ["2111.15366"] })).status).toBe(400);

    const added = await call("POST", `${path}/items`, { items: [{ ref: "2111.15366", reason: "added" }, { ref: "2203.02155" }] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ added: ["arXiv:2111.15366"], already: ["arXiv:2203.02155"] });

    const removed = await call("DELETE", `${path}/items/${encodeURIComponent("arXiv:2306.03100")}`);
    expect(refs(removed)).toEqual(["arXiv:2407.16711", "arXiv:2203.02155", "arXiv:2111.15366"]);
    expect((await call("DELETE", `${path}/items/2306.03100`)).status).toBe(404);
    expect((await call("DELETE", `${path}/items/no-such-paper`)).status).toBe(404);

    const replaced = await call("PUT", path, [{ ref: "2306.03100", reason: "only this" }]);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ description: "first steps", items: [{ ref: "arXiv:2306.03100", reason: "only this" }] });

    expect((await call("DELETE", path)).body).toEqual({ deleted: name });
    expect((await call("GET", path, undefined, {})).status).toBe(404);
  });

  it("exports the saved list or the given items in every format, as the CLI does", async () => {
    await call("PUT", "/api/lists/export-me", { items: THREE });
    const md = await call("POST", "/api/lists/export-me/export", { format: "md" });
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("content-disposition")).toBe('attachment; filename="export-me.md"');
    expect(md.text).toMatch(/^# export-me\n\n1\. \*\*Training language models/);
    const cli = await runCli(["lists", "export", "export-me", "--format", "bibtex", "--db", dbPath]);
    const bib = await call("POST", "/api/lists/export-me/export", { format: "bibtex" });
    expect(bib.text.trim()).toBe(cli.stdout.trim());
    expect(parseCitations(bib.text)).toHaveLength(3);

    const given = [
      { ref: "2306.03100", reason: "why <b>" },
      { ref: "gone-from-graph", title: "A paper that left", reason: "kept" },
    ];
    const ris = await call("POST", "/api/lists/draft/export", { format: "ris", items: given });
    expect(ris.headers.get("content-disposition")).toBe('attachment; filename="draft.ris"');
    expect(parseCitations(ris.text).map((c) => c.title)).toEqual(["Rethinking Model Evaluation as Narrowing the Socio-Technical Gap", "A paper that left"]);
    const json = await call("POST", "/api/lists/draft/export", { format: "json", items: given });
    expect(json.body).toMatchObject({
      name: "draft",
      items: [
        { position: 1, arxivId: "2306.03100", reason: "why <b>", inGraph: true },
        { position: 2, inGraph: false },
      ],
    });
    const csl = await call("POST", "/api/lists/draft/export", { format: "csl", items: given });
    expect((csl.body as { note?: string }[])[0]?.note).toBe("why <b>");
    expect(fileSlug("Évaluation: the basics!")).toBe("evaluation-the-basics");
    expect(fileSlug("???")).toBe("reading-list");
  });

  it("keeps a paper that left the graph on its list when the list is saved again", async () => {
    const db = LineageDb.open(dbPath);
    db.lists.save("legacy", [{ paperRef: "arXiv:1111.11111", title: "An old paper", reason: "kept" }], {});
    db.close();
    const resaved = await call("PUT", "/api/lists/legacy", { items: [{ ref: "arXiv:1111.11111", reason: "still kept" }, { ref: "2203.02155" }] });
    expect(resaved.status).toBe(200);
    expect(resaved.body).toMatchObject({ items: [{ ref: "arXiv:1111.11111", title: "An old paper", inGraph: false, reason: "still kept" }, { inGraph: true }] });
  });
});

describe("list writes on a database that cannot be written", () => {
  function request(method: string, body: unknown) {
    return Object.assign(Readable.from([Buffer.from(JSON.stringify(body))]), { method, headers: { host: "127.0.0.1:5173", "content-type": "application/json" } });
  }

  it("answers 503 with a clear error, for a connection SQLite opened read-only and for one that cannot be opened", async () => {
    const readDb = LineageDb.open(dbPath, { readonly: true });
    const graph = new LineageGraph(readDb);
    try {
      const readOnly = new ListsApi(readDb, graph, { dbPath, openWriter: (p) => LineageDb.open(p, { readonly: true }) });
      const answer = await readOnly.handle(request("PUT", { items: [{ ref: "2203.02155" }] }), "/api/lists/nope", new URLSearchParams());
      expect(answer.status).toBe(503);
      expect("body" in answer && (answer.body as { error: string }).error).toMatch(
        /lists\.db: the database cannot be written \(attempt to write a readonly database\); reading lists can be viewed but not saved$/,
      );
      readOnly.close();

      const unopenable = new ListsApi(readDb, graph, {
        dbPath,
        openWriter: () => {
          throw new DbError(`${dbPath}: cannot open database (unable to open database file)`);
        },
      });
      const closed = await unopenable.handle(request("DELETE", {}), "/api/lists/nope", new URLSearchParams());
      expect(closed.status).toBe(503);
      expect("body" in closed && (closed.body as { error: string }).error).toMatch(/the database cannot be written \(.*unable to open database file\)/);
      // Exports only read: they work all the same.
      const exported = await unopenable.handle(request("POST", { format: "md", items: [{ ref: "2203.02155" }] }), "/api/lists/draft/export", new URLSearchParams());
      expect(exported.status).toBe(200);
    } finally {
      readDb.close();
    }
  });
});
