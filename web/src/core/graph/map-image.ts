/**
 * An image of the map as the screen shows it (issue 25: what a researcher pastes into a talk):
 * the scene of one frame (the regions, the citations and papers on show, the labels and the
 * reading list's rings as drawn, in viewport pixels) written as a standalone SVG with a legend
 * of the colours on show. Pure: a scene in, SVG text out. Every text is escaped: titles are
 * scraped input and never become markup.
 */
import { MARK_COLOR } from "./node-labels.ts";
import type { DrawnLabel, DrawnMark } from "./label-placement.ts";
import type { PlacedRegionLabel } from "./region-labels.ts";

export interface ScenePaper {
  key: string;
  x: number;
  y: number;
  /** Radius in pixels. */
  r: number;
  color: string;
  /** Ringed as a paper of the researcher's library. */
  ringed: boolean;
}

export interface SceneCitation {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color: string;
  width: number;
}

export interface SceneRegion {
  color: string;
  /** Outlines in viewport pixels. */
  rings: { x: number; y: number }[][];
  fill: number;
  stroke: number;
}

export interface LegendEntry {
  color: string;
  label: string;
}

export interface MapScene {
  width: number;
  height: number;
  title: string;
  regions: SceneRegion[];
  citations: SceneCitation[];
  papers: ScenePaper[];
  labels: DrawnLabel[];
  regionNames: PlacedRegionLabel[];
  marks: DrawnMark[];
  legend: LegendEntry[];
  labelFont: string;
}

/** Text safe inside an XML element or a double-quoted attribute. */
export function xmlText(text: string): string {
  // Characters XML 1.0 forbids are dropped rather than escaped.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

const round = (n: number) => Math.round(n * 10) / 10;
/** A colour as SVG takes it (only what sigma's attributes hold: #hex and rgb[a]()), else grey. */
const colour = (c: string) => (/^(#[0-9a-f]{3,8}|rgba?\([\d.,\s%]+\))$/i.test(c) ? c : "#999999");

/** The legend's height for its entries, in pixels. */
export function legendHeight(entries: number): number {
  return entries === 0 ? 0 : 28 + entries * 18;
}

/** The SVG of a scene, with its legend under the map. */
export function mapSvg(scene: MapScene): string {
  const { width, height } = scene;
  const legendTop = height;
  const total = height + legendHeight(scene.legend.length);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}">`);
  out.push(`<title>${xmlText(scene.title)}</title>`);
  out.push(`<rect width="${width}" height="${total}" fill="#ffffff"/>`);
  out.push(`<defs><clipPath id="map"><rect width="${width}" height="${height}"/></clipPath></defs>`);
  out.push(`<g clip-path="url(#map)">`);
  out.push(`<g class="regions">`);
  for (const r of scene.regions) {
    const d = r.rings.map((ring) => `M${ring.map((p) => `${round(p.x)},${round(p.y)}`).join("L")}Z`).join("");
    if (d) out.push(`<path d="${d}" fill="${colour(r.color)}" fill-opacity="${r.fill}" fill-rule="evenodd" stroke="${colour(r.color)}" stroke-opacity="${r.stroke}" stroke-width="1.5"/>`);
  }
  out.push(`</g><g class="citations">`);
  for (const c of scene.citations) out.push(`<line x1="${round(c.x1)}" y1="${round(c.y1)}" x2="${round(c.x2)}" y2="${round(c.y2)}" stroke="${colour(c.color)}" stroke-width="${round(c.width)}"/>`);
  out.push(`</g><g class="papers">`);
  for (const p of scene.papers) {
    const circle = `<circle data-key="${xmlText(p.key)}" cx="${round(p.x)}" cy="${round(p.y)}" r="${round(Math.max(0.5, p.r))}" fill="${colour(p.color)}"`;
    out.push(p.ringed ? `${circle} stroke="#1f2933" stroke-width="2"/>` : `${circle}/>`);
  }
  out.push(`</g><g class="marks">`);
  for (const m of scene.marks) {
    const bx = m.x + (m.size + 3) * 0.72;
    const by = m.y - (m.size + 3) * 0.72;
    out.push(`<circle cx="${round(m.x)}" cy="${round(m.y)}" r="${round(m.size + 3)}" fill="none" stroke="${MARK_COLOR}" stroke-width="2"/>`);
    out.push(`<circle cx="${round(bx)}" cy="${round(by)}" r="7" fill="${MARK_COLOR}"/>`);
    out.push(`<text x="${round(bx)}" y="${round(by + 3)}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="9" font-weight="700" fill="#ffffff">${m.mark}</text>`);
  }
  out.push(`</g><g class="labels" style="font: ${xmlText(scene.labelFont)}">`);
  const seen = new Set<string>();
  for (const l of scene.labels) {
    const key = `${l.text}\u0000${Math.round(l.x)}\u0000${Math.round(l.baseline)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (l.boxed) out.push(`<rect x="${round(l.box.x)}" y="${round(l.box.y)}" width="${round(l.box.width)}" height="${round(l.box.height)}" fill="#ffffff"/>`);
    out.push(`<text x="${round(l.x)}" y="${round(l.baseline)}" fill="#1f2933">${xmlText(l.text)}</text>`);
  }
  out.push(`</g><g class="region-names" font-family="system-ui, sans-serif" font-size="14" font-weight="700" text-anchor="middle">`);
  for (const n of scene.regionNames) {
    out.push(
      `<text x="${round(n.x)}" y="${round(n.baseline)}" fill="${colour(n.color)}" stroke="#ffffff" stroke-width="4" stroke-opacity="0.9" paint-order="stroke" stroke-linejoin="round">${xmlText(n.text)}</text>`,
    );
  }
  out.push(`</g></g>`);
  if (scene.legend.length > 0) {
    out.push(`<g class="legend" font-family="system-ui, sans-serif" font-size="12" fill="#1f2933">`);
    out.push(`<line x1="0" y1="${legendTop + 0.5}" x2="${width}" y2="${legendTop + 0.5}" stroke="#d9e2ec"/>`);
    out.push(`<text x="12" y="${legendTop + 18}" font-weight="700">${xmlText(scene.title)}</text>`);
    scene.legend.forEach((e, i) => {
      const y = legendTop + 28 + i * 18;
      out.push(`<circle cx="18" cy="${y + 7}" r="5" fill="${colour(e.color)}"/><text x="30" y="${y + 11}">${xmlText(e.label)}</text>`);
    });
    out.push(`</g>`);
  }
  out.push(`</svg>`);
  return out.join("\n");
}
