/**
 * The lineage view's side list: the main path of the graph or of the seeds' lineage, oldest first,
 * each paper with its year and the search path count (SPC) of the citation that leads to it, in an
 * ordered list named "Main path"; the key-route control (K = 1-10) and the distinct key routes.
 * Items are buttons selecting that paper. Every title is rendered as text.
 */
import { useId } from "react";
import type { MainPathResponse, MainPathStep, PaperBrief, Resource } from "../core/api/types.ts";
import { KEY_ROUTES_OFFERED } from "../core/explorer/types.ts";
import { distinctKeyRoutes } from "../core/lineage/main-path.ts";
import { displayTitle } from "../core/paper/format.ts";

export interface SeedLabel {
  ref: string;
  title: string;
}

export interface MainPathListProps {
  mainPath: Resource<MainPathResponse>;
  keyRoutes: number;
  /** The seeds the scope is the lineage of (none: the whole graph). */
  seeds: readonly SeedLabel[];
  direction: string | null;
  /** The selected paper's id, marked in the list. */
  selected: string | null;
  onKeyRoutes: (k: number) => void;
  onSelect: (paper: PaperBrief) => void;
  onWholeGraph: () => void;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

export function MainPathList({ mainPath, keyRoutes, seeds, direction, selected, onKeyRoutes, onSelect, onWholeGraph }: MainPathListProps) {
  const headingId = useId();
  const scope =
    seeds.length === 0
      ? "the whole graph"
      : seeds.length === 1
        ? `the lineage of “${seeds[0]?.title ?? ""}”`
        : `the lineage of ${seeds.length} seed papers`;
  return (
    <section className="panel main-path-panel" role="region" aria-labelledby={headingId}>
      <header className="panel-header">
        <h2 id={headingId}>Main path</h2>
      </header>
      <p className="muted scope-line">
        Of {scope}
        {direction ? `, direction “${direction}”` : ""}
        {mainPath.status === "ready" ? ` (${plural(mainPath.data.scope.papers, "paper", "papers")})` : ""}.{" "}
        {seeds.length > 0 && (
          <button type="button" className="small-button inline" onClick={onWholeGraph}>
            Whole graph
          </button>
        )}
      </p>
      <label className="key-route-control">
        Key routes{" "}
        <select value={keyRoutes} onChange={(e) => onKeyRoutes(Number(e.target.value))}>
          <option value={0}>Off</option>
          {Array.from({ length: KEY_ROUTES_OFFERED }, (_, k) => (
            <option key={k + 1} value={k + 1}>
              {k + 1}
            </option>
          ))}
        </select>
      </label>
      <MainPathBody mainPath={mainPath} keyRoutes={keyRoutes} selected={selected} onSelect={onSelect} />
    </section>
  );
}

function StepItem({ step, first, last, selected, onSelect }: { step: MainPathStep; first: boolean; last: boolean; selected: boolean; onSelect: (p: PaperBrief) => void }) {
  return (
    <li aria-current={selected ? "true" : undefined} className={selected ? "current" : undefined}>
      <span className="path-year">{step.year ?? "n.d."}</span>
      <button type="button" className="link-button" onClick={() => onSelect(step)}>
        {displayTitle(step)}
      </button>
      <span className="spc" title="Search path count: how many source-to-sink citation chains pass through the citation leading here">
        {first ? "start" : `SPC ${count(step.spc)}`}
      </span>
      {step.members.length > 0 && (
        <span className="cycle-members">
          in a citation cycle with{" "}
          {step.members.map((m, i) => (
            <span key={m.id}>
              {i > 0 ? ", " : ""}
              <button type="button" className="link-button inline" onClick={() => onSelect(m)}>
                {displayTitle(m)}
              </button>
            </span>
          ))}
        </span>
      )}
      {!last && (
        <span className="path-arrow" aria-hidden="true">
          built on by ↓
        </span>
      )}
    </li>
  );
}

function MainPathBody({ mainPath, keyRoutes, selected, onSelect }: Pick<MainPathListProps, "mainPath" | "keyRoutes" | "selected" | "onSelect">) {
  if (mainPath.status === "idle") return null;
  if (mainPath.status === "loading") return <p className="muted">Computing the main path…</p>;
  if (mainPath.status === "error") return <p className="error">Could not compute the main path: {mainPath.error}</p>;
  const { path, weight, totalPaths } = mainPath.data;
  if (path.length === 0) {
    return (
      <p className="no-chain" role="status">
        No citation chain in this scope: no paper here builds on another.
      </p>
    );
  }
  const routes = keyRoutes > 0 ? distinctKeyRoutes(mainPath.data) : [];
  return (
    <div>
      <p className="muted">
        {plural(path.length, "paper", "papers")}, oldest first, each built on by the next; SPC weight {count(weight)} of {Number(totalPaths).toLocaleString("en-US")}{" "}
        source-to-sink search paths.
      </p>
      <ol className="path-list main-path-list" aria-label="Main path">
        {path.map((step, i) => (
          <StepItem key={step.id} step={step} first={i === 0} last={i === path.length - 1} selected={selected === step.id} onSelect={onSelect} />
        ))}
      </ol>
      {keyRoutes > 0 && (
        <>
          <h3>Key routes</h3>
          {routes.length === 0 ? (
            <p className="muted">
              The {keyRoutes === 1 ? "top citation lies" : `top ${keyRoutes} citations lie`} on the main path: no other key route.
            </p>
          ) : (
            routes.map((route, r) => (
              <details key={route.path.map((s) => s.id).join("|")} className="key-route" open={routes.length <= 2}>
                <summary>
                  Key route {r + 1}: {plural(route.path.length, "paper", "papers")}, through the citation with SPC{" "}
                  {count(Math.max(...route.links.map((l) => l.spc)))}
                </summary>
                <ol className="path-list key-route-list" aria-label={`Key route ${r + 1}`}>
                  {route.path.map((step, i) => (
                    <StepItem key={step.id} step={step} first={i === 0} last={i === route.path.length - 1} selected={selected === step.id} onSelect={onSelect} />
                  ))}
                </ol>
              </details>
            ))
          )}
        </>
      )}
    </div>
  );
}
