// Lint rules: typescript-eslint's recommended set over everything, React hooks rules for web/.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

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
    // Node 20's V8 gives every object made by a literal that starts with a spread (`{ ...a, b }`)
    // a hidden class of its own: made per request or per paper, they are slow to read and
    // outlive the young generation (the server kept about 450 kB at every scavenge for its
    // response headers alone). Object.assign({}, a, { b }) makes the same object on shared classes;
    // for parsed input, whose own "__proto__" key Object.assign would turn into a prototype,
    // Object.fromEntries(Object.entries(a)) copies as a spread does.
    files: ["{ingest,db,graph,crawl,scripts,bench}/**/*.ts", "web/server/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ObjectExpression > SpreadElement:first-child",
          message:
            "A literal starting with a spread gets a hidden class per object on Node 20: use Object.assign({}, a, { b }), or for parsed input Object.fromEntries(Object.entries(a)).",
        },
      ],
    },
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
