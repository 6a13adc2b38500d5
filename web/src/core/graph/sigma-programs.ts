/**
 * The WebGL programs the map's sigma draws with, in one place: GraphView's settings use them, and
 * the warm-up worker (webgl-warmup.worker.ts) compiles the same shaders before the map mounts, so
 * that sigma's constructor finds them compiled (issue 25). Papers are discs drawn once per frame
 * (picked from their positions: node-program.ts), a library paper's inside a ring; a small map's
 * citations are arrows, a large map's lines (edge-program.ts).
 */
import type { Attributes } from "graphology-types";
import { EdgeArrowProgram, type EdgeProgramType, type NodeProgramType } from "sigma/rendering";
import { createNodeBorderProgram } from "@sigma/node-border";
import { NodePointWithoutPicking, withoutPicking } from "./node-program.ts";
import { citationLines } from "./edge-program.ts";
import { LIBRARY_NODE_TYPE, LIBRARY_RING_COLOR } from "./library-ring.ts";

/** The node programs, by node type. */
export function mapNodePrograms<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes>(): Record<string, NodeProgramType<N, E, G>> {
  return {
    circle: NodePointWithoutPicking<N, E, G>,
    [LIBRARY_NODE_TYPE]: withoutPicking<N, E, G>(
      createNodeBorderProgram<N, E, G>({
        // In pixels: a share of the radius was too thin to see on AAN's small discs.
        borders: [
          { size: { value: 2, mode: "pixels" }, color: { value: LIBRARY_RING_COLOR } },
          { size: { value: 1, mode: "pixels" }, color: { value: "#ffffff" } },
          { size: { fill: true }, color: { attribute: "color" } },
        ],
      }),
    ),
  };
}

/** The edge programs, by edge type (GraphDataController picks the type by the map's size). */
export function mapEdgePrograms<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes>(): Record<string, EdgeProgramType<N, E, G>> {
  return { arrow: EdgeArrowProgram as unknown as EdgeProgramType<N, E, G>, line: citationLines<N, E, G>() };
}
