// Lint rules: typescript-eslint's recommended set over everything, React hooks rules for web/,
// regexp's super-linear checks for the importers.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";

export default tseslint.config(
  { ignores: ["node_modules", "dist", "data", "coverage", "test/fixtures", "test-results", ".scratch"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // One hot path only: the server's response headers. On Node 20's V8 every object made by a
    // literal that starts with a spread (`{ ...a, b }`) gets a hidden class of its own; made for
    // every response, those outlived the young generation and paused all requests in flight
    // (issue 6). Elsewhere a spread is the clearer way to write a copy, and is allowed.
    files: ["web/server/responses.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ObjectExpression > SpreadElement:first-child",
          message: "Response headers are built per request: a literal starting with a spread gets a hidden class per object on Node 20; use Object.assign({}, a, { b }).",
        },
      ],
    },
  },
  {
    // The importers read hostile files of any size (issue 29): no expression there may take
    // super-linear time on a long run of some character (test/sources/linear-work.test.ts checks
    // the same at run time, for every reader).
    files: ["ingest/sources/**/*.ts", "vocabulary/linear-text.ts"],
    plugins: { regexp },
    rules: { "regexp/no-super-linear-backtracking": "error", "regexp/no-super-linear-move": "error" },
  },
  {
    files: ["web/src/**/*.{ts,tsx}", "test/web/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat["recommended-latest"],
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
