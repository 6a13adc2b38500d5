/**
 * Makes the browser set WebGL up off the page's main thread (webgl-warmup.ts): one WebGL 2
 * context on an OffscreenCanvas, on which the map's own programs are compiled and linked
 * (sigma-programs.ts: the browser keeps what it compiled, and sigma's constructor, compiling the
 * same shaders on the page, finds them ready), then dropped. Answers once, whatever happened.
 */
import { mapEdgePrograms, mapNodePrograms } from "./sigma-programs.ts";

const scope = self as unknown as { postMessage: (message: boolean) => void };

let ready = false;
try {
  const gl = typeof OffscreenCanvas === "undefined" ? null : new OffscreenCanvas(1, 1).getContext("webgl2");
  if (gl) {
    gl.getParameter(gl.VERSION);
    // The programs need no renderer to be built (only to draw).
    const renderer = {} as never;
    for (const Program of [...Object.values(mapNodePrograms()), ...Object.values(mapEdgePrograms())]) new Program(gl, null, renderer);
    gl.clear(gl.COLOR_BUFFER_BIT);
    // A round trip: it returns once the graphics process has set the context up and compiled.
    gl.getError();
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    ready = true;
  }
} catch {
  // No WebGL here, or a program that would not build: the page sets it up itself.
}
scope.postMessage(ready);
