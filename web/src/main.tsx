/** Entry point of the Lineage explorer. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ExplorerPage } from "./views/ExplorerPage.tsx";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html: no #root element to mount the explorer in");

createRoot(root).render(
  <StrictMode>
    <ExplorerPage />
  </StrictMode>,
);
