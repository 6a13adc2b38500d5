import { defineConfig } from "vitest/config";

// Every timeout here is a safety net against a hang, never an assertion: generous enough for a
// 2-core machine shared with other heavy work (issue 17, item 7). A test that waits, waits for an
// event or a condition; these only bound how long a broken one takes to fail.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    pool: "forks",
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // expect.poll waits for a condition; its default of 1 s was a deadline a loaded machine missed.
    expect: { poll: { timeout: 60_000 } },
  },
});
