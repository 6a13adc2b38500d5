/**
 * Page facts that hold on sites nobody here has seen (issue 26), through `lineage ingest`, `show`
 * and `explain`: a summary site's glued byline is split into its facts and its own "Published"
 * date is never the paper's year; two pages of one site about one work are one node; a page
 * titled by the work's short name joins the one titled paper that goes by it (its abstract
 * defines the short form), and explain says so, while a short name two papers go by stays apart;
 * a paper no page dates shows its arXiv identifier's year, marked derived; a user's note keeps
 * its free text; a note that only lists other works is refused with its reason and its list
 * becomes no paper. Every page is invented.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, runJson, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const dir = join(tmp.dir, "pages");
const db = join(tmp.dir, "graph.db");

const summary = (byline: string, title: string, slug: string) =>
  [
    "← Reference library",
    byline,
    "",
    title,
    "",
    "Our summary",
    "",
    "An invented summary of what the paper measures, and why its finding matters for evaluation.",
    "",
    "Published June 26, 2036",
    "",
    "Cite this",
    "",
    `Reference Labs. (2036). ${title}. Retrieved from https://labs.example.org/references/${slug}`,
    "",
  ].join("\n");

const FILES: Record<string, string> = {
  // One summary site, two pages about one work: one with the venue and arXiv identifier in a
  // glued byline, one with only a short byline; both print the site's own 2036 date.
  "tides-a.txt": summary(
    "PaperHigh credibilityICLR 2032 (arXiv:3109.07958) · Ada Quill, Bram Okoye, Idunn Berg · September 8, 2031",
    "TideQA: Measuring How Models Mimic Harbour Myths",
    "tideqa-2032",
  ),
  "tides-b.txt": summary("PaperHigh credibilityarXiv · Quill et al. · September 1, 2031", "TideQA: Measuring How Models Mimic Harbour Myths", "tideqa-2031"),
  // A work titled in full with a short form its abstract defines, and a note titled by the short form.
  "gauge-full.txt": [
    "Beyond the Rain Gauge: Quantifying What Models Read from Instruments",
    "",
    "Abstract",
    "",
    "To address this, we introduce the Beyond the Rain Gauge benchmark (GAUGE-bench), 84 invented tasks about instruments, and find that models read digits well and needles badly.",
    "",
    "Published as a conference paper at ICLR 2032",
    "",
  ].join("\n"),
  "gauge-short.txt": [
    "Gauge-Bench",
    "",
    "Posted by a reader",
    "",
    "Gauge-Bench asks models to read instruments; my notes on which tasks were hardest and why the needles fool them so often.",
    "",
  ].join("\n"),
  // HELM's case: an arXiv identifier and no year on any page.
  "holistic.txt": [
    "Holistic Evaluation of Invented Models",
    "",
    "arXiv:3211.09110",
    "",
    "Abstract",
    "",
    "We present an invented holistic evaluation over many scenarios and seven metrics, to make the quality of models comparable.",
    "",
  ].join("\n"),
  // A user's own note, and a note that only lists other works.
  "my-note.md": [
    "# Harbour Lights: A Benchmark for Nautical Questions",
    "",
    "Source: [Harbour Lights: A Benchmark for Nautical Questions](https://arxiv.org/abs/3104.90066)",
    "",
    "## What I took from it",
    "",
    "- lights are easier than <b>tides</b>",
    "- check table 3 again",
    "",
  ].join("\n"),
  "list-only.md": ["## Builds on", "", "- [Ebb Tables](https://arxiv.org/abs/3011.90022) (2030)", "- [Neap Tides in Practice](https://arxiv.org/abs/3012.90023) (2030)", ""].join("\n"),
};

interface Shown {
  id: string;
  title: string;
  year: number | null;
  yearDerived: boolean;
  authors: string[];
  arxivId: string | null;
  notes: { source: string; text: string }[];
  sources: { source: string; role: string }[];
}
const show = (ref: string) => runJson<Shown>(["show", ref, "--db", db]);
let ingested: { code: number; stdout: string; stderr: string };

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  ingested = await runCli(["ingest", dir, "--db", db]);
});
afterAll(() => tmp.cleanup());

describe("page facts on unseen layouts, through lineage ingest", () => {
  it("splits a glued byline into its facts, never takes it or the site's own date for the paper's, and makes one node of the site's two pages", async () => {
    const p = await show("TideQA: Measuring How Models Mimic Harbour Myths");
    expect(p.arxivId).toBe("3109.07958");
    expect([2031, 2032]).toContain(p.year);
    expect(p.yearDerived).toBe(false);
    expect(p.authors).toEqual(["Ada Quill", "Bram Okoye", "Idunn Berg"]);
    expect(
      p.sources
        .filter((s) => s.role === "self")
        .map((s) => s.source.replace(/^.*\//, ""))
        .sort(),
    ).toEqual(["tides-a.txt", "tides-b.txt"]);
  });

  it("joins a page titled by a short name to the one titled paper that goes by it, and explain says why", async () => {
    const p = await show("Beyond the Rain Gauge: Quantifying What Models Read from Instruments");
    expect(p.sources.filter((s) => s.role === "self")).toHaveLength(2);
    const explained = await runCli(["explain", "Beyond the Rain Gauge: Quantifying What Models Read from Instruments", "--db", db]);
    expect(explained.stdout).toMatch(/merged \(title-alias\): "gaugebench" is a name of "beyond the rain gauge/);
  });

  it("gives a paper no page dates its arXiv identifier's year, marked derived", async () => {
    const p = await show("arXiv:3211.09110");
    expect(p.year).toBe(2032);
    expect(p.yearDerived).toBe(true);
    const printed = await runCli(["show", "arXiv:3211.09110", "--db", db]);
    expect(printed.stdout).toMatch(/year: 2032 \(from its arXiv identifier: no page gives a year\)/);
  });

  it("keeps a user's note with its page, as text", async () => {
    const p = await show("arXiv:3104.90066");
    expect(p.notes).toHaveLength(1);
    expect(p.notes[0]?.text).toContain("- lights are easier than <b>tides</b>");
    expect(p.notes[0]?.source).toMatch(/my-note\.md$/);
    const printed = await runCli(["show", "arXiv:3104.90066", "--db", db]);
    expect(printed.stdout).toMatch(/Your note \(.*my-note\.md\):\n(?:.*\n)* {2}- check table 3 again/);
  });

  it("refuses a note with no title and no identifier of its own, saying why, and makes no paper of its list", async () => {
    expect(ingested.code).toBe(1);
    expect(ingested.stderr).toMatch(/list-only\.md: Markdown note: no title and no identifier of its own; the 2 papers it links are a list of other works \("Builds on"\)/);
    expect((await runCli(["show", "Ebb Tables", "--db", db])).code).toBe(3);
    expect((await runCli(["show", "arXiv:3011.90022", "--db", db])).code).toBe(3);
  });
});

describe("a short name two papers go by", () => {
  it("stays apart from both, and explain says why", async () => {
    const other = join(tmp.dir, "two");
    mkdirSync(other, { recursive: true });
    const full = (title: string, sentence: string) => [title, "", "Abstract", "", sentence, "", "Published as a conference paper at ICLR 2032", ""].join("\n");
    writeFileSync(join(other, "one.txt"), full("Harbour Evaluation of Language Models", "We present Harbour Evaluation of Language Models (HELM), invented tasks about harbours for language models."));
    writeFileSync(join(other, "two.txt"), full("Heuristic Estimation of Latent Meaning", "We propose Heuristic Estimation of Latent Meaning (HELM), an invented estimator of what a sentence means."));
    writeFileSync(
      join(other, "short.txt"),
      ["HELM", "", "Posted by a reader", "", "Notes on HELM: which parts of it I would use again, and the parts that did not work for my invented data.", ""].join("\n"),
    );
    const twoDb = join(tmp.dir, "two.db");
    expect((await runCli(["ingest", other, "--db", twoDb])).code).toBe(0);
    const explained = await runCli(["explain", "HELM", "--db", twoDb]);
    expect(explained.stdout).toMatch(/kept apart \(title-ambiguous\): "helm" is a name of 2 papers/);
  });
});
