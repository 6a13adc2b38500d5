/**
 * How a large map draws its citations (issue 25): each as a one-pixel line (`gl.LINES`), and the
 * few drawn thick (an influence path's, the main path's) as rectangles over their lines. Sigma's
 * own "line" program draws every citation as a rectangle of two triangles, and a software
 * renderer (SwiftShader: VMs, remote desktops, headless Chromium) pays for each triangle it sets
 * up, hidden ones (all vertices at one point) included, while lines cost little and hidden lines
 * almost nothing: a frame of a large map was mostly its citations' triangles (BENCHMARKS.md, issue
 * 25). Sigma's rectangles are at least 1.7 pixels wide, so the thin citations look much the same.
 * The rectangles' program keeps only the thick citations: sigma hands it every citation it
 * holds (at its offset in sigma's order), and it packs those to draw before each frame.
 */
import type { Attributes } from "graphology-types";
import { EdgeLineProgram, EdgeRectangleProgram, createEdgeCompoundProgram, type EdgeProgramType } from "sigma/rendering";
import type { EdgeDisplayData, NodeDisplayData, RenderParams } from "sigma/types";

/** Citations drawn at least this thick get a rectangle over their line. */
export const THICK_EDGE_SIZE = 2;

/** Sigma's rectangles, for the thick citations only. */
export class ThickEdgeRectangles<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes> extends EdgeRectangleProgram<N, E, G> {
  /** Each thick citation's instance data, by its offset in sigma's order. */
  private readonly thick = new Map<number, Float32Array>();
  private packed = true;

  /** Sigma is about to hand every citation again, at new offsets. */
  override reallocate(_capacity: number): void {
    this.thick.clear();
    this.packed = false;
  }

  override process(edgeIndex: number, offset: number, sourceData: NodeDisplayData, targetData: NodeDisplayData, data: EdgeDisplayData): void {
    if (data.hidden || sourceData.hidden || targetData.hidden || data.size < THICK_EDGE_SIZE) {
      if (this.thick.delete(offset)) this.packed = false;
      return;
    }
    const item = new Float32Array(this.STRIDE);
    const array = this.array;
    this.array = item;
    try {
      super.process(edgeIndex, 0, sourceData, targetData, data);
    } finally {
      this.array = array;
    }
    this.thick.set(offset, item);
    this.packed = false;
  }

  override render(params: RenderParams): void {
    if (!this.packed) {
      super.reallocate(this.thick.size);
      let at = 0;
      for (const item of this.thick.values()) {
        this.array.set(item, at);
        at += this.STRIDE;
      }
      this.packed = true;
    }
    super.render(params);
  }
}

/** Every citation as a line, the thick ones with a rectangle over it. */
export function citationLines<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes>(): EdgeProgramType<N, E, G> {
  return createEdgeCompoundProgram<N, E, G>([EdgeLineProgram<N, E, G>, ThickEdgeRectangles<N, E, G>]);
}
