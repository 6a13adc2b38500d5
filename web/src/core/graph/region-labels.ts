/**
 * The regions' names on the map (regions.ts): at the overview each region is named at its
 * deepest point, the largest first, each only where it overlaps no label placed before it and
 * fits on the canvas (label-placement.ts), so names never pile up in the centre; a name with no
 * room at its spot tries a little above and below it, and one at the canvas' edge moves inward
 * as far as it still spans its spot. Close in (the camera's ratio under
 * NAMES_FROM), the papers' own labels take over and regions go unnamed. Drawn as canvas text with
 * a white halo, in the region's colour darkened for contrast: never parsed as markup.
 */
import type { Box, LabelPlacer } from "./label-placement.ts";
import type { Region } from "./regions.ts";

/** Regions are named while the camera's ratio is at least this (1: the whole graph). */
export const NAMES_FROM = 0.3;
export const REGION_FONT_SIZE = 14;
export const REGION_FONT = `700 ${REGION_FONT_SIZE}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;

export interface PlacedRegionLabel {
  key: string;
  text: string;
  color: string;
  /** Text centre and baseline, in viewport pixels. */
  x: number;
  baseline: number;
  box: Box;
}

/** A colour darkened toward black by `amount` (0..1), for text on a tint of itself. */
export function darker(color: string, amount = 0.35): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m?.[1]) return color;
  const hex = m[1];
  return `#${[0, 2, 4]
    .map((i) =>
      Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Places the regions' names (largest region first); returns those that found room. */
export function placeRegionLabels(
  regions: readonly Region[],
  toViewport: (p: { x: number; y: number }) => { x: number; y: number },
  measure: (text: string) => number,
  placer: LabelPlacer,
): PlacedRegionLabel[] {
  const placed: PlacedRegionLabel[] = [];
  const h = REGION_FONT_SIZE + 4;
  for (const region of regions) {
    const text = region.label;
    if (!text) continue;
    const width = measure(text) + 6;
    const at = toViewport(region.anchor);
    for (const dy of [0, -h, h, -2 * h, 2 * h]) {
      // Near the canvas' edge a name moves inward, as long as it still spans its spot.
      const box = placer.shiftedInside({ x: at.x - width / 2, y: at.y + dy - h / 2, width, height: h }, width / 2 - 3);
      if (!placer.free(box)) continue;
      placer.occupy(box);
      placed.push({ key: region.key, text, color: darker(region.color), x: box.x + width / 2, baseline: at.y + dy + REGION_FONT_SIZE / 3, box });
      break;
    }
  }
  return placed;
}

/** Draws placed names with a white halo (the labels canvas, after sigma's own labels). */
export function drawRegionLabels(context: CanvasRenderingContext2D, labels: readonly PlacedRegionLabel[], alpha = 1): void {
  context.save();
  context.font = REGION_FONT;
  context.textAlign = "center";
  context.lineJoin = "round";
  context.globalAlpha = alpha;
  for (const l of labels) {
    context.strokeStyle = "rgba(255, 255, 255, 0.9)";
    context.lineWidth = 4;
    context.strokeText(l.text, l.x, l.baseline);
    context.fillStyle = l.color;
    context.fillText(l.text, l.x, l.baseline);
  }
  context.restore();
}
