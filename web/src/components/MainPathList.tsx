/**
 * The lineage view's side list: the main path of the graph or of the seeds' lineage, oldest first,
 * each paper with its year and the share of the scope's source-to-sink citation chains that pass
 * through the citation leading to it (its search path count, SPC, over the scope's chains; the
 * exact count on hover), in an ordered list named "Main path"; the key-route control (K = 1-10) and
 * the distinct key routes, saying which of the K key citations lie on the main path or on a route
 * already shown. Counts are the exact integers the API gives as digits (the CLI's), never through
 * Number: shares are computed in BigInt, a path's weight is given in three figures with one line
 * saying what it sums, and exactly on hover. Items are buttons selecting that paper. Every title
 * is rendered as text.
 */
import { useId } from "react";
import type { MainPathResponse, MainPathStep, PaperBrief, Resource } from "../core/api/types.ts";
import { KEY_ROUTES_OFFERED } from "../core/explorer/types.ts";
import { keyRouteReport, type KeyRouteReport } from "../core/lineage/main-path.ts";
import { displayTitle, exactCount } from "../core/paper/format.ts";
import { readableCount, shareOf } from "../../../vocabulary/count-wording.ts";
import { formatCount } from "../core/count-format.ts";

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
  return formatCount(n);
}

function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

export function MainPathList({ mainPath, keyRoutes, seeds, direction, selected, onKeyRoutes, onSelect, onWholeGraph }: MainPathListProps) {
  const headingId = useId();
  const scope = seeds.length === 0 ? "the whole graph" : seeds.length === 1 ? `the lineage of “${seeds[0]?.title ?? ""}”` : `the lineage of ${seeds.length} seed papers`;
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

function StepItem(props: { step: MainPathStep; first: boolean; last: boolean; selected: boolean; totalPaths: string; onSelect: (p: PaperBrief) => void }) {
  const { step, first, last, selected, totalPaths, onSelect } = props;
  return (
    <li aria-current={selected ? "true" : undefined} className={selected ? "current" : undefined}>
      <span className="path-year">{step.year ?? "n.d."}</span>
      <button type="button" className="link-button" onClick={() => onSelect(step)}>
        {displayTitle(step)}
      </button>
      <span
        className="spc"
        title={
          first
            ? "The oldest paper of the path"
            : `Search path count ${exactCount(step.spcExact)}: of the scope's ${exactCount(totalPaths)} source-to-sink citation chains, this many pass through the citation leading here`
        }
      >
        {first ? "start" : `${shareOf(step.spcExact, totalPaths)} of chains`}
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
  const { path, totalPaths } = mainPath.data;
  if (path.length === 0) {
    return (
      <p className="no-chain" role="status">
        No citation chain in this scope: no paper here builds on another.
      </p>
    );
  }
  const report = keyRoutes > 0 ? keyRouteReport(mainPath.data) : null;
  const routes = report?.routes ?? [];
  const citations = path.length - 1;
  return (
    <div>
      <p className="muted">{plural(path.length, "paper", "papers")}, oldest first, each built on by the next.</p>
      <p
        className="muted path-weight"
        title={`A citation's search path count (SPC) is how many of the scope's ${exactCount(totalPaths)} source-to-sink citation chains pass through it; the main path is the chain whose citations' counts add up to the most: ${exactCount(mainPath.data.weightExact)}.`}
      >
        Each step: the share of the scope&rsquo;s {readableCount(totalPaths)} source-to-sink citation chains that pass through the citation leading to it. The main path is the chain whose{" "}
        {plural(citations, "citation", "citations")} carry the most chains together (path weight {readableCount(mainPath.data.weightExact)}
        {citations > 0 ? `, ${shareOf((BigInt(mainPath.data.weightExact) / BigInt(citations)).toString(), totalPaths)} a citation on average` : ""}).{" "}
      </p>
      <ol className="path-list main-path-list" aria-label="Main path">
        {path.map((step, i) => (
          <StepItem key={step.id} step={step} first={i === 0} last={i === path.length - 1} selected={selected === step.id} totalPaths={totalPaths} onSelect={onSelect} />
        ))}
      </ol>
      {keyRoutes > 0 && report && (
        <>
          <h3>Key routes</h3>
          <p className="muted key-route-summary" role="status">
            {keyRouteSummary(keyRoutes, report)}
          </p>
          {routes.map((route, r) => (
            <details key={route.path.map((s) => s.id).join("|")} className="key-route" open={routes.length <= 2}>
              <summary>
                Key route {r + 1}: {plural(route.path.length, "paper", "papers")}, around a citation that {shareOf(route.links[0]?.spcExact ?? "0", totalPaths)} of chains pass through (key citation{" "}
                {route.links.map((l) => l.rank).join(", ")})
              </summary>
              <ol className="path-list key-route-list" aria-label={`Key route ${r + 1}`}>
                {route.path.map((step, i) => (
                  <StepItem key={step.id} step={step} first={i === 0} last={i === route.path.length - 1} selected={selected === step.id} totalPaths={totalPaths} onSelect={onSelect} />
                ))}
              </ol>
            </details>
          ))}
        </>
      )}
    </div>
  );
}

function ranks(list: readonly number[]): string {
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/**
 * Why K key routes asked for may show fewer: "Key routes follow the 3 citations of highest SPC.
 * Citations 1 and 3 lie on the main path, so their routes are the main path: 1 other route."
 */
export function keyRouteSummary(asked: number, report: KeyRouteReport): string {
  const { routes, alongMainPath, repeats, citations } = report;
  const parts: string[] = [];
  parts.push(
    citations < asked
      ? `This scope has ${plural(citations, "citation", "citations")} to build key routes round, fewer than the ${asked} asked for.`
      : `Key routes follow the ${asked === 1 ? "citation" : `${asked} citations`} of highest SPC.`,
  );
  if (alongMainPath.length > 0) {
    const one = alongMainPath.length === 1;
    parts.push(`${one ? "Citation" : "Citations"} ${ranks(alongMainPath)} ${one ? "lies" : "lie"} on the main path, so ${one ? "its route is" : "their routes are"} the main path.`);
  }
  if (repeats.length > 0) {
    const one = repeats.length === 1;
    parts.push(`${one ? "Citation" : "Citations"} ${ranks(repeats.map((r) => r.rank))} ${one ? "leads" : "lead"} to a route shown already.`);
  }
  parts.push(routes.length === 0 ? "No other route." : `${plural(routes.length, "route", "routes")} besides the main path:`);
  return parts.join(" ");
}
