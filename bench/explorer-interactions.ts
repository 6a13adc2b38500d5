/**
 * Main-thread long tasks of the explorer's interactions (issues 18 and 25): in headless Chromium
 * (Debian's, software WebGL) over `lineage serve`, a PerformanceObserver for `longtask` entries is
 * installed before the app's scripts, and each interaction is driven through the page as a user
 * would: the first load of the graph (from navigation), the first selection of a paper (from the
 * search box), a later one (from its "Built on by" list), a depth-2 highlight, an influence path
 * built with the panel's two buttons, the lineage view, a filter change, and Esc. Each
 * interaction's long tasks are those that start between its first input and the moment the page
 * is quiet again (its answer shown, then no long task for 2.5 s: software WebGL frames of the
 * whole graph can be that far apart). The pointer crosses the map between steps, as a user's
 * does, so that picking papers under it is measured too. Target: no task over 200 ms on AAN,
 * under both of Chromium's software GL paths (`--gl angle|default|both`, test/browser/chromium.ts).
 *
 * With `profile`, each interaction also records Chromium's CPU profile (through Playwright's CDP
 * session) and reports the functions with most self time, and writes the .cpuprofile files; the
 * front end is then built unminified into a folder of its own, so the names are the source's.
 *
 *   npx tsx bench/explorer-interactions.ts DB [--gl angle|default|both] [--profile DIR] [--dist DIR] [--trace FILE]   (prints the figures as JSON)
 *
 * `--dist` serves another build of the front end (an earlier revision's, for a before/after).
 * `--trace FILE` records a Chromium trace of the whole run (the timeline's tasks with what ran in
 * them, and the GPU's), to open in chrome://tracing or Perfetto and find what a long task waits on.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { lineageServe, serveChild, ROOT } from "./server-process.ts";
import { CHROMIUM, chromiumArgs, buildFrontEndIfStale, type GlPath } from "../test/browser/chromium.ts";

export interface InteractionTasks {
  interaction: string;
  /** Long tasks (over 50 ms) that started during the interaction, in milliseconds. */
  longTasks: number[];
  longestMs: number;
  /** Sum of each long task's time beyond 50 ms (Lighthouse's total blocking time). */
  blockingMs: number;
  /** From the first input to the answer being shown. */
  answeredMs: number;
  /** Functions with most self time, when profiled. */
  hotFunctions?: { name: string; url: string; selfMs: number }[];
}

export interface InteractionBench {
  graph: string;
  /** Chromium's software GL path (test/browser/chromium.ts). */
  gl?: GlPath;
  limitMs: number;
  interactions: InteractionTasks[];
  longestMs: number;
  met: boolean;
}

/** Runs in the page before the app: records every long task's start and duration. */
const OBSERVE = `(() => {
  const tasks = (window.__longTasks = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
})();`;

const QUIET_MS = 2500;
/**
 * The server's query budget here: the bench measures the browser's main thread, and on a loaded
 * machine the default budget (1 s) refuses the lineage view's main path before the page can show it.
 */
const SERVER_BUDGET_MS = 600_000;
const LIMIT_MS = 200;
/** What `--trace` records: the main thread's tasks and what ran in them, and the GPU process' work. */
const TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "gpu", "cc", "v8"];

interface Step {
  name: string;
  /** Drives the interaction and waits until its answer is on screen. */
  run: (page: Page) => Promise<void>;
}

/** Waits until no long task has started or ended for QUIET_MS (at most two minutes). */
async function quiet(page: Page): Promise<void> {
  await page.waitForFunction(
    `(() => { const t = window.__longTasks; const last = t.length ? t[t.length - 1][0] + t[t.length - 1][1] : 0; return performance.now() - last > ${QUIET_MS}; })()`,
    undefined,
    { polling: 200, timeout: 120_000 },
  );
}

function region(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

async function searchAndPick(page: Page, query: string, option: RegExp): Promise<void> {
  const search = page.getByRole("combobox", { name: "Search papers" });
  await search.fill(query);
  await page.getByRole("option", { name: option }).first().click();
}

/** AAN's own papers: BLEU (P02-1040, built on by 700-odd papers), and P11-1063, nine shortest chains from it. */
export const AAN_STEPS: Step[] = [
  {
    name: "first selection (search result)",
    run: async (page) => {
      await searchAndPick(page, "Bleu: A Method For Automatic Evaluation", /Bleu: A Method For Automatic Evaluation/);
      await region(page, "Bleu: A Method For Automatic Evaluation Of Machine Translation").getByRole("list", { name: "Built on by", exact: true }).waitFor();
    },
  },
  {
    name: "later selection (Built on by item)",
    run: async (page) => {
      const list = region(page, "Bleu: A Method For Automatic Evaluation Of Machine Translation").getByRole("list", { name: "Built on by", exact: true });
      const item = list.getByRole("listitem").nth(3).getByRole("button").first();
      const title = (await item.locator(".paper-list-title").textContent()) ?? "";
      await item.click();
      await region(page, title).waitFor();
    },
  },
  {
    name: "selection back (search result)",
    run: async (page) => {
      await searchAndPick(page, "Bleu: A Method For Automatic Evaluation", /Bleu: A Method For Automatic Evaluation/);
      await region(page, "Bleu: A Method For Automatic Evaluation Of Machine Translation").waitFor();
    },
  },
  {
    name: "depth-2 highlight (built on by)",
    run: async (page) => {
      const panel = region(page, "Bleu: A Method For Automatic Evaluation Of Machine Translation");
      await panel.getByRole("combobox", { name: "Set" }).selectOption("builtBy");
      await panel.getByRole("combobox", { name: "Depth" }).selectOption("2");
      await panel.getByText(/\d[\d,]* papers highlighted/).waitFor();
    },
  },
  {
    name: "influence path (two buttons)",
    run: async (page) => {
      await searchAndPick(page, "Incremental Syntactic Language Models", /Incremental Syntactic Language Models for Phrase-based Translation/);
      const newer = region(page, "Incremental Syntactic Language Models for Phrase-based Translation");
      await newer.getByRole("button", { name: "Path from here" }).click();
      await searchAndPick(page, "Bleu: A Method For Automatic Evaluation", /Bleu: A Method For Automatic Evaluation/);
      await region(page, "Bleu: A Method For Automatic Evaluation Of Machine Translation").getByRole("button", { name: "Path to here" }).click();
      await page.getByRole("list", { name: "Influence path", exact: true }).waitFor();
    },
  },
  {
    name: "lineage view",
    run: async (page) => {
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Lineage", exact: true }).click();
      const failed = page.getByText(/^Could not compute the main path/);
      await page.getByRole("list", { name: "Main path", exact: true }).or(failed).waitFor({ timeout: 120_000 });
      if (await failed.count()) throw new Error(`lineage view: ${await failed.textContent()}`);
    },
  },
  {
    name: "filter change (from 2000)",
    run: async (page) => {
      await page.getByRole("button", { name: "Graph", exact: true }).click();
      const from = page.getByRole("spinbutton", { name: "From" });
      await from.fill("2000");
      await from.press("Enter");
      await page.waitForFunction(`new URL(location.href).searchParams.get("minYear") === "2000"`);
      await page
        .locator(".counts")
        .filter({ hasNotText: "updating" })
        .filter({ hasText: /\d papers/ })
        .waitFor();
    },
  },
  {
    name: "Esc (whole graph)",
    run: async (page) => {
      await searchAndPick(page, "Bleu: A Method For Automatic Evaluation", /Bleu: A Method For Automatic Evaluation/);
      await region(page, "Bleu: A Method For Automatic Evaluation Of Machine Translation").waitFor();
      await quiet(page);
      // From the search box, where the choice left the focus (no pointer over the canvas: see
      // BENCHMARKS.md on picking in software WebGL).
      await page.keyboard.press("Escape");
      await page.waitForFunction(`!new URL(location.href).searchParams.has("paper")`);
    },
  },
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (name and script), most first. */
export function hotFunctions(profile: CpuProfile, top = 12): { name: string; url: string; selfMs: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, { name: string; url: string; selfMs: number }>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || "(anonymous)"}:${lineNumber + 1}`;
    const key = `${name}\u0000${url}`;
    const entry = self.get(key) ?? { name, url: url.replace(/^.*\//, ""), selfMs: 0 };
    entry.selfMs += (profile.timeDeltas[i] ?? 0) / 1000;
    self.set(key, entry);
  });
  return [...self.values()]
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, top)
    .map((e) => ({ ...e, selfMs: Math.round(e.selfMs) }));
}

async function measure(page: Page, step: Step, cdp: CDPSession | null, profileDir: string | null, from?: number): Promise<InteractionTasks> {
  const start = from ?? ((await page.evaluate("performance.now()")) as number);
  if (cdp) await cdp.send("Profiler.start");
  await step.run(page);
  // After a navigation, performance.now() counts from the new page's start.
  const answered = (await page.evaluate("performance.now()")) as number;
  await quiet(page);
  const tasks = ((await page.evaluate("window.__longTasks")) as [number, number][]).filter(([t]) => t >= start).map(([, d]) => Math.round(d));
  const result: InteractionTasks = {
    interaction: step.name,
    longTasks: tasks,
    longestMs: Math.max(0, ...tasks),
    blockingMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    answeredMs: Math.round(answered - start),
  };
  if (cdp) {
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
    result.hotFunctions = hotFunctions(profile);
    if (profileDir) writeFileSync(join(profileDir, `${step.name.replace(/\W+/g, "-")}.cpuprofile`), JSON.stringify(profile));
  }
  return result;
}

/** A sweep of the pointer across the map, as a user's on the way to a panel: sigma picks what is under it. */
export const HOVER_STEP: Step = {
  name: "pointer across the map (hover)",
  run: async (page) => {
    const box = await page.locator(".sigma-container").boundingBox();
    if (!box) throw new Error("no .sigma-container on the page");
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      await page.mouse.move(box.x + box.width * (0.15 + 0.7 * t), box.y + box.height * (0.3 + 0.4 * Math.sin(t * Math.PI)));
    }
    await page.mouse.move(box.x + box.width + 40, box.y + 20);
  },
};

/** The steps on one page load of the explorer over `db`, in Chromium on the given GL path. */
export async function benchInteractions(
  graph: string,
  db: string,
  options: { steps?: Step[]; profileDir?: string; browser?: Browser; dist?: string; gl?: GlPath; trace?: string } = {},
): Promise<InteractionBench> {
  const profileDir = options.profileDir ?? null;
  const gl = options.gl ?? "angle";
  let server;
  if (options.dist) {
    server = await serveChild(db, options.dist, SERVER_BUDGET_MS);
  } else if (profileDir) {
    const dist = join(tmpdir(), "lineage-bench-unminified");
    const built = spawnSync("npx", ["vite", "build", "--minify", "false", "--outDir", dist, "--emptyOutDir"], { cwd: ROOT, encoding: "utf8" });
    if (built.status !== 0) throw new Error(`vite build --minify false failed:\n${built.stderr}`);
    server = await serveChild(db, dist, SERVER_BUDGET_MS);
  } else {
    buildFrontEndIfStale();
    server = await lineageServe(db, ["--query-budget", String(SERVER_BUDGET_MS)]);
  }
  const browser = options.browser ?? (await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(gl), timeout: 60_000 }));
  try {
    // The observer is a string run in the page, which the app's CSP rightly forbids; bypassing it
    // changes nothing the measures depend on.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.addInitScript(OBSERVE);
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const cdp = profileDir ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
    }
    const firstLoad: Step = {
      name: "first load (navigation to the whole graph drawn)",
      run: async (p) => {
        await p.goto(server.url);
        await p
          .locator(".counts")
          .filter({ hasText: /\d papers · / })
          .waitFor();
      },
    };
    const interactions: InteractionTasks[] = [];
    if (options.trace) await browser.startTracing(page, { path: options.trace, categories: TRACE_CATEGORIES });
    // The page does not exist before navigation: the first load's tasks are all the page's.
    interactions.push(await measure(page, firstLoad, cdp, profileDir, 0));
    for (const step of options.steps ?? [HOVER_STEP, ...AAN_STEPS, HOVER_STEP]) interactions.push(await measure(page, step, cdp, profileDir));
    if (options.trace) await browser.stopTracing();
    await context.close();
    const longestMs = Math.max(0, ...interactions.map((i) => i.longestMs));
    return { graph, gl, limitMs: LIMIT_MS, interactions, longestMs, met: longestMs <= LIMIT_MS };
  } finally {
    if (!options.browser) await browser.close().catch(() => undefined);
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { profile: { type: "string" }, dist: { type: "string" }, gl: { type: "string", default: "both" }, trace: { type: "string" } },
  });
  const db = positionals[0];
  const gls: GlPath[] = values.gl === "both" ? ["angle", "default"] : values.gl === "angle" || values.gl === "default" ? [values.gl] : [];
  if (!db || gls.length === 0) throw new Error("usage: npx tsx bench/explorer-interactions.ts DB [--gl angle|default|both] [--profile DIR] [--dist DIR] [--trace FILE]");
  const results: InteractionBench[] = [];
  for (const gl of gls)
    results.push(
      await benchInteractions(db, db, { profileDir: values.profile, dist: values.dist, gl, trace: values.trace && gls.length > 1 ? values.trace.replace(/(\.json)?$/, `-${gl}.json`) : values.trace }),
    );
  console.log(JSON.stringify(results, null, 2));
}
