/**
 * The map as an image (issue 25): two buttons over the map that save the current view, as SVG
 * or PNG, with a legend of the colours on show under it. The scene is read from the frame on
 * screen: the papers and citations sigma draws (its display data after the reducers, so what the
 * filters hide and the edge budget leaves out are left out here too), the regions with the
 * strengths MapRegions drew them at, and the labels, names and reading-list rings exactly where
 * the frame placed them (LabelController's record). The SVG is core/graph/map-image.ts'; the PNG
 * is that SVG rasterised at twice the screen's size, so both show the same papers. The
 * container's `data-exported` says what the last export held ("svg 1504 papers"), for the
 * browser tests.
 */
import { useState } from "react";
import { useSigma } from "@react-sigma/core";
import type Sigma from "sigma";
import { legendHeight, mapSvg, type LegendEntry, type MapScene, type SceneCitation, type ScenePaper } from "../../core/graph/map-image.ts";
import { LIBRARY_NODE_TYPE } from "../../core/graph/display.ts";
import type { Region } from "../../core/graph/regions.ts";
import type { FrameRecord } from "./LabelController.tsx";
import { regionAlpha } from "./MapRegions.tsx";

export interface MapExportProps {
  frame: FrameRecord;
  regions: readonly Region[];
  faint: boolean;
  legend: readonly LegendEntry[];
  title: string;
}

/** The scene of the frame on screen. */
export function sceneOf(sigma: Sigma, props: MapExportProps): MapScene {
  const { width, height } = sigma.getDimensions();
  const cameraState = sigma.getCamera().getState();
  const margin = 20;
  const onScreen = (p: { x: number; y: number }) => p.x >= -margin && p.y >= -margin && p.x <= width + margin && p.y <= height + margin;
  const papers: ScenePaper[] = [];
  const graph = sigma.getGraph();
  graph.forEachNode((key) => {
    const d = sigma.getNodeDisplayData(key);
    if (!d || d.hidden) return;
    const v = sigma.framedGraphToViewport(d, { cameraState });
    if (!onScreen(v)) return;
    papers.push({ key, x: v.x, y: v.y, r: sigma.scaleSize(d.size, cameraState.ratio), color: d.color, ringed: d.type === LIBRARY_NODE_TYPE });
  });
  // Drawn in sigma's order: papers with a higher zIndex on top.
  const citations: SceneCitation[] = [];
  graph.forEachEdge((edge, _a, source, target) => {
    const e = sigma.getEdgeDisplayData(edge);
    const s = sigma.getNodeDisplayData(source);
    const t = sigma.getNodeDisplayData(target);
    if (!e || e.hidden || !s || !t || s.hidden || t.hidden) return;
    const a = sigma.framedGraphToViewport(s, { cameraState });
    const b = sigma.framedGraphToViewport(t, { cameraState });
    if (!onScreen(a) && !onScreen(b)) return;
    citations.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, color: e.color, width: Math.max(0.5, sigma.scaleSize(e.size, cameraState.ratio)) });
  });
  const alpha = regionAlpha(cameraState.ratio, props.faint);
  const regions = props.regions.map((r) => ({ color: r.color, rings: r.rings.map((ring) => ring.map((p) => sigma.graphToViewport(p))), fill: alpha.fill, stroke: alpha.stroke }));
  const settings = sigma.getSettings();
  return {
    width,
    height,
    title: props.title,
    regions,
    citations,
    papers,
    labels: [...props.frame.labels],
    regionNames: [...props.frame.regionNames],
    marks: [...props.frame.marks],
    legend: [...props.legend],
    labelFont: `${settings.labelWeight} ${settings.labelSize}px ${settings.labelFont}`,
  };
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The SVG (legend and all) rasterised at `scale` times its size. */
async function pngOf(svg: string, scene: MapScene, scale: number): Promise<Blob> {
  // A data: URL: the page's Content-Security-Policy takes images from itself and data: only.
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  const total = scene.height + legendHeight(scene.legend.length);
  canvas.width = Math.round(scene.width * scale);
  canvas.height = Math.round(total * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("map image: no 2D canvas to draw the PNG on");
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, scene.width, total);
  return await new Promise<Blob>((done, fail) => canvas.toBlob((b) => (b ? done(b) : fail(new Error("map image: the PNG could not be encoded"))), "image/png"));
}

export function MapExport(props: MapExportProps) {
  const sigma = useSigma();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportAs = async (kind: "svg" | "png") => {
    setBusy(true);
    setError(null);
    try {
      const scene = sceneOf(sigma, props);
      const svg = mapSvg(scene);
      const blob = kind === "svg" ? new Blob([svg], { type: "image/svg+xml" }) : await pngOf(svg, scene, 2);
      save(blob, `lineage-map.${kind}`);
      sigma.getContainer().dataset.exported = `${kind} ${scene.papers.length} papers`;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="map-export" role="group" aria-label="Save the map as an image" data-map-obstacle="">
      <button type="button" disabled={busy} title="The current view with its legend, as SVG" onClick={() => void exportAs("svg")}>
        SVG
      </button>
      <button type="button" disabled={busy} title="The current view with its legend, as PNG" onClick={() => void exportAs("png")}>
        PNG
      </button>
      {error && (
        <span className="map-export-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
