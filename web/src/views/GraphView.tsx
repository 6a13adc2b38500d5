/**
 * The WebGL graph: one sigma renderer over one graphology instance for the life of the page (both
 * created once; react-sigma kills sigma on unmount), with small controller components inside the
 * container for data, layout, pointer events, emphasis, camera and the timeline's year axis.
 */
import { useCallback, useMemo, useState } from "react";
import { ControlsContainer, SigmaContainer, ZoomControl } from "@react-sigma/core";
import "@react-sigma/core/lib/style.css";
import type { Settings } from "sigma/settings";
import type { GraphPayload } from "../core/api/types.ts";
import type { GraphLayout } from "../core/explorer/types.ts";
import { createCitationGraph, type CitationEdgeAttributes, type CitationNodeAttributes, type LoadReport } from "../core/graph/citation-graph.ts";
import { EDGE_COLOR, type EmphasisInput } from "../core/graph/emphasis.ts";
import { routePapers, type Route } from "../core/lineage/main-path.ts";
import { CameraController } from "../components/graph/CameraController.tsx";
import { GraphDataController } from "../components/graph/GraphDataController.tsx";
import { GraphEmphasisController } from "../components/graph/GraphEmphasisController.tsx";
import { GraphEventsController } from "../components/graph/GraphEventsController.tsx";
import { YearAxis } from "../components/graph/YearAxis.tsx";

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
};

/**
 * Hover emphasis re-reduces every paper and citation; above this size that costs a visible pause,
 * so large graphs show only sigma's own hover label and keep emphasis for clicks.
 */
const HOVER_EMPHASIS_MAX = { nodes: 5_000, edges: 25_000 };

export interface GraphViewProps {
  data: GraphPayload | null;
  layout: GraphLayout;
  selected: string | null;
  highlighted: ReadonlySet<string> | null;
  pathChains: readonly (readonly string[])[] | null;
  currentChain: number;
  /** The lineage view's main path and key routes, oldest first (null outside that view). */
  lineage?: readonly Route[] | null;
  onSelectNode: (key: string, attributes: CitationNodeAttributes) => void;
  onLoaded?: (report: LoadReport) => void;
}

export function GraphView({ data, layout, selected, highlighted, pathChains, currentChain, lineage = null, onSelectNode, onLoaded }: GraphViewProps) {
  const [graph] = useState(createCitationGraph);
  const [hovered, setHovered] = useState<string | null>(null);
  const [loaded, setLoaded] = useState({ version: 0, small: true });
  const graphVersion = loaded.version;

  const handleLoaded = useCallback(
    (report: LoadReport) => {
      const small = report.nodes <= HOVER_EMPHASIS_MAX.nodes && report.edges <= HOVER_EMPHASIS_MAX.edges;
      setLoaded((v) => ({ version: v.version + 1, small }));
      onLoaded?.(report);
    },
    [onLoaded],
  );

  const hoverEmphasis = loaded.small ? hovered : null;
  const emphasisInput = useMemo<EmphasisInput>(
    () => ({ hovered: hoverEmphasis, selected, highlighted, path: pathChains ? { chains: pathChains, current: currentChain } : null, lineage }),
    [hoverEmphasis, selected, highlighted, pathChains, currentChain, lineage],
  );
  const focus = useMemo(() => {
    if (pathChains && pathChains.length > 0) return [...new Set(pathChains.flat())];
    return lineage && lineage.length > 0 ? routePapers(lineage) : null;
  }, [pathChains, lineage]);

  return (
    <SigmaContainer<CitationNodeAttributes, CitationEdgeAttributes> graph={graph} settings={SETTINGS} className="graph-canvas">
      <GraphDataController data={data} layout={layout} onLoaded={handleLoaded} />
      <GraphEventsController onClickNode={onSelectNode} onHover={setHovered} />
      <GraphEmphasisController input={emphasisInput} graphVersion={graphVersion} />
      <CameraController selected={selected} focus={focus} graphVersion={graphVersion} />
      {layout === "timeline" && <YearAxis graphVersion={graphVersion} />}
      <ControlsContainer position="bottom-right">
        <ZoomControl />
      </ControlsContainer>
    </SigmaContainer>
  );
}
