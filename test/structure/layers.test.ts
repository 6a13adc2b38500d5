/**
 * The layering of the tree holds (test/structure/layer-rules.ts): nothing in graph/ imports db/,
 * web/ or library/; nothing in db/ imports graph/ algorithms, library/ or web/; ingest/ adapters
 * import no I/O; the server imports only api/, library/ and vocabulary/; the explorer knows the
 * server only through api/. And the check itself can fail.
 */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/cli.ts";
import { checkLayers, describeViolation, importSpecifiers, LAYER_RULES } from "./layer-rules.ts";

function sourceTree(): Map<string, string> {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx"], { cwd: ROOT, encoding: "utf8" });
  const files = new Map<string, string>();
  for (const path of listed.split("\n").filter(Boolean)) {
    try {
      files.set(path, readFileSync(join(ROOT, path), "utf8"));
    } catch {
      // Listed but deleted in the working tree: not part of it.
    }
  }
  return files;
}

describe("layers", () => {
  it("hold across the whole tree", () => {
    const files = sourceTree();
    expect(files.size).toBeGreaterThan(200);
    expect(checkLayers(files).map(describeViolation)).toEqual([]);
  });

  it("every layer named by a rule has files, so no rule guards an empty folder", () => {
    const files = [...sourceTree().keys()];
    for (const rule of LAYER_RULES)
      expect(
        files.some((f) => f.startsWith(rule.layer)),
        rule.layer,
      ).toBe(true);
  });

  it("fail when a forbidden import is added", () => {
    const files = new Map([
      ["graph/closure.ts", 'import type { LineageDb } from "../db/lineage-db.ts";\nexport const x = 1;'],
      ["db/layout-store.ts", 'import { computeLayout } from "../graph/layout.ts";'],
      ["ingest/adapters/html-page.ts", 'import { readFileSync } from "node:fs";'],
      ["web/src/views/Explorer.tsx", 'const m = await import("../../../library/lineage-graph.ts");'],
      ["api/types.ts", 'export type { Paper } from "../db/paper-queries.ts";'],
      ["library/briefs.ts", 'import "../web/server/api.ts";'],
      ["vocabulary/titles.ts", 'import { yearOf } from "../ingest/dates.ts";'],
      ["web/server/dispatch.ts", 'import { LineageDb } from "../../db/lineage-db.ts";'],
      ["web/server/api.ts", 'import { timeBudget } from "../../graph/query-budget.ts";'],
      ["db/graph-builder.ts", 'import { prepareGraph } from "../library/prepare.ts";'],
      // Allowed: the same kinds of import where the layers permit them.
      ["library/prepare.ts", 'import { LineageDb } from "../db/lineage-db.ts";\nimport { computeLayout } from "../graph/layout.ts";'],
      ["ingest/adapters/editorial.ts", 'import type { PaperPage } from "../types.ts";'],
      ["web/src/core/api/client.ts", 'import { endpointUrl } from "../../../../api/endpoints.ts";'],
      [
        "web/server/collections.ts",
        'import { GraphSession } from "../../library/graph-session.ts";\nimport { ENDPOINTS } from "../../api/endpoints.ts";\nimport { cleanText } from "../../vocabulary/clean-text.ts";',
      ],
    ]);
    expect(checkLayers(files).map((v) => `${v.file} -> ${v.specifier}`)).toEqual([
      "graph/closure.ts -> ../db/lineage-db.ts",
      "db/layout-store.ts -> ../graph/layout.ts",
      "ingest/adapters/html-page.ts -> node:fs",
      "web/src/views/Explorer.tsx -> ../../../library/lineage-graph.ts",
      "api/types.ts -> ../db/paper-queries.ts",
      "library/briefs.ts -> ../web/server/api.ts",
      "vocabulary/titles.ts -> ../ingest/dates.ts",
      "web/server/dispatch.ts -> ../../db/lineage-db.ts",
      "web/server/api.ts -> ../../graph/query-budget.ts",
      "db/graph-builder.ts -> ../library/prepare.ts",
    ]);
  });

  it("reads every form of import and none in comments", () => {
    const source = [
      'import a from "pkg-a";',
      'import type { B } from "./b.ts";',
      'import * as c from "./c.ts";',
      'import "./side-effect.ts";',
      'export { d } from "../d.ts";',
      'export * from "./e.ts";',
      'const f = await import("./f.ts");',
      'import {\n  g,\n  h,\n} from "./gh.ts";',
      '// import x from "./commented.ts";',
      '/* import y from "./block.ts"; */',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual(["pkg-a", "./b.ts", "./c.ts", "./side-effect.ts", "../d.ts", "./e.ts", "./gh.ts", "./f.ts"]);
  });
});
