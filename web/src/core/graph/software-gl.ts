/**
 * The map's WebGL layers at fewer pixels when no GPU draws them (issue 25). In software GL
 * (SwiftShader, llvmpipe: what VMs, remote desktops and headless Chromium get) every pixel of
 * sigma's WebGL layers is shaded on the CPU, and with Chromium's default software path each
 * frame's layers are read back into bitmaps on the page's main thread, waiting for that drawing
 * to finish. There the papers and citations are drawn into a backing store of at most
 * `SOFTWARE_PIXEL_BUDGET` pixels (never above one per CSS pixel), which the browser scales up to
 * the canvas' size; labels, regions and hover boxes stay on sigma's 2D layers at full
 * resolution, so text stays sharp. With a GPU nothing changes.
 */

/** Pixels of each WebGL layer's backing store when drawn in software. */
export const SOFTWARE_PIXEL_BUDGET = 320_000;

/** Whether a renderer string names a software rasteriser. */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(renderer);
}

/** The renderer a WebGL context reports (unmasked where the browser allows). */
export function rendererOf(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const name: unknown = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  return typeof name === "string" ? name : "";
}

/**
 * Device pixels per CSS pixel for the WebGL layers of a `width` × `height` canvas: the screen's
 * own with a GPU; in software at most 1, and lower so that the layer holds at most the budget.
 */
export function webglPixelRatio(software: boolean, devicePixelRatio: number, width: number, height: number, budget = SOFTWARE_PIXEL_BUDGET): number {
  if (!software) return devicePixelRatio;
  const area = Math.max(1, width * height);
  return Math.min(1, devicePixelRatio, Math.sqrt(budget / area));
}
