/**
 * Search in the explorer (issue 24), in Chromium over the real `lineage serve`: the seed pages
 * ingested with a benchmark citation file in lm-evaluation-harness's shape (written here: a
 * `% source: tasks/NAME/README.md` comment before each entry), as a researcher would feed both.
 * The seed pages never call MMLU or BIG-bench by those names; the file's task names do. The
 * dropdown shows each result's first author, year and identifier, and its figures with their
 * meaning; the arrow keys and Enter choose; the panel says the two figures apart. Screenshots:
 * search-mmlu.png (the dropdown), search-mmlu-panel.png (the paper chosen), search-typo.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { WAIT, graphReady, region, screenshotSettled, startExplorer, type ExplorerFixture } from "./harness.ts";

const MMLU = "Measuring Massive Multitask Language Understanding";
const BIG_BENCH = "Beyond the Imitation Game: Quantifying and extrapolating the capabilities of language models";
const METROLOGY = "Benchmarks as Microscopes: A Call for Model Metrology";

const TASK_CITATIONS = `% Citations of the tasks of an evaluation harness, one README each.

% source: harness/tasks/mmlu/README.md
@article{hendrycks2021measuring,
  title = {${MMLU}},
  author = {Hendrycks, Dan and Burns, Collin and Basart, Steven},
  journal = {Proceedings of the International Conference on Learning Representations (ICLR)},
  year = {2021}
}

% source: harness/tasks/bigbench/README.md
@article{srivastava2022beyond,
  title = {${BIG_BENCH}},
  author = {Srivastava, Aarohi and Rastogi, Abhinav},
  journal = {arXiv preprint arXiv:2206.04615},
  year = {2022}
}
`;

let fixture: ExplorerFixture | undefined;
let page: Page;

beforeAll(async () => {
  fixture = await startExplorer("lineage-browser-search-", (dir) => {
    const bib = join(dir, "task-citations.bib");
    writeFileSync(bib, TASK_CITATIONS);
    return [bib];
  });
  page = fixture.page;
}, 10 * WAIT);

afterAll(async () => {
  await fixture?.close();
});

const box = () => page.getByRole("combobox", { name: "Search papers" });
const options = () => page.getByRole("listbox", { name: "Search papers: results" }).getByRole("option");

/** Types the query and waits for its answer (the live status says how many results). */
async function ask(query: string): Promise<void> {
  await box().fill(query);
  await expect.poll(() => page.getByRole("status").textContent(), { timeout: WAIT }).toMatch(/\d+ results?; use the arrow keys/);
}

describe("search in the explorer", () => {
  it("finds MMLU by the task name a citation file gave it, with figures that say what they count", async () => {
    await page.goto(fixture?.base ?? "");
    await graphReady(page);
    await ask("MMLU");
    const first = options().first();
    await expect.poll(() => first.locator(".result-title").textContent()).toBe(MMLU);
    const meta = (await first.locator(".result-meta").textContent()) ?? "";
    expect(meta).toMatch(/^Dan Hendrycks et al\. · 202[01]/);
    const figures = (await first.locator(".result-figures").textContent()) ?? "";
    expect(figures).toMatch(/cited by \d+ in this map/);
    expect(figures).not.toMatch(/(^|\D)0 citations/);
    expect(await first.locator(".result-match").textContent()).toMatch(/known as “mmlu”.*tasks\/mmlu\/README\.md/i);
    // The dropdown is wide enough to read a long title on one or two lines.
    const width = await page.locator(".search-results").evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(480);
    await screenshotSettled(page, "search-mmlu.png");
  });

  it("chooses with the arrow keys and Enter, and the panel says the two figures apart", async () => {
    // Several results: down, down, up, down is the second; Enter opens it.
    await ask("language understanding");
    await expect.poll(() => options().count()).toBeGreaterThan(1);
    const titles = await options().locator(".result-title").allTextContents();
    for (const [key, selected] of [
      ["ArrowDown", 0],
      ["ArrowDown", 1],
      ["ArrowUp", 0],
      ["ArrowDown", 1],
    ] as const) {
      await box().press(key);
      await expect.poll(() => options().nth(selected).getAttribute("aria-selected")).toBe("true");
    }
    await box().press("Enter");
    await region(page, titles[1] ?? "").waitFor();

    await ask("MMLU");
    await box().press("Enter");
    const panel = region(page, MMLU);
    await panel.waitFor();
    // The panel's own sentence ("Cited by 1 in this map."), not the lists that load after it.
    await expect.poll(async () => (await panel.textContent()) ?? "").toMatch(/cited by \d+ in this map|not cited in this map/i);
    const text = (await panel.textContent()) ?? "";
    expect(text).toMatch(/[\d,]+ citations? reported by|no reported citation count/);
    expect(text).not.toMatch(/(^|\D)0 citations/);
    await screenshotSettled(page, "search-mmlu-panel.png");
  });

  it("finds BIG-bench as 'BIG-bench' and as 'bigbench'", async () => {
    for (const query of ["BIG-bench", "bigbench"]) {
      await ask(query);
      // Polled: the list shown may still be the last query's for a moment.
      await expect.poll(async () => (await options().locator(".result-title").allTextContents()).slice(0, 3)).toContain(BIG_BENCH);
    }
  });

  it("reads a typo as the collection's word and says so", async () => {
    await ask("model metrolgoy");
    const first = options().first();
    await expect.poll(() => first.locator(".result-title").textContent()).toBe(METROLOGY);
    expect(await first.locator(".result-match").textContent()).toMatch(/read as “metrology” for “metrolgoy”/);
    // Who, when and which: the identifier a researcher would cite it by.
    expect(await first.locator(".result-meta").textContent()).toMatch(/· 2024 · arXiv:2407\.16711/);
    await screenshotSettled(page, "search-typo.png");
    await box().press("Enter");
    await region(page, METROLOGY).waitFor();
  });
});
