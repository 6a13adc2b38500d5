// Vite config for the explorer: the app lives in web/, builds to dist/ at the repo root (served by
// `lineage serve`), and the dev server proxies /api to a running `lineage serve --port 5174`.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const API = process.env.LINEAGE_API ?? "http://127.0.0.1:5174";

export default defineConfig({
  root: "web",
  base: "/",
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // sigma + graphology + react make one ~600 kB chunk; that is expected for this app.
    chunkSizeWarningLimit: 1200,
  },
  server: { port: 5173, proxy: { "/api": API } },
  preview: { port: 5173, proxy: { "/api": API } },
});
