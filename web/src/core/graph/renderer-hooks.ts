/**
 * What the explorer changes in how sigma 3.0.2 meets the graphics driver (issue 25), installed on
 * one renderer and undone by the function returned: papers are picked from a grid of their
 * positions instead of sigma's pixel reads (node-picker.ts), so no picking texture is allocated
 * for each frame, and frames are paced to what the driver draws, the graph processed and drawn
 * in frames of their own (render-pacing.ts). `getNodeAtPosition` and `render` are private in sigma's types
 * but called through `this` by its own event handlers and refreshes, so the instance's own
 * functions are the ones used.
 */
import type Sigma from "sigma";
import { NodePicker, type PickSource } from "./node-picker.ts";
import { RenderPacer } from "./render-pacing.ts";

interface SigmaInternals {
  getNodeAtPosition(position: { x: number; y: number }): string | null;
  render(): unknown;
  refresh: Sigma["refresh"];
  /** Layers whose picking texture sigma allocates again before every frame. */
  pickingLayers: Set<string>;
  /** Whether the next frame processes the graph first; the processing; the measuring. */
  needToProcess: boolean;
  process(): unknown;
  resize(): unknown;
}

/** The picker's view of sigma: display data in framed coordinates and the camera's scale. */
export function pickSourceOf(sigma: Sigma): PickSource {
  return {
    keys: () => sigma.getGraph().nodes(),
    node: (key) => sigma.getNodeDisplayData(key),
    pixelsPerUnit: () => {
      const a = sigma.framedGraphToViewport({ x: 0, y: 0 });
      const b = sigma.framedGraphToViewport({ x: 1, y: 0 });
      return Math.hypot(b.x - a.x, b.y - a.y);
    },
    toFramed: (point) => sigma.viewportToFramedGraph(point),
    radius: (size) => sigma.scaleSize(size),
  };
}

/** Sigma's WebGL layers. */
const WEBGL_LAYERS = ["edges", "nodes", "hoverNodes"];

/** Sigma's WebGL contexts, from its canvases (a canvas hands back the context it has). */
function contextsOf(sigma: Sigma): Record<string, WebGL2RenderingContext> {
  const out: Record<string, WebGL2RenderingContext> = {};
  const canvases = sigma.getCanvases();
  for (const id of WEBGL_LAYERS) {
    const gl = canvases[id]?.getContext("webgl2");
    if (gl) out[id] = gl;
  }
  return out;
}

export function installRendererHooks(sigma: Sigma): () => void {
  const instance = sigma as unknown as SigmaInternals;
  const picker = new NodePicker(pickSourceOf(sigma));
  const pixelPicking = instance.getNodeAtPosition;
  const refresh = instance.refresh;
  instance.getNodeAtPosition = (position) => picker.pick(position);
  // Nothing draws into the papers' picking framebuffer (node-program.ts), so its texture is not
  // allocated again before every frame: the allocation made the page wait on the driver (a round
  // trip for its error state) while it was still drawing the last frame.
  const picking = [...instance.pickingLayers];
  instance.pickingLayers.clear();
  // Every refresh may move papers or change what is drawn: the grid is rebuilt when next asked.
  instance.refresh = (options) => {
    picker.invalidate();
    return refresh.call(sigma, options);
  };
  const invalidate = () => picker.invalidate();
  sigma.on("afterProcess", invalidate);
  sigma.on("resize", invalidate);
  let contexts: Record<string, WebGL2RenderingContext> | null = null;
  const pacer = new RenderPacer(instance, () => (contexts ??= contextsOf(sigma)));
  return () => {
    pacer.detach();
    sigma.off("afterProcess", invalidate);
    sigma.off("resize", invalidate);
    instance.getNodeAtPosition = pixelPicking;
    instance.refresh = refresh;
    for (const layer of picking) instance.pickingLayers.add(layer);
  };
}
