/**
 * GraphML (Brandes et al., "GraphML Progress Report", Graph Drawing 2001) for the citation graph.
 * graphology-graphml only parses, so this writes: one <key> per attribute with its type (boolean,
 * int, double or string, from the values present), then nodes and directed edges. Attribute
 * values must already be flat scalars (see flatAttributes in graph-formats.ts).
 */
import type Graph from "graphology";
import type { Attributes } from "graphology-types";

type KeyType = "boolean" | "int" | "double" | "string";

function typeOf(value: unknown): KeyType {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "double";
  return "string";
}

/** The widest type seen for each attribute (int widens to double, anything mixed to string). */
function keyTypes(items: Attributes[]): Map<string, KeyType> {
  const types = new Map<string, KeyType>();
  for (const attributes of items) {
    for (const [name, value] of Object.entries(attributes)) {
      const t = typeOf(value);
      const seen = types.get(name);
      if (!seen || seen === t) types.set(name, t);
      else if ((seen === "int" && t === "double") || (seen === "double" && t === "int")) types.set(name, "double");
      else types.set(name, "string");
    }
  }
  return types;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
}

export function writeGraphml(graph: Graph, formatNode: (key: string, attributes: Attributes) => Attributes, formatEdge: (key: string, attributes: Attributes) => Attributes): string {
  const nodes: [string, Attributes][] = [];
  graph.forEachNode((key, attributes) => nodes.push([key, formatNode(key, attributes)]));
  const edges: [string, string, string, Attributes][] = [];
  graph.forEachEdge((key, attributes, source, target) => edges.push([key, source, target, formatEdge(key, attributes)]));
  const nodeKeys = keyTypes(nodes.map(([, a]) => a));
  const edgeKeys = keyTypes(edges.map(([, , , a]) => a));
  const keyId = (scope: "n" | "e", name: string) => `${scope}_${escapeXml(name)}`;
  const data = (scope: "n" | "e", attributes: Attributes) =>
    Object.entries(attributes)
      .map(([name, value]) => `<data key="${keyId(scope, name)}">${escapeXml(String(value))}</data>`)
      .join("");
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    ...[...nodeKeys].map(([name, t]) => `<key id="${keyId("n", name)}" for="node" attr.name="${escapeXml(name)}" attr.type="${t}"/>`),
    ...[...edgeKeys].map(([name, t]) => `<key id="${keyId("e", name)}" for="edge" attr.name="${escapeXml(name)}" attr.type="${t}"/>`),
    '<graph id="lineage" edgedefault="directed">',
    ...nodes.map(([key, a]) => `<node id="${escapeXml(key)}">${data("n", a)}</node>`),
    ...edges.map(([key, s, t, a]) => `<edge id="${escapeXml(key)}" source="${escapeXml(s)}" target="${escapeXml(t)}">${data("e", a)}</edge>`),
    "</graph>",
    "</graphml>",
  ];
  return lines.join("\n");
}
