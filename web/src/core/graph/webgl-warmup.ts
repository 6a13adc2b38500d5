/**
 * WebGL set up before the map needs it, off the page's main thread (issue 25). The first WebGL
 * context a Chromium page creates makes its graphics process set WebGL up, and under a software
 * renderer (ANGLE on SwiftShader) that takes a long while, during which the page's main thread
 * waits in `getContext` (sigma creates its three contexts in its constructor, then compiles its
 * programs, waiting for each shader). A worker creating a context of its own first, and compiling
 * the map's programs on it, takes those waits instead (webgl-warmup.worker.ts); the map mounts
 * sigma once the worker has answered, or after `WARMUP_TIMEOUT_MS`, or at once where there are no
 * workers (tests in jsdom). Started once per page, as early as the page starts.
 */

/** The longest the map waits for the warm-up before creating its contexts anyway. */
export const WARMUP_TIMEOUT_MS = 4_000;

let warming: Promise<void> | null = null;

/** Starts the warm-up (once per page) and resolves when it is over, whatever its outcome. */
export function warmUpWebGL(): Promise<void> {
  warming ??= new Promise<void>((done) => {
    if (typeof Worker === "undefined") return done();
    let worker: Worker;
    try {
      worker = new Worker(new URL("./webgl-warmup.worker.ts", import.meta.url), { type: "module" });
    } catch {
      return done();
    }
    const finish = () => {
      clearTimeout(timer);
      worker.terminate();
      done();
    };
    const timer = setTimeout(finish, WARMUP_TIMEOUT_MS);
    worker.onmessage = finish;
    worker.onerror = finish;
  });
  return warming;
}
