/**
 * Counts written without Intl (core/count-format.ts) read exactly as `toLocaleString("en-US")`
 * writes them, which the explorer used before.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatCount } from "../../web/src/core/count-format.ts";

describe("counts", () => {
  it("are grouped by thousands as en-US writes them (seeded property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (n) => formatCount(n) === n.toLocaleString("en-US")),
      { seed: 25, numRuns: 2000 },
    );
    for (const n of [0, 7, 999, 1000, 19_267, 94_931, 1_000_000, -1234, 2.5, 1234.5678]) expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
});
