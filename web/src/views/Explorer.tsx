/**
 * The explorer page: the header (name, counts, search), the toolbar (view, filters), the graph, and
 * the side panels: the influence path, the lineage view's main path, the selected paper and the
 * reading list. State is one reducer (core/explorer) mirrored in the URL; API data is fetched from
 * that state (use-explorer-data.ts) and passed down; the reading list being edited is its own
 * reducer (use-reading-list.ts). It shows one collection (views/ExplorerPage.tsx mounts one per
 * collection): the header switches to another, a collection with no papers shows its empty state
 * instead of the graph, and a new graph it commits is loaded in place (use-shown-collection.ts).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { CollectionSummary, PaperBrief, PaperDetail, SearchHit } from "../core/api/types.ts";
import { explorerReducer, initialState } from "../core/explorer/index.ts";
import { parseView } from "../core/explorer/view-url.ts";
import type { CitationNodeAttributes } from "../core/graph/citation-graph.ts";
import type { MapCounts } from "../core/graph/map-filters.ts";
import { MapPapers } from "../core/graph/graph-columns.ts";
import { lineageRoutes } from "../core/lineage/main-path.ts";
import { displayTitle, paperRef } from "../core/paper/format.ts";
import { shareLink } from "../core/reading-list/index.ts";
import type { ReadingItem } from "../core/reading-list/types.ts";
import { CollectionEmptyState } from "../components/CollectionEmptyState.tsx";
import { CollectionSwitch } from "../components/CollectionSwitch.tsx";
import { ErrorBoundary } from "../components/ErrorBoundary.tsx";
import { AddPaperBox } from "../components/grow/AddPaperBox.tsx";
import { ListGrowth } from "../components/grow/ListGrowth.tsx";
import { PaperGrowth } from "../components/grow/PaperGrowth.tsx";
import { FiltersBar } from "../components/FiltersBar.tsx";
import { Legend } from "../components/Legend.tsx";
import { MainPathList } from "../components/MainPathList.tsx";
import { PaperLookup } from "../components/PaperLookup.tsx";
import { PaperPanel } from "../components/PaperPanel.tsx";
import { PathList } from "../components/PathList.tsx";
import { ReadingListPanel } from "../components/ReadingListPanel.tsx";
import { SearchBox, type SearchRequest } from "../components/SearchBox.tsx";
import { useShortcuts } from "../hooks/use-shortcuts.ts";
import { useUrlSync } from "../hooks/use-url-sync.ts";
import { useExplorerData } from "./use-explorer-data.ts";
import { useReadingList } from "./use-reading-list.ts";
import { useLibrary } from "./use-library.ts";
import { LibraryPanel } from "../components/LibraryPanel.tsx";
import { useCollectionFit, useShownCollection } from "./use-shown-collection.ts";
import { GraphView } from "./GraphView.tsx";
import { ReadingListTab } from "../components/ReadingListTab.tsx";
import { formatCount } from "../core/count-format.ts";

function count(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export interface ExplorerProps {
  /** The collection this explorer was mounted for (the URL's when it was). */
  collection?: string | null;
  /** The server's collections, null until known. */
  collections?: readonly CollectionSummary[] | null;
  /** Mounted after a switch from another collection. */
  switched?: boolean;
  onCollectionChange?: (name: string | null) => void;
  refreshCollections?: () => void;
}

export function Explorer({ collection = null, collections = null, switched = false, onCollectionChange, refreshCollections }: ExplorerProps = {}) {
  const [state, dispatch] = useReducer(explorerReducer, undefined, () => initialState(parseView(window.location.search)));
  useUrlSync(state, dispatch);
  const shown = useShownCollection(state, collection, collections, onCollectionChange);
  const searchRef = useRef<HTMLInputElement>(null);
  // Esc clears the selection and returns the camera to the whole graph.
  const [escapes, setEscapes] = useState(0);
  // "Show on map" of the reading list: its papers to frame, and a count that changes on each ask.
  const [listFraming, setListFraming] = useState<{ keys: readonly string[]; token: number }>({ keys: [], token: 0 });
  const onEscape = useCallback(() => {
    dispatch({ type: "escape" });
    setEscapes((n) => n + 1);
  }, []);
  useShortcuts(searchRef, onEscape);
  const [counts, setCounts] = useState<MapCounts | null>(null);

  const data = useExplorerData(state, shown.refreshes, shown.available);
  const { graph, graphData, directions, paper, buildsOn, builtBy, similar, highlighted, highlightSize, path, mainPath, seedLabels } = data;
  const gonePaper = useCollectionFit(state, dispatch, shown.refreshes, switched, directions, paper);
  // An author's name, clicked in a list or a panel, searched in the search box.
  const [searchRequest, setSearchRequest] = useState<SearchRequest | null>(null);
  const searchAuthor = useCallback((name: string) => setSearchRequest((r) => ({ text: name, n: (r?.n ?? 0) + 1 })), []);
  const lineageView = state.mode === "lineage";
  const onListChange = useCallback((name: string | null) => dispatch({ type: "openList", name }), []);
  const reading = useReadingList({ list: state.list, onListChange, direction: state.filters.direction });
  const library = useLibrary(shown.available, shown.refreshes);
  // The panel shows in the lineage view, for a saved list, a list being edited, or once asked for.
  const [readingOpen, setReadingOpen] = useState(() => state.seeds.length > 0);
  // Pressing the reading-list tab brings the panel into view, wherever it is in the sidebar.
  const [readingReveal, setReadingReveal] = useState(0);
  const showReadingList = lineageView || readingOpen || state.list !== null || reading.state.items.length > 0;
  const routes = useMemo(() => (lineageView && mainPath.status === "ready" ? lineageRoutes(mainPath.data) : null), [lineageView, mainPath]);

  const pathKey = state.path ? `${state.path.from}\u0000${state.path.to}\u0000${state.path.mode}` : "";
  const [chainChoice, setChainChoice] = useState({ key: pathKey, index: 0 });
  const chain = chainChoice.key === pathKey ? chainChoice.index : 0;
  const pathChains = useMemo(() => (path.status === "ready" ? path.data.paths.map((p) => p.map((x) => x.id)) : null), [path]);

  const select = useCallback((p: PaperBrief | SearchHit) => dispatch({ type: "select", ref: paperRef(p) }), []);
  const selectRef = useCallback((ref: string) => dispatch({ type: "select", ref }), []);
  const selectNode = useCallback((key: string, a: CitationNodeAttributes) => dispatch({ type: "select", ref: a.arxivId ?? key }), []);
  const selectItem = useCallback((item: ReadingItem) => dispatch({ type: "select", ref: item.arxivId ?? item.aclId ?? item.doi ?? item.id ?? item.ref }), []);
  const toggleSeed = (detail: PaperDetail) => {
    const ref = paperRef(detail);
    const seed = state.seeds.find((s) => s === ref || s === detail.id);
    dispatch(seed ? { type: "removeSeed", ref: seed } : { type: "addSeed", ref });
    setReadingOpen(true);
  };
  const addToReadingList = (detail: PaperDetail) => {
    const { id, title, year, arxivId, doi, aclId } = detail;
    reading.dispatch({ type: "add", item: { ref: paperRef(detail), id, title, year, arxivId, doi, aclId, reason: "", note: "" } });
    setReadingOpen(true);
  };

  const paperDetail = paper.status === "ready" ? paper.data : null;
  useEffect(() => {
    document.title = paperDetail ? `${displayTitle(paperDetail)} · Lineage` : "Lineage";
  }, [paperDetail]);

  const nodes = useMemo(() => (graphData ? new MapPapers(graphData) : null), [graphData]);
  const directionList = useMemo(() => (directions.status === "ready" ? directions.data : []), [directions]);
  const directionColors = useMemo(() => new Map(directionList.map((d) => [d.name, d.color])), [directionList]);
  // The reading list's papers, marked on the graph with their place in it.
  const marks = useMemo(() => {
    const byKey = new Map<string, number>();
    reading.state.items.forEach((item, i) => {
      if (item.id !== null) byKey.set(item.id, i + 1);
    });
    return byKey;
  }, [reading.state.items]);
  const shownOnMap = (id: string): boolean | null => {
    const a = nodes?.get(id);
    if (!nodes) return null;
    if (!a) return false;
    const f = state.filters;
    return (
      !(f.hideStubs && a.stub) &&
      !(f.minYear !== null && (a.year === null || a.year < f.minYear)) &&
      !(f.maxYear !== null && (a.year === null || a.year > f.maxYear)) &&
      !(f.direction !== null && !a.directions.includes(f.direction)) &&
      !(f.community !== null && a.community !== f.community) &&
      !(library.filter !== "all" && (library.index?.papers.has(id) ?? false) === (library.filter === "not"))
    );
  };

  return (
    <div className="app">
      <header className="app-header">
        <h1>Lineage</h1>
        {collections && collections.length > 1 && shown.name !== null && (
          <CollectionSwitch collections={collections} current={shown.name} onSwitch={(name) => dispatch({ type: "switchCollection", name })} />
        )}
        <p className="counts" aria-live="polite">
          {!shown.available
            ? "No papers yet"
            : graphData && counts
              ? `${count(counts.papers, "paper", "papers")} · ${count(counts.citations, "citation", "citations")}${counts.stubs ? ` · ${count(counts.stubs, "known only as a reference", "known only as references")}` : ""}`
              : graph.status === "error"
                ? ""
                : "Loading the graph…"}
        </p>
        <SearchBox ref={searchRef} onSelect={select} request={searchRequest} />
        <AddPaperBox onAdded={selectRef} />
        <ReadingListTab
          papers={reading.state.items.length}
          seeds={state.seeds.length}
          onOpen={() => {
            setReadingOpen(true);
            setReadingReveal((n) => n + 1);
          }}
        />
        {library.index && (
          <button type="button" className="library-button" aria-pressed={library.open} onClick={() => library.setOpen(!library.open)}>
            Your library
          </button>
        )}
      </header>
      <FiltersBar
        filters={state.filters}
        directions={directions}
        layout={state.layout}
        mode={state.mode}
        timelineY={state.timelineY}
        onFilters={(filters) => dispatch({ type: "setFilters", filters })}
        onLayout={(layout) => dispatch({ type: "setLayout", layout })}
        onMode={(mode) => dispatch({ type: "setMode", mode })}
        onTimelineY={(y) => dispatch({ type: "setTimelineY", y })}
      />
      {gonePaper && (
        <p className="banner notice" role="status">
          {gonePaper}
        </p>
      )}
      {graph.status === "error" && (
        <p className="banner error" role="alert">
          Could not load the graph: {graph.error}
        </p>
      )}
      <main className="workspace">
        <div className={(lineageView || state.layout === "timeline") && state.timelineY === "citations" ? "graph-pane with-y-axis" : "graph-pane"} aria-label="Citation graph" role="figure">
          <ErrorBoundary what="Drawing the graph">
            <GraphView
              data={graphData}
              layout={lineageView ? "timeline" : state.layout}
              timelineY={state.timelineY}
              filters={state.filters}
              selected={paperDetail?.id ?? null}
              highlighted={highlighted}
              pathChains={pathChains}
              currentChain={chain}
              lineage={routes}
              marks={marks}
              library={{ index: library.index, filter: library.filter }}
              directionColors={directionColors}
              resetCamera={escapes}
              frameRequest={listFraming}
              imageTitle={shown.name ? `Lineage: ${shown.name}` : "Lineage"}
              onSelectNode={selectNode}
              onCounts={setCounts}
            />
          </ErrorBoundary>
          {shown.summary && !shown.available && <CollectionEmptyState collection={shown.summary} onJobEnd={refreshCollections} />}
          {graphData && shown.available && (
            <Legend
              key={lineageView || state.layout === "timeline" ? "timeline" : "map"}
              // Open on the map whatever its size: its filters (a community, the library) and the
              // reading list's rings are explained there; the camera frames the map beside it.
              defaultOpen={!(lineageView || state.layout === "timeline")}
              directions={directionList}
              communities={graphData.attributes?.communities ?? []}
              otherCommunityColor={graphData.attributes?.otherCommunityColor ?? "#8fa1b3"}
              marked={[...marks.keys()].filter((k) => nodes?.has(k)).length}
              library={library.index ? { count: [...library.index.papers].filter((k) => nodes?.has(k)).length, filter: library.filter, onFilter: library.setFilter } : undefined}
              direction={state.filters.direction}
              community={state.filters.community}
              onDirection={(direction) => dispatch({ type: "setFilters", filters: { direction } })}
              onCommunity={(community) => dispatch({ type: "setFilters", filters: { community } })}
            />
          )}
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
          {lineageView && (
            <MainPathList
              mainPath={mainPath}
              keyRoutes={state.keyRoutes}
              seeds={seedLabels}
              direction={state.filters.direction}
              selected={paperDetail?.id ?? null}
              onKeyRoutes={(keyRoutes) => dispatch({ type: "setKeyRoutes", keyRoutes })}
              onSelect={select}
              onWholeGraph={() => dispatch({ type: "clearSeeds" })}
            />
          )}
          {state.paper && (
            <PaperLookup requested={state.paper} paper={paper} onSelect={select}>
              {(detail) => (
                <PaperPanel
                  paper={detail}
                  buildsOn={buildsOn}
                  builtBy={builtBy}
                  similar={similar}
                  onAuthor={searchAuthor}
                  highlight={state.highlight}
                  highlightSize={highlightSize}
                  inGraph={shownOnMap(detail.id)}
                  pathDraft={state.pathDraft}
                  onSelect={select}
                  onHighlight={(highlight) => dispatch({ type: "setHighlight", highlight })}
                  onPathFrom={() => dispatch({ type: "pathFrom", end: { ref: paperRef(detail), title: displayTitle(detail) } })}
                  onPathTo={() => dispatch({ type: "pathTo", end: { ref: paperRef(detail), title: displayTitle(detail) } })}
                  onClose={() => dispatch({ type: "clearSelection" })}
                  isSeed={state.seeds.includes(paperRef(detail)) || state.seeds.includes(detail.id)}
                  seedCount={state.seeds.length}
                  onToggleSeed={() => toggleSeed(detail)}
                  inReadingList={reading.state.items.some((item) => item.id === detail.id)}
                  onAddToReadingList={() => addToReadingList(detail)}
                  grow={<PaperGrowth paper={detail} onSelect={select} />}
                />
              )}
            </PaperLookup>
          )}
          {library.open && library.index && (
            <LibraryPanel
              library={library.index}
              missing={library.missing}
              onFindMissing={library.findMissing}
              onReadingList={(collection) => {
                setReadingOpen(true);
                void reading.generateFromCollection(collection, 20);
              }}
              onSelect={select}
              onClose={() => library.setOpen(false)}
            />
          )}
          {showReadingList && (
            <ReadingListPanel
              reveal={readingReveal}
              state={reading.state}
              dispatch={reading.dispatch}
              seeds={seedLabels}
              selectedPaper={paperDetail ? { ref: paperRef(paperDetail), title: displayTitle(paperDetail) } : null}
              operation={reading.operation}
              opening={reading.opening}
              savedLists={reading.savedLists}
              shareUrl={reading.state.saved ? shareLink(window.location, reading.state.saved) : null}
              onGenerate={(limit) => {
                const seeds = state.seeds.length > 0 ? state.seeds : paperDetail ? [paperRef(paperDetail)] : [];
                if (seeds.length > 0) void reading.generate(seeds, limit);
              }}
              onRemoveSeed={(ref) => dispatch({ type: "removeSeed", ref })}
              onSave={(name) => void reading.save(name)}
              onOpen={onListChange}
              onDeleteSaved={reading.removeSaved}
              onExport={reading.exportAs}
              onSelect={selectItem}
              onShowOnMap={lineageView ? undefined : () => setListFraming((f) => ({ keys: [...marks.keys()], token: f.token + 1 }))}
              savedListTools={reading.state.saved ? <ListGrowth list={reading.state.saved} onShow={selectRef} /> : null}
              onClose={
                lineageView
                  ? undefined
                  : () => {
                      reading.close();
                      setReadingOpen(false);
                    }
              }
            />
          )}
          {!state.path && !state.paper && !lineageView && !showReadingList && !library.open && (
            <section className="panel welcome" aria-label="Getting started">
              <h2>Explore the citation graph</h2>
              <p>
                Search for a paper (press <kbd>/</kbd>) or click one in the graph. Colour is the paper’s direction, size its citations; a line joins a paper to one it builds on (on smaller maps an
                arrow points to it).
              </p>
              <p>
                In a paper’s panel, highlight what it builds on or what builds on it, or pick two papers with “Path from here” and “Path to here” to see how influence flows between them.{" "}
                <kbd>Esc</kbd> clears the selection. Every view is a link.
              </p>
            </section>
          )}
        </aside>
      </main>
    </div>
  );
}
