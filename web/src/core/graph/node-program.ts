/**
 * Sigma's disc program for papers, drawn once per frame instead of twice: the second drawing,
 * into the picking framebuffer, only served sigma's pixel-read picking, which the explorer
 * replaces with a grid of positions (node-picker.ts). In software GL that halves the cost of
 * drawing the papers in every frame. `withoutPicking` does the same for any node program (the
 * library's ringed discs).
 */
import type { Attributes } from "graphology-types";
import type Sigma from "sigma";
import { NodeCircleProgram, NodePointProgram, type NodeProgramType } from "sigma/rendering";

export class NodeCircleWithoutPicking<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes> extends NodeCircleProgram<N, E, G> {
  constructor(gl: WebGLRenderingContext | WebGL2RenderingContext, _pickingBuffer: WebGLFramebuffer | null, renderer: Sigma<N, E, G>) {
    super(gl, null, renderer);
  }
}

export class NodePointWithoutPicking<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes> extends NodePointProgram<N, E, G> {
  constructor(gl: WebGLRenderingContext | WebGL2RenderingContext, _pickingBuffer: WebGLFramebuffer | null, renderer: Sigma<N, E, G>) {
    super(gl, null, renderer);
  }
}

/** A node program drawn once per frame: its picking framebuffer is never given to it. */
export function withoutPicking<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes>(Program: NodeProgramType<N, E, G>): NodeProgramType<N, E, G> {
  return class extends Program {
    constructor(gl: WebGLRenderingContext, _pickingBuffer: WebGLFramebuffer | null, renderer: Sigma<N, E, G>) {
      super(gl, null, renderer);
    }
  };
}
