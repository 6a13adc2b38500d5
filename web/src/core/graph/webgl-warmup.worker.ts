/**
 * Makes the browser set WebGL up off the page's main thread (webgl-warmup.ts): one WebGL 2
 * context on an OffscreenCanvas, asked for something the graphics process must answer, then
 * dropped. Answers once, whatever happened.
 */
const scope = self as unknown as { postMessage: (message: boolean) => void };

let ready = false;
try {
  const gl = typeof OffscreenCanvas === "undefined" ? null : new OffscreenCanvas(1, 1).getContext("webgl2");
  if (gl) {
    gl.getParameter(gl.VERSION);
    gl.clear(gl.COLOR_BUFFER_BIT);
    // A round trip: it returns once the graphics process has set the context up and drawn.
    gl.getError();
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    ready = true;
  }
} catch {
  // No WebGL here: the page sets it up itself.
}
scope.postMessage(ready);
