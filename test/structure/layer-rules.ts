/**
 * The layers of the tree and what each may import (README.md, "Layout"), as data, and a checker
 * that reads every import of every source file (static, `export … from` and dynamic `import()`)
 * and reports the ones a rule forbids. Run over the real tree by test/structure/layers.test.ts.
 */
import { dirname, join, normalize } from "node:path";

/** What an import names: a file of the tree (repo-relative path), a Node builtin, or a package. */
export type ImportTarget = { kind: "file"; path: string } | { kind: "builtin"; name: string } | { kind: "package"; name: string };

export interface LayerRule {
  /** The files the rule is about: a folder prefix ("graph/") or one file. */
  layer: string;
  /** What those files must not import: folder prefixes or files of the tree, "node:…" builtins, package names. */
  forbids: readonly string[];
  /** Why, in one line: printed with every violation. */
  because: string;
}

const IO_BUILTINS = ["node:fs", "node:fs/promises", "node:http", "node:https", "node:net", "node:dns", "node:dns/promises", "node:child_process", "node:worker_threads"];

export const LAYER_RULES: readonly LayerRule[] = [
  {
    layer: "vocabulary/",
    forbids: ["api/", "db/", "graph/", "ingest/", "library/", "web/", "scripts/", "crawl/", "bench/", "eval/", "test/", ...IO_BUILTINS, "better-sqlite3"],
    because: "vocabulary/ holds the words every layer shares (pages, identifiers, titles, identity); it imports nothing of the project",
  },
  {
    layer: "graph/",
    forbids: ["db/", "library/", "web/", "scripts/", "crawl/", "bench/", "eval/", "ingest/files.ts", ...IO_BUILTINS, "better-sqlite3"],
    because: "graph/ is pure: the citation index, the algorithms and formats that need no database",
  },
  {
    layer: "db/",
    forbids: ["graph/", "library/", "web/", "scripts/", "crawl/", "api/", "bench/", "eval/"],
    because: "db/ stores and loads; it runs no graph algorithm and knows no caller",
  },
  {
    layer: "ingest/",
    forbids: ["db/", "graph/", "library/", "web/", "scripts/", "crawl/", "api/", "bench/", "eval/"],
    because: "ingest/ turns bytes into pages and records; storing them is db/'s and library/'s",
  },
  {
    layer: "ingest/adapters/",
    forbids: ["ingest/files.ts", ...IO_BUILTINS, "better-sqlite3"],
    because: "page adapters are pure functions of the page text: no files, no network, no database",
  },
  {
    layer: "ingest/sources/",
    forbids: ["ingest/files.ts", ...IO_BUILTINS, "better-sqlite3"],
    because: "importers are pure functions of a file's bytes; reading the files is the caller's",
  },
  {
    layer: "api/",
    forbids: ["db/", "graph/", "library/", "web/", "scripts/", "crawl/", "bench/", "eval/", "ingest/"],
    because: "api/ is the contract between server, client and CLI: types, limits and URLs only",
  },
  {
    layer: "library/",
    forbids: ["web/", "crawl/", "scripts/", "bench/", "eval/"],
    because: "library/ composes db/ and graph/ for the CLI, the server and the crawler, and knows none of them",
  },
  {
    layer: "web/src/",
    forbids: ["db/", "graph/", "library/", "ingest/", "web/server/", "scripts/", "crawl/", "bench/", "eval/", "node:", "better-sqlite3"],
    because: "the explorer runs in the browser and knows the server only through api/",
  },
  {
    layer: "web/server/",
    forbids: ["web/src/", "db/", "graph/", "ingest/", "crawl/", "scripts/", "bench/", "eval/", "better-sqlite3"],
    because: "the server serves api/'s route table through library/ alone (and vocabulary/); the CLI starts it, not the other way round",
  },
  {
    layer: "crawl/",
    forbids: ["web/", "scripts/", "bench/", "eval/"],
    because: "the crawler fetches and hands pages to library/; the CLI drives it",
  },
  {
    layer: "scripts/",
    forbids: ["bench/", "eval/", "test/"],
    because: "the CLI ships; benchmarks, evaluations and tests use it, not the other way round",
  },
];

/** Import specifiers in TypeScript source: `import … from "x"`, `export … from "x"`, `import "x"`, `import("x")`. */
export function importSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of code.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?["']([^"'\n]+)["']/g)) if (m[1]) found.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"'\n]+)["']\s*\)/g)) if (m[1]) found.push(m[1]);
  return found;
}

export function resolveImport(fromFile: string, specifier: string): ImportTarget {
  if (specifier.startsWith("node:")) return { kind: "builtin", name: specifier };
  if (specifier.startsWith(".")) return { kind: "file", path: normalize(join(dirname(fromFile), specifier)).replace(/\\/g, "/") };
  const parts = specifier.split("/");
  return { kind: "package", name: specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier) };
}

function matches(target: ImportTarget, forbidden: string): boolean {
  if (target.kind === "file") return forbidden.endsWith("/") ? target.path.startsWith(forbidden) : target.path === forbidden;
  if (target.kind === "builtin") return forbidden === "node:" || target.name === forbidden;
  return target.name === forbidden;
}

export interface Violation {
  file: string;
  specifier: string;
  rule: LayerRule;
}

/** Every import of `files` (repo-relative path → source text) that a rule forbids. */
export function checkLayers(files: ReadonlyMap<string, string>, rules: readonly LayerRule[] = LAYER_RULES): Violation[] {
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    const applying = rules.filter((r) => (r.layer.endsWith("/") ? file.startsWith(r.layer) : file === r.layer));
    if (applying.length === 0) continue;
    for (const specifier of importSpecifiers(source)) {
      const target = resolveImport(file, specifier);
      // A layer's own files are never forbidden to it (ingest/adapters/ may import ingest/parse-page.ts).
      for (const rule of applying) if (rule.forbids.some((f) => matches(target, f) && !(target.kind === "file" && target.path.startsWith(rule.layer)))) violations.push({ file, specifier, rule });
    }
  }
  return violations;
}

export function describeViolation(v: Violation): string {
  return `${v.file} imports "${v.specifier}": ${v.rule.because}`;
}
