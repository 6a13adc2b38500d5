/**
 * What the paper panel's grow slot holds: "Expand this paper" (ExpandButton) and how the papers
 * citing it cite it (CitationContexts), read again once an expansion has brought more citations.
 */
import { useState } from "react";
import type { PaperBrief } from "../../core/api/types.ts";
import { CitationContexts } from "./CitationContexts.tsx";
import { ExpandButton } from "./ExpandButton.tsx";
import "./grow.css";

export function PaperGrowth({ paper, onSelect }: { paper: { id: string }; onSelect: (paper: PaperBrief) => void }) {
  const [expansions, setExpansions] = useState(0);
  return (
    <div className="paper-growth">
      <ExpandButton key={paper.id} target={{ ref: paper.id }} label="Expand this paper" onEnd={() => setExpansions((n) => n + 1)} />
      <CitationContexts paperId={paper.id} version={String(expansions)} onSelect={onSelect} />
    </div>
  );
}
