/**
 * The whole citation graph in files other tools open: graphology's JSON, GEXF (Gephi) and GraphML
 * (graphology-gexf writes GEXF; graphology-graphml only parses, so graphml-writer.ts writes), and CSV node and edge
 * tables as Gephi's spreadsheet import reads them (RFC 4180 quoting, and a text cell that would
 * be a formula neutralised as OWASP advises). Each edge's source builds
 * on its target. List attributes are joined with "; " since GraphML has no list type, and XML 1.0
 * forbids control characters, which are dropped from text.
 */
import type Graph from "graphology";
import type { Attributes } from "graphology-types";
import * as gexf from "graphology-gexf";
import * as graphml from "graphology-graphml";
import { writeGraphml } from "./graphml-writer.ts";

export const GRAPH_FORMATS = ["json", "gexf", "graphml", "csv"] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

/** graphology's GEXF reader and writer, and its GraphML reader (the writer is ours). */
export const XML_FORMATS = { gexf, graphml } as const;

export function xmlText(value: string): string {
  let out = "";
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffe || c === 0xffff) continue;
    out += ch;
  }
  return out;
}

/** Scalar attributes only: lists joined, nulls dropped, text made XML-safe, a label for Gephi. */
export function flatAttributes(attributes: Attributes, label?: string): Attributes {
  const out: Attributes = {};
  if (label !== undefined) out.label = xmlText(label);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) out[key] = xmlText(value.map(String).join("; "));
    else if (typeof value === "string") out[key] = xmlText(value);
    else out[key] = value as unknown;
  }
  return out;
}

export function serializeGraph(graph: Graph, format: Exclude<GraphFormat, "csv">): string {
  if (format === "json") return JSON.stringify(graph.export());
  const label = (key: string, attributes: Attributes) => (typeof attributes.title === "string" ? attributes.title : key);
  if (format === "gexf") {
    // graphology-gexf's formatters return { label, attributes } (its own node model).
    return gexf.write(graph, {
      formatNode: (key, attributes) => ({ label: xmlText(label(key, attributes)), attributes: flatAttributes(attributes) }),
      formatEdge: (_key, attributes) => ({ attributes: flatAttributes(attributes) }),
    });
  }
  return writeGraphml(
    graph,
    (key, attributes) => flatAttributes(attributes, label(key, attributes)),
    (_key, attributes) => flatAttributes(attributes),
  );
}

/** Gephi's spreadsheet import: a node table (Id, Label, ...) and an edge table (Source, Target, Type, ...). */
export function graphToCsv(graph: Graph): { nodes: string; edges: string } {
  const nodeColumns = new Set<string>();
  graph.forEachNode((_key, attributes) => Object.keys(attributes).forEach((k) => nodeColumns.add(k)));
  const edgeColumns = new Set<string>();
  graph.forEachEdge((_key, attributes) => Object.keys(attributes).forEach((k) => edgeColumns.add(k)));
  const nodeKeys = [...nodeColumns];
  const edgeKeys = [...edgeColumns];
  const nodes = [["Id", "Label", ...nodeKeys].map(csvCell).join(",")];
  graph.forEachNode((key, attributes) => {
    const flat = flatAttributes(attributes);
    nodes.push([key, xmlText(typeof attributes.title === "string" ? attributes.title : key), ...nodeKeys.map((k) => flat[k])].map(csvCell).join(","));
  });
  const edges = [["Source", "Target", "Type", ...edgeKeys].map(csvCell).join(",")];
  graph.forEachEdge((_key, attributes, source, target) => {
    const flat = flatAttributes(attributes);
    edges.push([source, target, "Directed", ...edgeKeys.map((k) => flat[k])].map(csvCell).join(","));
  });
  return { nodes: nodes.join("\r\n") + "\r\n", edges: edges.join("\r\n") + "\r\n" };
}

/**
 * What a spreadsheet reads as a formula: a cell starting with =, +, -, @ (or their full-width
 * forms), a tab or a line break. OWASP's advice (https://owasp.org/www-community/attacks/CSV_Injection):
 * prefix such a text cell with a single quote, and quote the cell.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const raw = String(value);
  // Numbers are never formulas (-0.5 is a coordinate); text that looks like one is neutralised.
  const text = typeof value === "string" && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
