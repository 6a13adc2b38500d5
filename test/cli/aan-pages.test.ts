/**
 * A user's folder of a few hundred real paper pages (AAN papers rendered in the three page
 * formats by scripts/render-aan-pages.ts, seeded) ingests with no duplicate papers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { renderAanPages } from "../../scripts/render-aan-pages.ts";
import { runCli, runJson, ROOT, tempDir } from "../helpers/cli.ts";

const tmp = tempDir();
const pages = join(tmp.dir, "pages");
const db = join(tmp.dir, "aan.db");

interface Node {
  key: string;
  attributes: { title: string; year: number | null; aclId: string | null; stub: boolean };
}

let nodes: Node[];
let edges: Set<string>;

beforeAll(async () => {
  const rendered = renderAanPages({ aanDir: join(ROOT, "data/aan"), outDir: pages, count: 300, seed: 7 });
  expect(rendered.written).toBe(300);
  expect(Math.min(...Object.values(rendered.byFormat))).toBeGreaterThan(50);
  const report = await runJson<{ pages: { ingested: number; failed: number } }>(["ingest", pages, "--db", db]);
  expect(report.pages).toMatchObject({ ingested: 300, failed: 0 });
  const r = await runCli(["export", "--format", "json", "--db", db]);
  const graph = JSON.parse(r.stdout) as { nodes: Node[]; edges: { source: string; target: string }[] };
  nodes = graph.nodes;
  edges = new Set(graph.edges.map((e) => `${e.source} ${e.target}`));
});
afterAll(() => tmp.cleanup());

describe("a folder of 300 rendered AAN pages", () => {
  it("gives every ACL Anthology paper exactly one node, and every page's paper its identifier", () => {
    const byAcl = new Map<string, number>();
    for (const n of nodes) if (n.attributes.aclId) byAcl.set(n.attributes.aclId, (byAcl.get(n.attributes.aclId) ?? 0) + 1);
    expect([...byAcl.values()].every((c) => c === 1)).toBe(true);
    for (const file of readdirSync(pages)) {
      const id = file.replace(/\.(md|txt|html)$/, "");
      expect(byAcl.get(id), `${file} has no node`).toBe(1);
    }
  });

  it("keeps every linked citation as one edge between the identified papers", () => {
    let checked = 0;
    for (const file of readdirSync(pages).filter((f) => !f.endsWith(".txt"))) {
      const self = `acl:${file.replace(/\.(md|html)$/, "")}`;
      const text = readFileSync(join(pages, file), "utf8");
      const builtByAt = text.search(/Built on by/);
      const sectionOf = (at: number) => (at < builtByAt ? "buildsOn" : "builtBy");
      const buildsOnAt = text.search(/Builds on \(/);
      for (const m of text.matchAll(/aclanthology\.org\/([A-Z]\d{2}-\d{4})\//g)) {
        const at = m.index ?? 0;
        if (at < buildsOnAt || m[1] === self.slice(4)) continue;
        if (file.endsWith(".html") && text.lastIndexOf("<footer", at) > text.lastIndexOf("</footer", at)) continue;
        const edge = sectionOf(at) === "buildsOn" ? `${self} acl:${m[1]}` : `acl:${m[1]} ${self}`;
        expect(edges.has(edge), `${file}: ${edge}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("merges title-only references from text captures into identified papers where one exists", () => {
    const identifiedTitles = new Set(nodes.filter((n) => n.attributes.aclId).map((n) => `${n.attributes.title.toLowerCase()}|${n.attributes.year}`));
    const stubs = nodes.filter((n) => !n.attributes.aclId);
    // A title-only node may share its title with an identified paper only when years differ by more than one.
    for (const s of stubs) {
      for (const dy of [-1, 0, 1]) {
        const year = s.attributes.year === null ? null : s.attributes.year + dy;
        expect(identifiedTitles.has(`${s.attributes.title.toLowerCase()}|${year}`), s.attributes.title).toBe(false);
      }
    }
  });
});
