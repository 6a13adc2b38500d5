/**
 * An influence path: every shortest chain FROM → … → TO (each paper builds on the next), one chain
 * listed at a time in an ordered list named "Influence path", with a switch for the longest chain.
 * When no chain exists it says so plainly and offers the reverse direction.
 */
import { useId } from "react";
import type { PaperBrief, PathMode, PathResponse, Resource } from "../core/api/types.ts";
import { displayTitle } from "../core/paper/format.ts";
import { formatCount } from "../core/count-format.ts";

export interface PathListProps {
  path: Resource<PathResponse>;
  mode: PathMode;
  /** Which chain is listed (all are highlighted in the graph). */
  chain: number;
  onChainChange: (index: number) => void;
  onModeChange: (mode: PathMode) => void;
  onSelect: (paper: PaperBrief) => void;
  onSwap: () => void;
  onClose: () => void;
}

export function PathList({ path, mode, chain, onChainChange, onModeChange, onSelect, onSwap, onClose }: PathListProps) {
  const headingId = useId();
  return (
    <section className="panel path-panel" role="region" aria-labelledby={headingId}>
      <header className="panel-header">
        <h2 id={headingId}>Influence path</h2>
        <button type="button" className="icon-button" aria-label="Close influence path" title="Close (Esc)" onClick={onClose}>
          ×
        </button>
      </header>
      <label className="toggle">
        <input type="checkbox" checked={mode === "longest"} onChange={(e) => onModeChange(e.target.checked ? "longest" : "shortest")} /> Longest chain instead of shortest
      </label>
      <PathBody path={path} mode={mode} chain={chain} onChainChange={onChainChange} onSelect={onSelect} onSwap={onSwap} />
    </section>
  );
}

function PathBody({ path, mode, chain, onChainChange, onSelect, onSwap }: Omit<PathListProps, "onModeChange" | "onClose">) {
  if (path.status === "idle") return null;
  if (path.status === "loading") return <p className="muted">Finding chains…</p>;
  if (path.status === "error") return <p className="error">Could not find a path: {path.error}</p>;
  const { from, to, paths, truncated } = path.data;
  if (paths.length === 0) {
    return (
      <div>
        <p className="no-chain" role="status">
          No chain: “{displayTitle(from)}” does not build on “{displayTitle(to)}”, directly or through other papers in this graph.
        </p>
        <button type="button" onClick={onSwap}>
          Try the other direction
        </button>
      </div>
    );
  }
  const index = chain >= 0 && chain < paths.length ? chain : 0;
  const papers = paths[index] ?? [];
  const steps = papers.length - 1;
  return (
    <div>
      <p className="muted">{chainSummary(paths.length, truncated, mode, steps)}</p>
      {paths.length > 1 && (
        <div className="chain-switch" role="group" aria-label="Chains">
          <button type="button" onClick={() => onChainChange(index === 0 ? paths.length - 1 : index - 1)} aria-label="Previous chain">
            ‹
          </button>
          <span aria-live="polite">
            Chain {index + 1} of {paths.length}
          </span>
          <button type="button" onClick={() => onChainChange(index + 1 >= paths.length ? 0 : index + 1)} aria-label="Next chain">
            ›
          </button>
        </div>
      )}
      <ol className="path-list" aria-label="Influence path">
        {papers.map((p, i) => (
          <li key={`${p.id}-${i}`}>
            <span className="path-year">{p.year ?? "n.d."}</span>
            <button type="button" className="link-button" onClick={() => onSelect(p)}>
              {displayTitle(p)}
            </button>
            {i < papers.length - 1 && (
              <span className="path-arrow" aria-hidden="true">
                builds on ↓
              </span>
            )}
          </li>
        ))}
      </ol>
      {truncated && <p className="muted">More chains exist than were returned.</p>}
    </div>
  );
}

/**
 * "One shortest chain of 2 steps: each paper builds on the next." / "2 shortest chains of 2 steps
 * each, all highlighted: each paper builds on the next." (Shortest chains share their length.)
 */
export function chainSummary(chains: number, truncated: boolean, mode: PathMode, steps: number): string {
  const length = `${formatCount(steps)} step${steps === 1 ? "" : "s"}`;
  if (chains === 1) return `One ${mode} chain of ${length}: each paper builds on the next.`;
  return `${formatCount(chains)}${truncated ? " or more" : ""} ${mode} chains of ${length} each, all highlighted: each paper builds on the next.`;
}
