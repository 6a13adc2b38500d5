/**
 * The explorer page: the header (name, counts, search), the filters, the graph, and the side panels
 * for the selected paper and the influence path. State is one reducer (core/explorer) mirrored in
 * the URL; API data is fetched from that state (use-explorer-data.ts) and passed down.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { PaperBrief, SearchHit } from "../core/api/types.ts";
import { explorerReducer, initialState } from "../core/explorer/index.ts";
import { parseView } from "../core/explorer/view-url.ts";
import type { CitationNodeAttributes } from "../core/graph/citation-graph.ts";
import { displayTitle, paperRef } from "../core/paper/format.ts";
import { ErrorBoundary } from "../components/ErrorBoundary.tsx";
import { FiltersBar } from "../components/FiltersBar.tsx";
import { Legend } from "../components/Legend.tsx";
import { PaperLookup } from "../components/PaperLookup.tsx";
import { PaperPanel } from "../components/PaperPanel.tsx";
import { PathList } from "../components/PathList.tsx";
import { SearchBox } from "../components/SearchBox.tsx";
import { useShortcuts } from "../hooks/use-shortcuts.ts";
import { useUrlSync } from "../hooks/use-url-sync.ts";
import { useExplorerData } from "./use-explorer-data.ts";
import { GraphView } from "./GraphView.tsx";

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

export function Explorer() {
  const [state, dispatch] = useReducer(explorerReducer, undefined, () => initialState(parseView(window.location.search)));
  useUrlSync(state, dispatch);
  const searchRef = useRef<HTMLInputElement>(null);
  const onEscape = useCallback(() => dispatch({ type: "escape" }), []);
  useShortcuts(searchRef, onEscape);

  const data = useExplorerData(state);
  const { graph, graphData, directions, paper, buildsOn, builtBy, highlighted, highlightSize, path } = data;

  const pathKey = state.path ? `${state.path.from}\u0000${state.path.to}\u0000${state.path.mode}` : "";
  const [chainChoice, setChainChoice] = useState({ key: pathKey, index: 0 });
  const chain = chainChoice.key === pathKey ? chainChoice.index : 0;
  const pathChains = useMemo(() => (path.status === "ready" ? path.data.paths.map((p) => p.map((x) => x.id)) : null), [path]);

  const select = useCallback((p: PaperBrief | SearchHit) => dispatch({ type: "select", ref: paperRef(p) }), []);
  const selectNode = useCallback((key: string, a: CitationNodeAttributes) => dispatch({ type: "select", ref: a.arxivId ?? key }), []);

  const paperDetail = paper.status === "ready" ? paper.data : null;
  useEffect(() => {
    document.title = paperDetail ? `${displayTitle(paperDetail)} · Lineage` : "Lineage";
  }, [paperDetail]);

  const nodeKeys = useMemo(() => (graphData ? new Set(graphData.nodes.map((n) => n.key)) : null), [graphData]);
  const stubs = useMemo(() => (graphData ? graphData.nodes.reduce((n, node) => n + (node.attributes.stub ? 1 : 0), 0) : 0), [graphData]);
  const shownDirections = useMemo(() => {
    if (directions.status !== "ready") return [];
    return state.filters.direction ? directions.data.filter((d) => d.name === state.filters.direction) : directions.data;
  }, [directions, state.filters.direction]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Lineage</h1>
        <p className="counts" aria-live="polite">
          {graphData
            ? `${count(graphData.nodes.length, "paper", "papers")} · ${count(graphData.edges.length, "citation", "citations")}${stubs ? ` · ${count(stubs, "known only as a reference", "known only as references")}` : ""}`
            : graph.status === "error"
              ? ""
              : "Loading the graph…"}
          {graphData && graph.status === "loading" ? " · updating…" : ""}
        </p>
        <SearchBox ref={searchRef} onSelect={select} />
      </header>
      <FiltersBar
        filters={state.filters}
        directions={directions}
        layout={state.layout}
        onFilters={(filters) => dispatch({ type: "setFilters", filters })}
        onLayout={(layout) => dispatch({ type: "setLayout", layout })}
      />
      {graph.status === "error" && (
        <p className="banner error" role="alert">
          Could not load the graph: {graph.error}
        </p>
      )}
      <main className="workspace">
        <div className="graph-pane" aria-label="Citation graph" role="figure">
          <ErrorBoundary what="Drawing the graph">
            <GraphView
              data={graphData}
              layout={state.layout}
              selected={paperDetail?.id ?? null}
              highlighted={highlighted}
              pathChains={pathChains}
              currentChain={chain}
              onSelectNode={selectNode}
            />
          </ErrorBoundary>
          <Legend directions={shownDirections} />
        </div>
        <aside className="sidebar" aria-label="Details">
          {state.path && (
            <PathList
              path={path}
              mode={state.path.mode}
              chain={chain}
              onChainChange={(index) => setChainChoice({ key: pathKey, index })}
              onModeChange={(mode) => dispatch({ type: "setPathMode", mode })}
              onSelect={select}
              onSwap={() => dispatch({ type: "swapPath" })}
              onClose={() => dispatch({ type: "clearPath" })}
            />
          )}
          {state.paper && (
            <PaperLookup requested={state.paper} paper={paper} onSelect={select}>
              {(detail) => (
                <PaperPanel
                  paper={detail}
                  buildsOn={buildsOn}
                  builtBy={builtBy}
                  highlight={state.highlight}
                  highlightSize={highlightSize}
                  inGraph={nodeKeys ? nodeKeys.has(detail.id) : null}
                  pathDraft={state.pathDraft}
                  onSelect={select}
                  onHighlight={(highlight) => dispatch({ type: "setHighlight", highlight })}
                  onPathFrom={() => dispatch({ type: "pathFrom", end: { ref: paperRef(detail), title: displayTitle(detail) } })}
                  onPathTo={() => dispatch({ type: "pathTo", end: { ref: paperRef(detail), title: displayTitle(detail) } })}
                  onClose={() => dispatch({ type: "clearSelection" })}
                />
              )}
            </PaperLookup>
          )}
          {!state.path && !state.paper && (
            <section className="panel welcome" aria-label="Getting started">
              <h2>Explore the citation graph</h2>
              <p>
                Search for a paper (press <kbd>/</kbd>) or click one in the graph. Colour is the paper’s direction, size its citations; an
                arrow points from a paper to one it builds on.
              </p>
              <p>
                In a paper’s panel, highlight what it builds on or what builds on it, or pick two papers with “Path from here” and “Path to
                here” to see how influence flows between them. <kbd>Esc</kbd> clears the selection. Every view is a link.
              </p>
            </section>
          )}
        </aside>
      </main>
    </div>
  );
}
