/**
 * Frames no faster than the graphics driver draws them (issue 25). Sigma renders whenever asked
 * (each slice of a redraw, each camera step) and uploads every buffer with each frame. With a
 * GPU a frame costs a millisecond; with Chromium's default software GL (SwiftShader without
 * ANGLE, what VMs and remote desktops often get) a frame of AAN takes seconds, the frames queue
 * up in the driver, and the page's main thread blocks for seconds in the next upload waiting for
 * room. Here each frame leaves a fence in every WebGL context (WebGL 2 `fenceSync`), and a frame
 * asked for while the last frame's fences are still unsignalled is put off to a later animation
 * frame, checked without blocking (`getSyncParameter`). The map then updates as fast as the
 * driver draws, and the main thread never waits for it. Without WebGL 2 nothing is paced.
 *
 * Sigma also processes the graph (normalises every position, fills the label grid and the
 * programs' buffers) in the frame that draws it, whenever papers or citations were added. Here a
 * frame does one or the other: a frame that would do both processes only and the next one draws,
 * drawing what was last processed if more was added meanwhile (processed in the frame after). A
 * frame then costs the processing or the drawing (which in software GL the page waits for, when
 * the compositor reads the canvases back), never both.
 */

/** The part of sigma the pacer drives: its render method and, when it has them, its processing. */
export interface PacedRenderer {
  render(): unknown;
  /** Sigma's own: whether its next frame processes the graph first, the processing, the measuring. */
  needToProcess?: boolean;
  process?(): unknown;
  resize?(): unknown;
}

type Contexts = Record<string, WebGLRenderingContext | WebGL2RenderingContext>;

function isWebGL2(gl: WebGLRenderingContext | WebGL2RenderingContext): gl is WebGL2RenderingContext {
  return typeof WebGL2RenderingContext !== "undefined" && gl instanceof WebGL2RenderingContext;
}

export class RenderPacer {
  private fences: { gl: WebGL2RenderingContext; sync: WebGLSync }[] = [];
  private retry: number | null = null;
  /** Whether the last frame processed the graph without drawing it. */
  private processedOnly = false;
  private readonly original: () => unknown;
  /** Frames put off so far (for tests and curious readers of the page). */
  deferred = 0;

  constructor(
    private readonly renderer: PacedRenderer,
    private readonly contexts: () => Contexts,
    private readonly frame: (run: () => void) => number = (run) => requestAnimationFrame(run),
    private readonly cancelFrame: (id: number) => void = (id) => cancelAnimationFrame(id),
  ) {
    this.original = renderer.render.bind(renderer);
    renderer.render = () => this.render();
  }

  /** Whether every fence of the last frame has been passed by the driver. */
  private driverReady(): boolean {
    const left: { gl: WebGL2RenderingContext; sync: WebGLSync }[] = [];
    for (const fence of this.fences) {
      const { gl, sync } = fence;
      if (gl.isContextLost() || gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED) gl.deleteSync(sync);
      else left.push(fence);
    }
    this.fences = left;
    return left.length === 0;
  }

  /** Renders in a later animation frame (once, however often asked). */
  private later(): void {
    if (this.retry !== null) return;
    this.retry = this.frame(() => {
      this.retry = null;
      this.render();
    });
  }

  private render(): PacedRenderer {
    const { renderer } = this;
    if (!this.driverReady()) {
      this.deferred++;
      this.later();
      return renderer;
    }
    if (this.retry !== null) {
      this.cancelFrame(this.retry);
      this.retry = null;
    }
    if (renderer.needToProcess && renderer.process) {
      if (!this.processedOnly) {
        // A frame of processing only, measured first as sigma's own render does.
        renderer.resize?.();
        renderer.process();
        renderer.needToProcess = false;
        this.processedOnly = true;
        this.later();
        return renderer;
      }
      // Processed in the last frame and changed since: what was processed is drawn now, and the
      // change processed in the next frame.
      renderer.needToProcess = false;
      this.draw();
      renderer.needToProcess = true;
      this.later();
      return renderer;
    }
    this.draw();
    return renderer;
  }

  private draw(): void {
    this.processedOnly = false;
    this.original();
    for (const gl of Object.values(this.contexts())) {
      if (!isWebGL2(gl) || gl.isContextLost()) continue;
      const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
      if (sync) this.fences.push({ gl, sync });
      // Sends the frame on its way now, so the fence can be passed while the page does other work.
      gl.flush();
    }
  }

  /** Gives the renderer its own render back (when it is killed). */
  detach(): void {
    if (this.retry !== null) this.cancelFrame(this.retry);
    this.retry = null;
    for (const { gl, sync } of this.fences) if (!gl.isContextLost()) gl.deleteSync(sync);
    this.fences = [];
    this.renderer.render = this.original;
  }
}
