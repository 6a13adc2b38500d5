/**
 * Who reported a page's citation count: the site the page is a copy of (a note's "HTML:" link, an
 * HTML page's canonical address), never the name of the file it was saved as, nor the paper's own
 * preprint or DOI service; a file with no such address is named by its file.
 */
import { afterAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseMarkdownPage } from "../../ingest/adapters/markdown-page.ts";
import { parseHtmlPage } from "../../ingest/adapters/html-page.ts";
import { parseTextPage } from "../../ingest/adapters/text-page.ts";
import { reportingAddress } from "../../ingest/adapters/page-origin.ts";
import { countReport } from "../../db/paper-facts.ts";
import { runCli, runJson, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const note = (title: string, header: string, cited: number) => [`# ${title}`, "", header, "", "## Key facts", "", `- Cited by ${cited} papers in the map (data through 3 Mar 2026).`, ""].join("\n");

describe("the reporter of a page's count", () => {
  it("is the site a note's header labels as its page, not the paper's preprint", () => {
    const page = parseMarkdownPage(note("Counting Kelp In Tidal Ledgers", "arXiv: https://arxiv.org/abs/2403.10001 · HTML: https://ledger-notes.example/paper/2403.10001/", 7), "n.txt");
    expect(page.ok && page.page.facts.origin).toBe("https://ledger-notes.example/paper/2403.10001/");
    const preprintOnly = parseMarkdownPage(note("Counting Kelp In Tidal Ledgers", "arXiv: https://arxiv.org/abs/2403.10001 · HTML: https://arxiv.org/html/2403.10001", 7), "n.txt");
    expect(preprintOnly.ok && preprintOnly.page.facts.origin).toBeUndefined();
    const codeLink = parseMarkdownPage(note("Counting Kelp In Tidal Ledgers", "arXiv: https://arxiv.org/abs/2403.10001 · Code: https://code.example/kelp", 7), "n.txt");
    expect(codeLink.ok && codeLink.page.facts.origin).toBeUndefined();
  });

  it("is an HTML page's canonical site", () => {
    const html = (canonical: string) =>
      `<html><head><title>Counting Kelp</title><link rel="canonical" href="${canonical}"></head><body><h1>Counting Kelp In Tidal Ledgers</h1><p>Cited by 12</p></body></html>`;
    const page = parseHtmlPage(html("https://www.kelp-reviews.example/p/counting"), "saved.html");
    expect(page.ok && page.page.facts.origin).toBe("https://www.kelp-reviews.example/p/counting");
    const doi = parseHtmlPage(html("https://doi.org/10.5555/kelp"), "saved.html");
    expect(doi.ok && doi.page.facts.origin).toBeUndefined();
  });

  it("is the site a text capture's header names before its date", () => {
    const page = parseTextPage("kelpnotesData to 7 Oct 2026\n\nCounting Kelp In Tidal Ledgers\n\narXiv 2403.10001 ↗First posted 2 Mar 2024cited by 12\n", "c.txt");
    expect(page.ok && page.page.facts.origin).toBe("kelpnotes");
    expect(page.ok && page.page.facts.dataThrough).toBe("2026-10-07");
    expect(countReport("pages/c.txt", "text-page", "2026-10-07", "2026-10-08T00:00:00Z", "kelpnotes").by).toBe("kelpnotes");
  });

  it("names the site, else the page's URL, else its file", () => {
    expect(countReport("pages/002_ab.txt", "markdown-page", "2026-03-03", "2026-03-04T10:00:00Z", "https://www.ledger-notes.example/paper/x/").by).toBe("ledger-notes.example");
    expect(countReport("https://kelp.example/a", "html-page", null, "2026-03-04T10:00:00Z").by).toBe("kelp.example");
    expect(countReport("pages/002_ab.txt", "markdown-page", null, "2026-03-04T10:00:00Z").by).toBe("002_ab.txt");
    expect(countReport("p.json", "s2", null, "2026-03-04T10:00:00Z", "https://ledger-notes.example/").by).toBe("Semantic Scholar");
    expect(reportingAddress("file:///home/a/page.html")).toBeUndefined();
    expect(reportingAddress("https://aclanthology.org/P19-1001/")).toBeUndefined();
  });

  it("is what show --json says after an ingest, for a note with its site and one without", async () => {
    writeFileSync(join(tmp.dir, "002_ab12.txt"), note("Counting Kelp In Tidal Ledgers", "arXiv: https://arxiv.org/abs/2403.10001 · HTML: https://ledger-notes.example/paper/2403.10001/", 7));
    writeFileSync(join(tmp.dir, "003_cd34.txt"), note("Grading Harbour Models", "arXiv: https://arxiv.org/abs/2403.10002", 4));
    const db = join(tmp.dir, "map.db");
    const ingest = await runCli(["ingest", tmp.dir, "--db", db]);
    expect(ingest.code, ingest.stderr).toBe(0);
    const kelp = await runJson<{ citedByReport: { by: string } | null }>(["show", "2403.10001", "--db", db]);
    expect(kelp.citedByReport?.by).toBe("ledger-notes.example");
    const harbour = await runJson<{ citedByReport: { by: string } | null }>(["show", "2403.10002", "--db", db]);
    expect(harbour.citedByReport?.by).toBe("003_cd34.txt");
  });
});
