/**
 * The WebGL graph: one sigma renderer over one graphology instance for the life of the page (both
 * created once; react-sigma kills sigma on unmount), with small controller components inside the
 * container for data and layout, pointer events, what is drawn (emphasis, filters, reading-list
 * marks), labels, camera, the cluster labels and the timeline's axes. The whole graph is loaded
 * once; the filters hide papers in the browser, and the counts left are reported up.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { ControlsContainer, SigmaContainer, ZoomControl } from "@react-sigma/core";
import "@react-sigma/core/lib/style.css";
import type { Settings } from "sigma/settings";
import type { GraphColumns } from "../core/graph/graph-columns.ts";
import type { GraphLayout } from "../core/explorer/types.ts";
import { createCitationGraph, noLinks, type CitationEdgeAttributes, type CitationNodeAttributes, type LinkGraph, type LoadReport } from "../core/graph/citation-graph.ts";
import { EDGE_COLOR, LIBRARY_RING_COLOR, type DisplayModel } from "../core/graph/display.ts";
import { hiddenByLibrary, type LibraryFilter, type LibraryIndex } from "../core/library/index.ts";
import { computeEmphasis, type EmphasisInput } from "../core/graph/emphasis.ts";
import { hiddenPapers, mapCounts, type MapCounts, type MapFilters } from "../core/graph/map-filters.ts";
import { citationsNote, citationsOnShow, shownEdges } from "../core/graph/edge-budget.ts";
import type { TimelineY } from "../core/graph/timeline.ts";
import { routePapers, type Route } from "../core/lineage/main-path.ts";
import { CameraController } from "../components/graph/CameraController.tsx";
import { MapRegions } from "../components/graph/MapRegions.tsx";
import { MapExport } from "../components/graph/MapExport.tsx";
import type { LegendEntry } from "../core/graph/map-image.ts";
import { MARK_COLOR } from "../core/graph/node-labels.ts";
import type { Region } from "../core/graph/regions.ts";
import { traceRegions } from "../core/graph/trace-regions.ts";
import { groupedPoints, regionGroups } from "../core/graph/map-groups.ts";
import { GraphDataController, type LoadedGraph } from "../components/graph/GraphDataController.tsx";
import { GraphDisplayController } from "../components/graph/GraphDisplayController.tsx";
import { GraphEventsController } from "../components/graph/GraphEventsController.tsx";
import { LabelController, emptyFrameRecord } from "../components/graph/LabelController.tsx";
import { YearAxis } from "../components/graph/YearAxis.tsx";
import { RendererController } from "../components/graph/RendererController.tsx";
import { mapEdgePrograms, mapNodePrograms } from "../core/graph/sigma-programs.ts";
import { warmUpWebGL } from "../core/graph/webgl-warmup.ts";

/** Fixed settings (a stable object: react-sigma recreates sigma when its settings prop changes). */
const SETTINGS: Partial<Settings<CitationNodeAttributes, CitationEdgeAttributes>> = {
  defaultEdgeColor: EDGE_COLOR,
  defaultEdgeType: "arrow",
  labelFont: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  labelSize: 12,
  labelWeight: "500",
  labelColor: { color: "#1f2933" },
  labelDensity: 0.35,
  labelGridCellSize: 180,
  labelRenderedSizeThreshold: 8,
  zIndex: true,
  minCameraRatio: 0.01,
  maxCameraRatio: 3,
  stagePadding: 24,
  // A render while the canvas has no size yet (the empty state giving way to a newly built
  // collection, a refresh during a layout change) draws nothing instead of throwing: every render
  // measures the container again, so the next one draws at the real size.
  allowInvalidContainer: true,
  // Papers drawn once per frame (picked from their positions: RendererController), a library
  // paper ringed; a large map's citations as lines (sigma-programs.ts, compiled early by the
  // warm-up worker).
  nodeProgramClasses: mapNodePrograms<CitationNodeAttributes, CitationEdgeAttributes>(),
  edgeProgramClasses: mapEdgePrograms<CitationNodeAttributes, CitationEdgeAttributes>(),
};

/**
 * Hover emphasis re-reduces every paper and citation; above this size that costs a visible pause,
 * so large graphs show only sigma's own hover label and keep emphasis for clicks.
 */
const HOVER_EMPHASIS_MAX = { nodes: 5_000, edges: 25_000 };

const NO_MARKS: ReadonlyMap<string, number> = new Map();

export interface GraphViewProps {
  data: GraphColumns | null;
  layout: GraphLayout;
  /** What the timeline's y axis shows. */
  timelineY?: TimelineY;
  filters: MapFilters;
  selected: string | null;
  highlighted: ReadonlySet<string> | null;
  pathChains: readonly (readonly string[])[] | null;
  currentChain: number;
  /** The lineage view's main path and key routes, oldest first (null outside that view). */
  lineage?: readonly Route[] | null;
  /** Reading-list papers (graph keys) and their positions on the list. */
  marks?: ReadonlyMap<string, number>;
  /** Colours of the directions, for their cluster labels. */
  directionColors?: ReadonlyMap<string, string>;
  /** Changes when the camera should return to the whole graph (Esc). */
  resetCamera?: number;
  /** Papers to frame once, whenever `token` changes (the reading list's "Show on map"). */
  frameRequest?: { keys: readonly string[]; token: number };
  /** The title of an image of the map (the collection's name). */
  imageTitle?: string;
  /** The researcher's library: its papers ringed, and the map's filter on it. */
  library?: { index: LibraryIndex | null; filter: LibraryFilter };
  onSelectNode: (key: string, attributes: CitationNodeAttributes) => void;
  onLoaded?: (report: LoadReport) => void;
  /** What the filters leave on the map, whenever that changes. */
  onCounts?: (counts: MapCounts) => void;
}

const NO_COLORS: ReadonlyMap<string, string> = new Map();
const NO_REGIONS: Region[] = [];
/** The colour of papers of no labelled community, when the graph does not say. */
const OTHER_COLOR = "#8fa1b3";

export function GraphView(props: GraphViewProps) {
  const { data, layout, timelineY = "layout", filters, selected, highlighted, pathChains, currentChain, lineage = null, onSelectNode, onLoaded, onCounts } = props;
  const { marks = NO_MARKS, directionColors = NO_COLORS, resetCamera = 0, library, imageTitle = "Lineage" } = props;
  const [graph] = useState(createCitationGraph);
  // Sigma creates its WebGL contexts when it mounts: after the browser has set WebGL up off the
  // main thread (webgl-warmup.ts).
  const [webglReady, setWebglReady] = useState(false);
  useEffect(() => {
    let live = true;
    void warmUpWebGL().then(() => live && setWebglReady(true));
    return () => {
      live = false;
    };
  }, []);
  const [hovered, setHovered] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<{ version: number; small: boolean; links: LinkGraph; overview: readonly string[] }>(() => ({ version: 0, small: true, links: noLinks(), overview: [] }));
  const { version: graphVersion, links, overview } = loaded;

  const handleLoaded = useCallback(
    ({ report, links: all, overview: shown }: LoadedGraph) => {
      const small = report.nodes <= HOVER_EMPHASIS_MAX.nodes && report.edges <= HOVER_EMPHASIS_MAX.edges;
      setLoaded((v) => ({ version: v.version + 1, small, links: all, overview: shown }));
      onLoaded?.(report);
    },
    [onLoaded],
  );

  const hoverEmphasis = loaded.small ? hovered : null;
  const emphasisInput = useMemo<EmphasisInput>(
    () => ({ hovered: hoverEmphasis, selected, highlighted, path: pathChains ? { chains: pathChains, current: currentChain } : null, lineage }),
    [hoverEmphasis, selected, highlighted, pathChains, currentChain, lineage],
  );
  const emphasis = useMemo(() => computeEmphasis(links, emphasisInput), [links, emphasisInput]);
  const { direction, community, minYear, maxYear, hideStubs } = filters;
  const libraryIndex = library?.index ?? null;
  const libraryFilter = library?.filter ?? "all";
  const hidden = useMemo(() => {
    if (graphVersion < 0) return null;
    const byFilters = hiddenPapers(graph, { direction, community, minYear, maxYear, hideStubs });
    const byLibrary = hiddenByLibrary(graph.nodes(), libraryIndex, libraryFilter);
    if (!byLibrary) return byFilters;
    for (const k of byFilters ?? []) byLibrary.add(k);
    return byLibrary;
  }, [graph, graphVersion, direction, community, minYear, maxYear, hideStubs, libraryIndex, libraryFilter]);
  const libraryPapers = libraryIndex?.papers ?? null;
  // The citations on show: the overview's, or the emphasis' nearest the selection, within budget.
  const edges = useMemo(() => new Set(shownEdges(emphasis, overview).keys), [emphasis, overview]);
  const filtersKey = `${direction}\u0000${community}\u0000${minYear}\u0000${maxYear}\u0000${hideStubs}\u0000${libraryFilter}`;
  const model = useMemo<DisplayModel>(() => ({ emphasis, hidden, marks, edges, library: libraryPapers }), [emphasis, hidden, marks, edges, libraryPapers]);
  const focus = useMemo(() => {
    if (pathChains && pathChains.length > 0) return [...new Set(pathChains.flat())];
    return lineage && lineage.length > 0 ? routePapers(lineage) : null;
  }, [pathChains, lineage]);

  // Citations on show (both papers shown), for the counts and the map's note on what it draws.
  const [onShow, setOnShow] = useState<number | null>(null);
  useEffect(() => {
    if (graphVersion === 0) return;
    // Counting AAN's 95,000 citations is a task of its own, after the one that changed the filter.
    const timer = setTimeout(() => {
      const counts = mapCounts(graph, links, hidden);
      setOnShow(counts.citations);
      onCounts?.(counts);
    }, 0);
    return () => clearTimeout(timer);
  }, [graph, links, graphVersion, hidden, onCounts]);
  const note = useMemo(() => {
    if (graphVersion === 0) return null;
    const drawn = citationsOnShow(edges, links, hidden);
    return citationsNote(drawn, emphasis ? citationsOnShow(emphasis.edges.keys(), links, hidden) : (onShow ?? links.size), emphasis !== null);
  }, [graphVersion, edges, links, hidden, emphasis, onShow]);

  const timeline = layout === "timeline";
  // The clusters as regions, from the papers on show (a hidden cluster has none), on the force
  // layout only: traced off the main thread (trace-regions.ts) after the graph loads or the
  // filters change; the regions of the moment stay until the new ones come.
  const communities = data?.attributes?.communities;
  const otherColor = data?.attributes?.otherCommunityColor ?? OTHER_COLOR;
  const [traced, setTraced] = useState<Region[]>(NO_REGIONS);
  useEffect(() => {
    if (timeline || graphVersion === 0) return;
    const names = { directionColors, communities: communities ?? [], otherColor };
    const abort = new AbortController();
    traceRegions(groupedPoints(graph, links, hidden, names), regionGroups(names), abort.signal).then(setTraced, (err: unknown) => {
      if ((err as Error).name !== "AbortError") throw err;
    });
    return () => abort.abort();
  }, [graph, graphVersion, hidden, communities, directionColors, timeline, links, otherColor]);
  const regions = timeline || graphVersion === 0 ? NO_REGIONS : traced;
  // What each frame drew in labels, and the legend of an image of the map: the regions on show
  // under their full names, then the rings.
  const [frame] = useState(emptyFrameRecord);
  const legend = useMemo<LegendEntry[]>(() => {
    const names = new Map((communities ?? []).map((c) => [`c:${c.id}`, c.label]));
    const entries = regions.map((r) => ({ color: r.color, label: names.get(r.key) ?? r.label }));
    if (libraryPapers && libraryPapers.size > 0) entries.push({ color: LIBRARY_RING_COLOR, label: "Ringed: in your library" });
    if (marks.size > 0) entries.push({ color: MARK_COLOR, label: "Ringed and numbered: on your reading list" });
    return entries;
  }, [regions, communities, libraryPapers, marks]);
  if (!webglReady) return <div className="graph-canvas" aria-busy="true" />;
  return (
    <SigmaContainer<CitationNodeAttributes, CitationEdgeAttributes> graph={graph} settings={SETTINGS} className="graph-canvas">
      <RendererController />
      <GraphDataController data={data} layout={layout} timelineY={timelineY} onLoaded={handleLoaded} />
      <GraphEventsController onClickNode={onSelectNode} onHover={setHovered} />
      <GraphDisplayController model={model} graphVersion={graphVersion} links={links} />
      <LabelController selected={selected} primary={emphasis?.primary ?? null} marked={marks} regions={regions} faint={emphasis !== null} frame={frame} />
      <CameraController selected={selected} focus={focus} frameRequest={props.frameRequest} graphVersion={graphVersion} resetToken={resetCamera} hidden={hidden} filtersKey={filtersKey} />
      <MapRegions regions={regions} faint={emphasis !== null} />
      {timeline && <YearAxis graphVersion={graphVersion} y={timelineY} />}
      {note && (
        <p className="map-note" data-map-obstacle="">
          {note}
        </p>
      )}
      {graphVersion > 0 && <MapExport frame={frame} regions={regions} faint={emphasis !== null} legend={legend} title={imageTitle} />}
      <ControlsContainer position="bottom-right">
        <ZoomControl />
      </ControlsContainer>
    </SigmaContainer>
  );
}
