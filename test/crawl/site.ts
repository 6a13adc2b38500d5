/**
 * A small, seeded citation site for crawl tests: papers with arXiv-style IDs whose pages list what
 * each builds on and what builds on it, with links relative to the site. Half the pages are HTML
 * made from the html-page golden fixture (test/fixtures/pages/html-page-2306.03100) with its
 * lists, title and identifiers replaced; the other half are Markdown pages as users save them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "cheerio";
import { seededRandom } from "../../crawl/backoff.ts";
import { ROOT } from "../helpers/cli.ts";

export interface SitePaper {
  id: string;
  title: string;
  year: number;
  buildsOn: string[];
  builtBy: string[];
  format: "html" | "markdown";
}

const WORDS = "evaluation benchmark language models reasoning robust measuring faithful calibration human judgment agents contamination scaling metrics leaderboard".split(" ");

export const paperPath = (id: string) => `/paper/${id}/`;

/** `count` papers; paper i builds on up to `fanout` earlier papers (seeded). */
export function makeSite(count: number, options: { seed?: number; fanout?: number } = {}): Map<string, SitePaper> {
  const random = seededRandom(options.seed ?? 7);
  const papers = new Map<string, SitePaper>();
  const ids = Array.from({ length: count }, (_, i) => `2401.${String(i + 1).padStart(5, "0")}`);
  ids.forEach((id, i) => {
    const title = Array.from({ length: 4 }, () => WORDS[Math.floor(random() * WORDS.length)] ?? "x").join(" ");
    papers.set(id, { id, title: `${title[0]?.toUpperCase()}${title.slice(1)} ${i + 1}`, year: 2015 + Math.floor(i / 3), buildsOn: [], builtBy: [], format: i % 2 === 0 ? "html" : "markdown" });
  });
  ids.forEach((id, i) => {
    const fanout = options.fanout ?? 3;
    const picks = new Set<string>();
    for (let k = 0; k < fanout && i > 0; k++) picks.add(ids[Math.floor(random() * i)] as string);
    for (const cited of picks) {
      papers.get(id)?.buildsOn.push(cited);
      papers.get(cited)?.builtBy.push(id);
    }
  });
  return papers;
}

const TEMPLATE = readFileSync(join(ROOT, "test/fixtures/pages/html-page-2306.03100/source.html"), "utf8");

/** A page in the html-page fixture's layout; `extra` adds list entries (fault links, other hosts). */
export function renderHtml(p: SitePaper, site: Map<string, SitePaper>, extra: { href: string; title: string }[] = []): string {
  const $ = load(TEMPLATE);
  $('link[rel="canonical"], meta[property="og:url"], header.site-header, aside, footer, script, noscript, link[rel="prefetch"]').remove();
  $("title").text(`${p.title} · mlsanity`);
  $('meta[property="og:title"]').attr("content", p.title);
  $("article > header h1").text(p.title);
  $("article > header p.links").html(`<a href="https://arxiv.org/abs/${p.id}">arXiv</a>`);
  $("section.key-facts ul").html(
    `<li>Cited by ${p.builtBy.length} papers in the map (data through 14 Oct 2026).</li><li>Builds on ${p.buildsOn.length} of its ${p.buildsOn.length} references that are in the map.</li>`,
  );
  $("section.placed-in").remove();
  const item = (id: string) => {
    const q = site.get(id);
    return q ? `<li><a href="${paperPath(id)}">${q.title}</a> (${q.year})</li>` : "";
  };
  const extras = extra.map((e) => `<li><a href="${e.href}">${e.title}</a> (2024)</li>`).join("\n");
  $("section.refs h2").html(`Builds on <small>(most cited first, ${p.buildsOn.length + extra.length} of ${p.buildsOn.length + extra.length})</small>`);
  $("section.refs ul.entries").html(p.buildsOn.map(item).join("\n") + extras);
  $("section.cites h2").html(`Built on by <small>(most cited first, ${p.builtBy.length} of ${p.builtBy.length})</small>`);
  $("section.cites ul.entries").html(p.builtBy.map(item).join("\n"));
  $("section.cites p.more").remove();
  $("section.abstract p").text(`We study ${p.title.toLowerCase()} and report what we found.`);
  return $.html();
}

export function renderMarkdown(p: SitePaper, site: Map<string, SitePaper>): string {
  const item = (id: string) => {
    const q = site.get(id);
    return q ? `- [${q.title}](${paperPath(id)}) (${q.year})` : "";
  };
  return [
    `# ${p.title}`,
    "",
    `arXiv: https://arxiv.org/abs/${p.id}`,
    "",
    "## Key facts",
    "",
    `- Cited by ${p.builtBy.length} papers in the map (data through 14 Oct 2026).`,
    `- Builds on ${p.buildsOn.length} of its ${p.buildsOn.length} references that are in the map.`,
    "",
    `## Builds on (most cited first, ${p.buildsOn.length} of ${p.buildsOn.length})`,
    "",
    ...p.buildsOn.map(item),
    "",
    `## Built on by (most cited first, ${p.builtBy.length} of ${p.builtBy.length})`,
    "",
    ...p.builtBy.map(item),
    "",
  ].join("\n");
}

/** Every paper reachable from `start` within `depth` steps along both lists, with its depth. */
export function reachable(site: Map<string, SitePaper>, start: string, depth: number): Map<string, number> {
  const seen = new Map([[start, 0]]);
  let frontier = [start];
  for (let d = 1; d <= depth; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      const p = site.get(id);
      for (const other of [...(p?.buildsOn ?? []), ...(p?.builtBy ?? [])]) {
        if (!seen.has(other)) {
          seen.set(other, d);
          next.push(other);
        }
      }
    }
    frontier = next;
  }
  return seen;
}
