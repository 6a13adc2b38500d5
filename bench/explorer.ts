/**
 * The explorer in headless Chromium (Debian's, software WebGL) over `lineage serve` (issue 6):
 * - time to the first frame that draws the whole graph, from navigation start, against the app's
 *   own first contentful paint (the baseline: the page without its graph);
 * - frame time while panning (mouse drags over the canvas), against the browser's idle frame
 *   interval measured on the same page;
 * - bytes of /api/graph, raw and as the server gzips it. Target for AAN: under 3 MB gzipped.
 * WebGL draw calls and animation frames are counted by a script injected before the app's own.
 */
import { request } from "node:http";
import { chromium, type Browser } from "playwright-core";
import { lineageServe } from "./server-process.ts";
import { CHROMIUM, CHROMIUM_ARGS, buildFrontEndIfStale } from "../test/browser/chromium.ts";
import { median, quantile } from "./stats.ts";

export interface ExplorerBench {
  graph: string;
  papers: number;
  citations: number;
  firstContentfulPaintMs: number;
  graphResponseMs: number;
  firstGraphFrameMs: number;
  firstFrameRatio: number;
  panFrames: number;
  panFrameMedianMs: number;
  panFrameP95Ms: number;
  panRenderCpuMedianMs: number;
  idleFrameMs: number;
  panFrameRatio: number;
  payloadBytes: number;
  payloadGzipBytes: number;
  met?: boolean;
}

/** Counts draw calls per animation frame; runs in the page before any of its scripts. */
const INSTRUMENT = `(() => {
  const bench = (window.__bench = { draws: [], frames: [], frame: -1 });
  const wrap = (proto, name, work) => {
    const orig = proto && proto[name];
    if (!orig) return;
    proto[name] = function (...a) { bench.draws.push([performance.now(), work(a), bench.frame]); return orig.apply(this, a); };
  };
  for (const C of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!C) continue;
    wrap(C.prototype, "drawArrays", (a) => a[2]);
    wrap(C.prototype, "drawElements", (a) => a[1]);
    wrap(C.prototype, "drawArraysInstanced", (a) => a[2] * a[3]);
    wrap(C.prototype, "drawElementsInstanced", (a) => a[1] * a[4]);
  }
  const raf = window.requestAnimationFrame.bind(window);
  bench.raf = raf;
  let id = 0;
  window.requestAnimationFrame = (cb) => raf((t) => {
    const start = performance.now();
    bench.frame = id++;
    try { cb(t); } finally { bench.frames.push([bench.frame, start, performance.now() - start]); bench.frame = -1; }
  });
})();`;

/**
 * Drags the graph in a circle for 4 s and at least 40 frames, at most 60 s (sigma's mouse layer
 * takes the down, the document the moves).
 */
const PAN = `(async () => {
  const b = window.__bench;
  const el = document.querySelector(".sigma-container .sigma-mouse");
  if (!el) throw new Error("no .sigma-mouse layer");
  const r = el.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const fire = (type, x, y, target) => target.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0, buttons: type === "mouseup" ? 0 : 1, view: window }));
  const start = performance.now();
  fire("mousedown", cx, cy, el);
  let k = 0;
  await new Promise((done) => {
    const step = () => {
      k++;
      fire("mousemove", cx + 150 * Math.cos(k / 8), cy + 100 * Math.sin(k / 8), document);
      const t = performance.now() - start;
      if ((t < 4000 || k < 40) && t < 60000) b.raf(step); else done();
    };
    b.raf(step);
  });
  fire("mouseup", cx, cy, document);
  return [start, performance.now()];
})()`;

/** The counts, the paint and resource timings, and 60 idle frame intervals (the baseline). */
const COLLECT = `(async () => {
  const b = window.__bench;
  const idle = [];
  await new Promise((done) => {
    let last = 0;
    const tick = (t) => {
      if (last) idle.push(t - last);
      last = t;
      if (idle.length < 60) b.raf(tick); else done();
    };
    b.raf(tick);
  });
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
  const graph = performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname === "/api/graph");
  return { draws: b.draws, frames: b.frames, fcp, graphResponseEnd: graph ? graph.responseEnd : NaN, idle };
})()`;

interface PageData {
  draws: [number, number, number][];
  frames: [number, number, number][];
  fcp: number;
  graphResponseEnd: number;
  idle: number[];
}

/** Bytes of a GET, as sent (gzip when asked): no decompression on the way. */
function rawBytes(url: string, gzip: boolean): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: gzip ? { "accept-encoding": "gzip" } : {} }, (res) => {
      let n = 0;
      res.on("data", (chunk: Buffer) => (n += chunk.length));
      res.on("end", () => done(n));
    });
    req.on("error", fail);
    req.end();
  });
}

/** Draw work per frame: frames the app drew in (by rAF id), in time order. */
function drawFrames(data: PageData): { start: number; work: number; cpu: number }[] {
  const byFrame = new Map<number, number>();
  for (const [, work, frame] of data.draws) if (frame >= 0) byFrame.set(frame, (byFrame.get(frame) ?? 0) + work);
  return data.frames.filter(([id]) => byFrame.has(id)).map(([id, start, cpu]) => ({ start, work: byFrame.get(id) ?? 0, cpu }));
}

interface OneLoad {
  fcp: number;
  graphResponse: number;
  firstGraphFrame: number;
  panFrames: number;
  panIntervals: number[];
  panCpu: number[];
  idle: number[];
}

async function loadAndPan(browser: Browser, url: string): Promise<OneLoad> {
  // The bench's own in-page probes are strings (tsx's helpers do not exist in the page), which
  // the app's CSP rightly forbids; bypassing it changes nothing the measures depend on.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    await page.addInitScript(INSTRUMENT);
    await page.goto(url);
    await page
      .locator(".counts")
      .filter({ hasText: /\d+ papers/ })
      .waitFor();
    // Let every frame of the load (and the camera's settling animation) finish.
    await page.waitForFunction("window.__bench.draws.length > 0 && performance.now() - window.__bench.draws[window.__bench.draws.length - 1][0] > 1500", undefined, { polling: 250 });
    const loadEnd = (await page.evaluate("performance.now()")) as number;
    // Pan from inside the page, one mouse move per animation frame, so that the frame rate is
    // bounded by rendering and not by how fast the driver can send input events.
    const [panStart, panEnd] = (await page.evaluate(PAN)) as [number, number];
    await page.waitForTimeout(500);
    const data = (await page.evaluate(COLLECT)) as PageData;
    const frames = drawFrames(data);
    const loadFrames = frames.filter((f) => f.start <= loadEnd);
    const maxWork = Math.max(...loadFrames.map((f) => f.work));
    const pan = frames.filter((f) => f.start >= panStart && f.start <= panEnd);
    return {
      fcp: data.fcp,
      graphResponse: data.graphResponseEnd,
      firstGraphFrame: loadFrames.find((f) => f.work >= 0.9 * maxWork)?.start ?? NaN,
      panFrames: pan.length,
      panIntervals: pan.slice(1).map((f, i) => f.start - (pan[i]?.start ?? f.start)),
      panCpu: pan.map((f) => f.cpu),
      idle: data.idle,
    };
  } finally {
    await context.close();
  }
}

/**
 * Loads the explorer `runs` times in fresh contexts of one browser (after one untimed load, so
 * the browser's own first-use costs are not counted) and reports medians over the runs.
 */
export async function benchExplorer(graph: string, db: string, counts: { papers: number; citations: number }, runs = 3, browser?: Browser): Promise<ExplorerBench> {
  buildFrontEndIfStale();
  const server = await lineageServe(db);
  const ownBrowser = browser ?? (await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 }));
  try {
    const payloadBytes = await rawBytes(`${server.url}/api/graph`, false);
    const payloadGzipBytes = await rawBytes(`${server.url}/api/graph`, true);
    await loadAndPan(ownBrowser, server.url);
    const loads: OneLoad[] = [];
    for (let i = 0; i < runs; i++) loads.push(await loadAndPan(ownBrowser, server.url));
    const medianOf = (get: (l: OneLoad) => number) => median(loads.map(get));
    const intervals = loads.flatMap((l) => l.panIntervals);
    const fcp = medianOf((l) => l.fcp);
    const firstGraphFrameMs = medianOf((l) => l.firstGraphFrame);
    const idleFrameMs = median(loads.flatMap((l) => l.idle));
    const panFrameMedianMs = median(intervals);
    return {
      graph,
      ...counts,
      firstContentfulPaintMs: fcp,
      graphResponseMs: medianOf((l) => l.graphResponse),
      firstGraphFrameMs,
      firstFrameRatio: firstGraphFrameMs / fcp,
      panFrames: intervals.length,
      panFrameMedianMs,
      panFrameP95Ms: quantile(intervals, 0.95),
      panRenderCpuMedianMs: median(loads.flatMap((l) => l.panCpu)),
      idleFrameMs,
      panFrameRatio: panFrameMedianMs / idleFrameMs,
      payloadBytes,
      payloadGzipBytes,
    };
  } finally {
    if (!browser) await ownBrowser.close().catch(() => undefined);
    await server.stop();
  }
}
