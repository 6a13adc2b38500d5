/** Entry point of the Lineage explorer. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ExplorerPage } from "./views/ExplorerPage.tsx";
import { warmUpWebGL } from "./core/graph/webgl-warmup.ts";
import "./styles.css";

// As early as the page starts: the map waits for it before creating its WebGL contexts.
void warmUpWebGL();

const root = document.getElementById("root");
if (!root) throw new Error("index.html: no #root element to mount the explorer in");

createRoot(root).render(
  <StrictMode>
    <ExplorerPage />
  </StrictMode>,
);
