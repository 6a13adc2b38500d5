/**
 * encodeJson (graph/json-text.ts) splices in the JSON text of frozen briefs: its output must be
 * byte for byte what JSON.stringify gives, whatever the answer's shape.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { encodeJson, encodeJsonBody, frozenWithText } from "../../graph/json-text.ts";
import { LineageDb } from "../../db/lineage-db.ts";
import { LineageGraph } from "../../library/lineage-graph.ts";
import { LineageApi } from "../../web/server/api.ts";
import { join } from "node:path";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

// Any UTF-16 text, lone surrogates included: byte counts must hold for every string.
const text = fc.oneof(fc.string(), fc.string({ unit: "binary" }));
const flat = fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined)));
const frozen = flat.map((o) => frozenWithText(o));
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
    frozen,
    fc.array(tie("value"), { maxLength: 5 }),
    fc.array(frozen, { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 6, unit: "binary" }), fc.oneof(tie("value"), fc.constant(undefined), fc.constant(() => 1), fc.date({ noInvalidDate: true }))),
  ),
}));

describe("encodeJson", () => {
  it("gives exactly what JSON.stringify gives", () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(encodeJson(v)).toBe(JSON.stringify(v) ?? "null");
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it("counts the UTF-8 bytes of the text it gives", () => {
    fc.assert(
      fc.property(value, (v) => {
        const body = encodeJsonBody(v);
        expect(body.text).toBe(JSON.stringify(v) ?? "null");
        expect(body.bytes).toBe(Buffer.byteLength(body.text));
      }),
      { seed: 8, numRuns: 2000 },
    );
  });

  it("answers the API's list endpoints exactly as JSON.stringify would", async () => {
    const tmp = tempDir();
    try {
      const dbPath = join(tmp.dir, "seeds.db");
      expect((await runCli(["ingest", SEEDS, "--db", dbPath])).code).toBe(0);
      const db = LineageDb.open(dbPath, { readonly: true });
      const api = new LineageApi(db, new LineageGraph(db));
      const urls = [
        "/api/papers/2407.16711/builds-on?depth=3",
        "/api/papers/2407.16711/builds-on?depth=3", // the second time from the frozen briefs' text
        "/api/papers/2203.02155/built-by?depth=2",
        "/api/path?from=2407.16711&to=2203.02155",
        "/api/search?q=evaluation",
        "/api/papers/2407.16711",
        "/api/papers/2203.02155",
      ];
      for (const u of urls) {
        const url = new URL(u, "http://localhost");
        const { status, body } = api.handle(url.pathname, url.searchParams);
        expect(status, u).toBe(200);
        expect(encodeJson(body), u).toBe(JSON.stringify(body));
      }
      db.close();
    } finally {
      tmp.cleanup();
    }
  }, 60_000);
});
