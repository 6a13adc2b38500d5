/**
 * How sigma draws a paper's label (its `defaultDrawNodeLabel` setting) and a highlighted or
 * hovered paper's boxed label (`defaultDrawNodeHover`): each placed by the frame's LabelPlacer so
 * labels do not overlap where they can avoid it, and, for a paper on the reading list, a ring
 * round the paper with its number on the list. Highlighted papers (the selected one, a path's,
 * a main path's) are placed before the others, in the hover layer, boxed; those that find no room
 * keep their halo without a label. Canvas text only: titles are never parsed as markup.
 */
import type { NodeHoverDrawingFunction, NodeLabelDrawingFunction } from "sigma/rendering";
import { markBadge, placementAt, type LabelPlacer } from "./label-placement.ts";
import type { MarkedNodeData } from "./display.ts";

export const MARK_COLOR = "#1d4ed8";

type Settings = Parameters<NodeLabelDrawingFunction>[2];

export function labelFont(settings: Pick<Settings, "labelWeight" | "labelSize" | "labelFont">): string {
  return `${settings.labelWeight} ${settings.labelSize}px ${settings.labelFont}`;
}

/** Text widths by font and text: labels are measured once, not every frame. */
export class TextWidths {
  private readonly widths = new Map<string, number>();

  measure(context: CanvasRenderingContext2D, font: string, text: string): number {
    const key = `${font}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      context.font = font;
      width = context.measureText(text).width;
      if (this.widths.size > 50_000) this.widths.clear();
      this.widths.set(key, width);
    }
    return width;
  }
}

/** The ring and number of a paper on the reading list. */
export function drawMark(context: CanvasRenderingContext2D, x: number, y: number, size: number, mark: number): void {
  context.save();
  context.strokeStyle = MARK_COLOR;
  context.lineWidth = 2;
  context.beginPath();
  context.arc(x, y, size + 3, 0, Math.PI * 2);
  context.stroke();
  const { x: bx, y: by, r } = markBadge(x, y, size, mark);
  const text = String(mark);
  context.fillStyle = MARK_COLOR;
  context.beginPath();
  context.arc(bx, by, r, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = "#ffffff";
  context.font = `700 ${text.length > 1 ? 8 : 9}px system-ui, sans-serif`;
  context.textAlign = "center";
  context.fillText(text, bx, by + 3);
  context.restore();
}

export function createLabelDrawer(placer: LabelPlacer, widths: TextWidths): NodeLabelDrawingFunction {
  return (context, data, settings) => {
    const { mark } = data as typeof data & MarkedNodeData;
    if (mark !== undefined) {
      drawMark(context, data.x, data.y, data.size, mark);
      placer.drawn.marks.push({ x: data.x, y: data.y, size: data.size, mark });
    }
    if (!data.label) return;
    const font = labelFont(settings);
    const width = widths.measure(context, font, data.label);
    // The hover layer draws a highlighted paper's label, boxed (see the hover drawer).
    if (data.highlighted) return;
    const place = placer.place(data.key, data.x, data.y, data.size, width, settings.labelSize);
    if (!place) return;
    context.font = font;
    context.fillStyle = settings.labelColor.attribute ? String(data[settings.labelColor.attribute as keyof typeof data] ?? settings.labelColor.color ?? "#000") : (settings.labelColor.color ?? "#000");
    context.fillText(data.label, place.textX, place.baseline);
    placer.drawn.labels.push({ text: data.label, x: place.textX, baseline: place.baseline, boxed: false, box: place.box });
  };
}

/**
 * The hover layer's drawing of a paper: a white halo, and its label boxed where the placer put it
 * (at the right for the paper under the pointer, which the placer did not see coming).
 */
export function createHoverDrawer(placer: LabelPlacer, widths: TextWidths): NodeHoverDrawingFunction {
  return (context, data, settings) => {
    const font = labelFont(settings);
    context.save();
    context.fillStyle = "#ffffff";
    context.shadowColor = "#000000";
    context.shadowBlur = 8;
    context.beginPath();
    context.arc(data.x, data.y, data.size + 2, 0, Math.PI * 2);
    context.fill();
    // The hover layer is also redrawn between frames (on hover): a reservation made for another
    // camera position no longer fits, and the label goes at the right.
    const reserved = placer.reservation(data.key);
    const current = reserved === undefined || (reserved !== null && Math.hypot(reserved.anchor.x - data.x, reserved.anchor.y - data.y) > 0.5) ? undefined : reserved;
    const place = !data.label ? null : current !== undefined ? current : placementAt("right", data.x, data.y, data.size, widths.measure(context, font, data.label), settings.labelSize);
    if (place && data.label) {
      const { box } = place;
      context.fillRect(box.x, box.y, box.width, box.height);
      context.shadowBlur = 0;
      context.fillStyle = settings.labelColor.color ?? "#000";
      context.font = font;
      context.fillText(data.label, place.textX, place.baseline);
      placer.drawn.labels.push({ text: data.label, x: place.textX, baseline: place.baseline, boxed: true, box });
    }
    context.restore();
    // The halo covers the label layer's ring: a paper on the reading list gets it again on top.
    const { mark } = data as typeof data & MarkedNodeData;
    if (mark !== undefined) drawMark(context, data.x, data.y, data.size, mark);
  };
}
