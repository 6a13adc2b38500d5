/** Every export format parsed back by its own library: citation-js for citations, graphology for graphs. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Graph from "graphology";
import { formatCitations, parseCitations, parseName, type CitablePaper } from "../../graph/citation-export.ts";
import { graphToCsv, XML_FORMATS } from "../../graph/graph-formats.ts";
import { runCli, SEEDS, tempDir } from "../helpers/cli.ts";

const PAPERS: CitablePaper[] = [
  {
    id: "arxiv:1706.03762",
    title: "Attention Is All You Need",
    year: 2017,
    date: "2017-06-12",
    authors: ["Ashish Vaswani", "Noam Shazeer"],
    arxivId: "1706.03762",
    note: "built on by 2 of your 2 seeds",
  },
  { id: "acl:D10-1001", title: "On Dual Decomposition and Linear Programming Relaxations", year: 2010, authors: ["Rush, Alexander M.", "Collins, Michael John"], venue: "EMNLP", aclId: "D10-1001" },
  { id: "doi:10.1162/coli.2009.35.1.1", title: "A Journal Paper & Its <Markup>", year: 2009, authors: ["Ludwig van Beethoven"], venue: "Computational Linguistics", doi: "10.1162/coli.2009.35.1.1" },
  { id: "title:abc", title: "Training Verifiers to Solve Math Word Problems", year: 2021, authors: [] },
  { id: "arxiv:2303.08774", title: "GPT-4 Technical Report", year: 2023, authors: ["OpenAI"], arxivId: "2303.08774" },
];

function checkRoundTrip(items: ReturnType<typeof parseCitations>) {
  expect(items).toHaveLength(PAPERS.length);
  const byTitle = new Map(items.map((i) => [String(i.title).replace(/[{}]/g, ""), i]));
  for (const p of PAPERS) {
    const item = byTitle.get(p.title ?? "");
    expect(item, p.title ?? "").toBeDefined();
    expect(item?.issued?.["date-parts"]?.[0]?.[0]).toBe(p.year);
    if (p.doi) expect(item?.DOI?.toLowerCase()).toBe(p.doi);
    if (p.arxivId) expect(item?.URL).toBe(`https://arxiv.org/abs/${p.arxivId}`);
    if (p.aclId) expect(item?.URL).toBe(`https://aclanthology.org/${p.aclId}`);
  }
  const vaswani = byTitle.get("Attention Is All You Need");
  expect(vaswani?.author?.map((a) => a.family)).toEqual(["Vaswani", "Shazeer"]);
  expect(byTitle.get("On Dual Decomposition and Linear Programming Relaxations")?.author?.[0]).toMatchObject({ family: "Rush", given: "Alexander M." });
}

describe("citations through citation-js", () => {
  it("BibTeX parses back, with arXiv eprint fields added", () => {
    const bibtex = formatCitations(PAPERS, "bibtex");
    checkRoundTrip(parseCitations(bibtex));
    expect(bibtex).toMatch(/@misc\{vaswani2017attention,\n\teprint = \{1706\.03762\},\n\tarchivePrefix = \{arXiv\},/);
    expect(bibtex).toMatch(/@misc\{openai2023gpt4,\n\teprint = \{2303\.08774\},/);
    expect(bibtex).toMatch(/@inproceedings\{rush2010dual,[^@]*booktitle = \{EMNLP\}/);
    expect(bibtex).toMatch(/@article\{beethoven2009journal,[^@]*journal = \{Computational Linguistics\}/);
    expect(bibtex.match(/eprint = /g)).toHaveLength(2);
  });

  it("RIS parses back", () => {
    const ris = formatCitations(PAPERS, "ris");
    checkRoundTrip(parseCitations(ris));
    expect(ris).toMatch(/TY {2}- GEN[\s\S]*M1 {2}- arXiv:1706\.03762/);
    expect(ris).toMatch(/TY {2}- CONF/);
  });

  it("CSL-JSON parses back, preprints typed as CSL articles", () => {
    const csl = formatCitations(PAPERS, "csl");
    const items = JSON.parse(csl) as ReturnType<typeof parseCitations>;
    checkRoundTrip(parseCitations(csl));
    expect(items[0]).toMatchObject({ type: "article", publisher: "arXiv", number: "arXiv:1706.03762", note: "built on by 2 of your 2 seeds" });
    expect(items[0]?.issued?.["date-parts"]).toEqual([[2017, 6, 12]]);
    expect(items[2]).toMatchObject({ type: "article-journal", "container-title": "Computational Linguistics", URL: "https://doi.org/10.1162/coli.2009.35.1.1" });
  });

  it("reads names in either order, keeping particles and organisations", () => {
    expect(parseName("Rush, Alexander M.")).toEqual({ family: "Rush", given: "Alexander M." });
    expect(parseName("Ludwig van Beethoven")).toEqual({ family: "van Beethoven", given: "Ludwig" });
    expect(parseName("OpenAI")).toEqual({ literal: "OpenAI" });
  });
});

/** RFC 4180, as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") endRow();
    else if (ch === "\r" && text[i + 1] === "\n") {
      i++;
      endRow();
    } else cell += ch;
  }
  if (cell || row.length > 0) endRow();
  return rows;
}

describe("graph exports of the seeds graph", () => {
  const tmp = tempDir();
  const db = join(tmp.dir, "seeds.db");
  let reference: Graph;

  beforeAll(async () => {
    expect((await runCli(["ingest", SEEDS, "--db", db])).code).toBe(0);
    const json = await runCli(["export", "--format", "json", "--db", db]);
    reference = Graph.from(JSON.parse(json.stdout) as Parameters<typeof Graph.from>[0]);
  });
  afterAll(() => tmp.cleanup());

  it("JSON parses back into graphology", () => {
    expect(reference.order).toBe(189);
    expect(reference.size).toBe(197);
    expect(reference.type).toBe("directed");
  });

  it("CSV node and edge tables parse back to the same graph", async () => {
    const r = await runCli(["export", "--format", "csv", "--out", join(tmp.dir, "seeds.csv"), "--db", db]);
    expect(r.code).toBe(0);
    const nodes = parseCsv(readFileSync(join(tmp.dir, "seeds-nodes.csv"), "utf8"));
    const edges = parseCsv(readFileSync(join(tmp.dir, "seeds-edges.csv"), "utf8"));
    const [nodeHead, ...nodeRows] = nodes;
    const [edgeHead, ...edgeRows] = edges;
    expect(nodeHead?.slice(0, 3)).toEqual(["Id", "Label", "title"]);
    expect(edgeHead?.slice(0, 3)).toEqual(["Source", "Target", "Type"]);
    const back = new Graph({ type: "directed" });
    for (const row of nodeRows) back.addNode(row[0] as string, { title: row[2] });
    for (const row of edgeRows) back.addDirectedEdge(row[0] as string, row[1] as string);
    expect(back.order).toBe(reference.order);
    expect(back.size).toBe(reference.size);
    reference.forEachNode((key, attributes) => expect(back.getNodeAttribute(key, "title")).toBe(attributes.title ?? ""));
    reference.forEachEdge((_e, _a, source, target) => expect(back.hasDirectedEdge(source, target)).toBe(true));
    // Straight to stdout, one table at a time.
    const stdout = await runCli(["export", "--format", "csv", "--table", "nodes", "--db", db]);
    expect(parseCsv(stdout.stdout + "\n")).toHaveLength(190);
  });

  it("tables survive quotes, commas and line breaks in titles", () => {
    const g = new Graph({ type: "directed" });
    g.addNode("a", { title: 'Say "hello", world\nagain', directions: ["x", "y"] });
    g.addNode("b", { title: null });
    g.addDirectedEdge("a", "b", { kind: "cites" });
    const { nodes } = graphToCsv(g);
    expect(parseCsv(nodes)).toEqual([
      ["Id", "Label", "title", "directions"],
      ["a", 'Say "hello", world\nagain', 'Say "hello", world\nagain', "x; y"],
      ["b", "b", "", ""],
    ]);
  });

  for (const format of ["gexf", "graphml"] as const) {
    it(`${format.toUpperCase()} parses back with graphology-${format}`, async () => {
      const out = join(tmp.dir, `seeds.${format}`);
      const r = await runCli(["export", "--format", format, "--out", out, "--db", db]);
      expect(r.code, r.stderr).toBe(0);
      const back = XML_FORMATS[format].parse(Graph, readFileSync(out, "utf8"));
      expect(back.order).toBe(reference.order);
      expect(back.size).toBe(reference.size);
      reference.forEachNode((key, attributes) => expect(back.getNodeAttribute(key, "title")).toBe(attributes.title));
      reference.forEachEdge((_e, _a, source, target) => expect(back.hasDirectedEdge(source, target)).toBe(true));
    });
  }
});
