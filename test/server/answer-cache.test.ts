/** The answer cache: keyed by database, graph version and request; least recently used out first; within its budget. */
import { describe, expect, it } from "vitest";
import { AnswerCache } from "../../web/server/answer-cache.ts";
import { encodeAnswer } from "../../web/server/encoded-answer.ts";

const answer = (text: string) => encodeAnswer(200, { text });

describe("the answer cache", () => {
  it("keys an answer by its graph version and its parameters in any order", () => {
    const a = AnswerCache.key("a.db", "v1", "/api/papers/X", new URLSearchParams("b=2&a=1"));
    expect(AnswerCache.key("a.db", "v1", "/api/papers/X", new URLSearchParams("a=1&b=2"))).toBe(a);
    expect(AnswerCache.key("a.db", "v2", "/api/papers/X", new URLSearchParams("a=1&b=2"))).not.toBe(a);
    expect(AnswerCache.key("b.db", "v1", "/api/papers/X", new URLSearchParams("a=1&b=2"))).not.toBe(a);
  });

  it("lets the least recently used answers go once past its budget", () => {
    const one = answer("x".repeat(100));
    const size = one.json.length;
    const cache = new AnswerCache(size * 4 + 10);
    for (const k of ["a", "b", "c", "d"]) cache.set(k, answer("x".repeat(100)));
    expect(cache.get("a")).toBeDefined();
    cache.set("e", answer("x".repeat(100)));
    expect(cache.get("b")).toBeUndefined();
    expect(["a", "c", "d", "e"].every((k) => cache.get(k) !== undefined)).toBe(true);
  });

  it("keeps no failed answer, no answer over a quarter of its budget, and nothing with a budget of 0", () => {
    const cache = new AnswerCache(1000);
    cache.set("failed", encodeAnswer(404, { error: "no paper" }));
    cache.set("large", answer("y".repeat(300)));
    expect(cache.get("failed")).toBeUndefined();
    expect(cache.get("large")).toBeUndefined();
    const none = new AnswerCache(0);
    none.set("a", answer("z"));
    expect(none.get("a")).toBeUndefined();
  });

  it("encodes a long answer gzipped too, and a short one not", () => {
    expect(answer("s").gzip).toBeNull();
    const long = answer("word ".repeat(400));
    expect(long.gzip).not.toBeNull();
    expect(long.gzip!.length).toBeLessThan(long.json.length);
  });
});
