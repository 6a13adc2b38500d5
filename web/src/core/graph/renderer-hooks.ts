/**
 * What the explorer changes in how sigma 3.0.2 meets the graphics driver (issue 25), installed on
 * one renderer and undone by the function returned: papers are picked from a grid of their
 * positions instead of sigma's pixel reads (node-picker.ts), and frames are paced to what the
 * driver draws (render-pacing.ts), and in software GL the WebGL layers are drawn at fewer pixels
 * (software-gl.ts). `getNodeAtPosition`, `render` and `getRenderParams` are private in sigma's types
 * but called through `this` by its own event handlers and refreshes, so the instance's own
 * functions are the ones used.
 */
import type Sigma from "sigma";
import { NodePicker, type PickSource } from "./node-picker.ts";
import { RenderPacer } from "./render-pacing.ts";
import { isSoftwareRenderer, rendererOf, webglPixelRatio } from "./software-gl.ts";

interface SigmaInternals {
  getNodeAtPosition(position: { x: number; y: number }): string | null;
  render(): unknown;
  refresh: Sigma["refresh"];
  getRenderParams(): { width: number; height: number; pixelRatio: number };
  resize: Sigma["resize"];
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

/**
 * In software GL, sizes the WebGL layers' backing stores to `webglPixelRatio` and tells sigma's
 * programs that ratio (they size discs and set the viewport from it); returns the undoing.
 */
function lowerSoftwareResolution(sigma: Sigma, instance: SigmaInternals): () => void {
  const nodes = sigma.getCanvases().nodes?.getContext("webgl2") ?? sigma.getCanvases().nodes?.getContext("webgl");
  if (!nodes || !isSoftwareRenderer(rendererOf(nodes))) return () => {};
  const renderParams = instance.getRenderParams;
  const resize = instance.resize;
  const ratio = () => {
    const { width, height } = sigma.getDimensions();
    return webglPixelRatio(true, window.devicePixelRatio || 1, width, height);
  };
  const sizeLayers = () => {
    const { width, height } = sigma.getDimensions();
    const r = ratio();
    const canvases = sigma.getCanvases();
    for (const id of WEBGL_LAYERS) {
      const canvas = canvases[id];
      if (!canvas) continue;
      const w = Math.floor(width * r);
      const h = Math.floor(height * r);
      // Only on a change: setting a canvas' size clears and reallocates it.
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
    }
  };
  instance.getRenderParams = () => ({ ...renderParams.call(sigma), pixelRatio: ratio() });
  instance.resize = (force) => {
    resize.call(sigma, force);
    sizeLayers();
    return sigma;
  };
  sizeLayers();
  sigma.scheduleRender();
  return () => {
    instance.getRenderParams = renderParams;
    instance.resize = resize;
    sigma.resize(true);
  };
}

export function installRendererHooks(sigma: Sigma): () => void {
  const instance = sigma as unknown as SigmaInternals;
  const picker = new NodePicker(pickSourceOf(sigma));
  const pixelPicking = instance.getNodeAtPosition;
  const refresh = instance.refresh;
  instance.getNodeAtPosition = (position) => picker.pick(position);
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
  const fullResolution = lowerSoftwareResolution(sigma, instance);
  return () => {
    fullResolution();
    pacer.detach();
    sigma.off("afterProcess", invalidate);
    sigma.off("resize", invalidate);
    instance.getNodeAtPosition = pixelPicking;
    instance.refresh = refresh;
  };
}
