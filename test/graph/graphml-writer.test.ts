// @vitest-environment jsdom
/**
 * The GraphML writer (graph/graphml-writer.ts): one <key> per attribute with the widest type its
 * values need (int widens to double, any other mix to string), nodes, then directed edges, every
 * piece of text escaped. A document written out by hand, the type rules, hostile text in ids,
 * attribute names and values, the path the CLI's export takes (graph-formats.ts), and a property:
 * random graphs written, checked well-formed by a strict XML parser (jsdom's DOMParser), and
 * read back with graphology-graphml to the same nodes, edges and typed attributes.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import Graph from "graphology";
import type { Attributes } from "graphology-types";
import * as graphml from "graphology-graphml";
import { writeGraphml } from "../../graph/graphml-writer.ts";
import { serializeGraph } from "../../graph/graph-formats.ts";

const asIs = (_key: string, attributes: Attributes) => attributes;
const write = (graph: Graph) => writeGraphml(graph, asIs, asIs);

/** The document a strict parser makes of the text, failing on anything not well-formed XML. */
function strictlyParsed(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const error = doc.getElementsByTagName("parsererror")[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent ?? ""}`);
  return doc;
}

const readBack = (xml: string) => graphml.parse(Graph, xml);

describe("GraphML writer on a hand-written document", () => {
  it("writes keys with their types, then nodes and edges, escaping text", () => {
    const graph = new Graph({ type: "directed" });
    graph.addNode("p1", { title: `Ropes & Pulleys <"on" 'lattices'>`, year: 2021, score: 0.5, stub: false });
    graph.addNode("p2", { title: "Plain", year: 2020, score: 1, stub: true });
    graph.addDirectedEdgeWithKey("p1->p2", "p1", "p2", { kind: "cites" });
    expect(write(graph).split("\n")).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
      '<key id="n_title" for="node" attr.name="title" attr.type="string"/>',
      '<key id="n_year" for="node" attr.name="year" attr.type="int"/>',
      // 0.5 and 1: an int among doubles is a double.
      '<key id="n_score" for="node" attr.name="score" attr.type="double"/>',
      '<key id="n_stub" for="node" attr.name="stub" attr.type="boolean"/>',
      '<key id="e_kind" for="edge" attr.name="kind" attr.type="string"/>',
      '<graph id="lineage" edgedefault="directed">',
      '<node id="p1"><data key="n_title">Ropes &amp; Pulleys &lt;&quot;on&quot; &apos;lattices&apos;&gt;</data><data key="n_year">2021</data><data key="n_score">0.5</data><data key="n_stub">false</data></node>',
      '<node id="p2"><data key="n_title">Plain</data><data key="n_year">2020</data><data key="n_score">1</data><data key="n_stub">true</data></node>',
      '<edge id="p1-&gt;p2" source="p1" target="p2"><data key="e_kind">cites</data></edge>',
      "</graph>",
      "</graphml>",
    ]);
  });

  it("writes an empty graph as a graph element with no keys, nodes or edges", () => {
    const xml = write(new Graph({ type: "directed" }));
    expect(xml).not.toContain("<key");
    expect(xml).toContain('<graph id="lineage" edgedefault="directed">\n</graph>');
    const back = readBack(xml);
    expect([back.order, back.size, back.type]).toEqual([0, 0, "directed"]);
  });

  it("writes a single paper with no attributes as a bare node", () => {
    const graph = new Graph({ type: "directed" });
    graph.addNode("alone");
    const xml = write(graph);
    expect(xml).toContain('<node id="alone"></node>');
    expect(readBack(xml).nodes()).toEqual(["alone"]);
  });
});

describe("GraphML attribute types", () => {
  const graph = new Graph({ type: "directed" });
  graph.addNode("a", { mixedNumber: 1, intThenText: 3, flagAndNumber: true, flag: true, weight: 4, onlyHere: -7 });
  graph.addNode("b", { mixedNumber: 2.5, intThenText: "three", flagAndNumber: 0, flag: false, weight: 5 });
  graph.addDirectedEdge("a", "b", { weight: 0.25 });
  const xml = write(graph);
  const keyLine = (id: string) => xml.split("\n").find((line) => line.startsWith(`<key id="${id}"`));

  it("declares the widest type each attribute needs, per scope", () => {
    expect(keyLine("n_mixedNumber")).toContain('attr.type="double"');
    expect(keyLine("n_intThenText")).toContain('attr.type="string"');
    expect(keyLine("n_flagAndNumber")).toContain('attr.type="string"');
    expect(keyLine("n_flag")).toContain('attr.type="boolean"');
    expect(keyLine("n_onlyHere")).toContain('attr.type="int"');
    // The same name on nodes and edges: two keys, each with its own type.
    expect(keyLine("n_weight")).toBe('<key id="n_weight" for="node" attr.name="weight" attr.type="int"/>');
    expect(keyLine("e_weight")).toBe('<key id="e_weight" for="edge" attr.name="weight" attr.type="double"/>');
  });

  it("reads back as the declared types: numbers, booleans, and text where values were mixed", () => {
    const back = readBack(xml);
    expect(back.getNodeAttributes("a")).toEqual({ mixedNumber: 1, intThenText: "3", flagAndNumber: "true", flag: true, weight: 4, onlyHere: -7 });
    // An attribute a node does not have is not written for it.
    expect(back.getNodeAttributes("b")).toEqual({ mixedNumber: 2.5, intThenText: "three", flagAndNumber: "0", flag: false, weight: 5 });
    expect(back.getEdgeAttributes(back.edge("a", "b"))).toEqual({ weight: 0.25 });
  });
});

describe("GraphML with hostile text", () => {
  const nasty = `</data></node><node id="injected">]]><!-- &amp; 'quoted' "double" \u{1F4A1} é`;

  it("escapes ids, attribute names and values so that nothing breaks out of its element", () => {
    const graph = new Graph({ type: "directed", multi: true });
    graph.addNode(nasty, { [nasty]: nasty, "x y": "spaced name", 'say "hi"': 1 });
    graph.addNode(`"><script>`, { [nasty]: "another" });
    graph.addDirectedEdgeWithKey(`${nasty}->`, nasty, `"><script>`, { [nasty]: true });
    // Two citations between the same papers, and a paper citing itself: written as they are.
    graph.addDirectedEdgeWithKey("again", nasty, `"><script>`);
    graph.addDirectedEdgeWithKey("self", nasty, nasty);
    const xml = write(graph);
    const doc = strictlyParsed(xml);
    expect(doc.getElementsByTagName("node")).toHaveLength(2);
    expect(doc.getElementsByTagName("edge")).toHaveLength(3);
    expect([...doc.getElementsByTagName("node")].map((n) => n.getAttribute("id"))).not.toContain("injected");
    const back = readBack(xml);
    expect(back.nodes()).toEqual([nasty, `"><script>`]);
    expect(back.getNodeAttributes(nasty)).toEqual({ [nasty]: nasty, "x y": "spaced name", 'say "hi"': 1 });
    expect(back.getNodeAttributes(`"><script>`)).toEqual({ [nasty]: "another" });
    expect(back.edges()).toEqual([`${nasty}->`, "again", "self"]);
    expect(back.extremities(`${nasty}->`)).toEqual([nasty, `"><script>`]);
    expect(back.extremities("self")).toEqual([nasty, nasty]);
    expect(back.getEdgeAttributes(`${nasty}->`)).toEqual({ [nasty]: true });
  });

  it("keeps line breaks and tabs in text (a CR comes back as LF: XML parsers normalise line ends)", () => {
    const graph = new Graph({ type: "directed" });
    graph.addNode("p", { abstract: "line one\n\tindented\r\nwindows line\rold mac line" });
    const xml = write(graph);
    strictlyParsed(xml);
    const back = readBack(xml);
    expect(back.getNodeAttribute("p", "abstract")).toBe("line one\n\tindented\nwindows line\nold mac line");
  });
});

describe("GraphML as the CLI's export writes it (graph-formats.ts)", () => {
  it("drops control characters XML 1.0 forbids, joins lists, leaves out nulls and labels nodes", () => {
    const graph = new Graph({ type: "directed" });
    graph.addNode("p1", { title: "Bell\u0007 and\u0000 Tab\tStop\uFFFF", directions: ["evaluation", "robustness"], venue: null, year: 2021 });
    graph.addNode("p2", { title: null, year: 2019 });
    graph.addDirectedEdgeWithKey("p1->p2", "p1", "p2", { kind: "cites" });
    const xml = serializeGraph(graph, "graphml");
    strictlyParsed(xml);
    const back = readBack(xml);
    expect(back.getNodeAttributes("p1")).toEqual({ label: "Bell and Tab\tStop", title: "Bell and Tab\tStop", directions: "evaluation; robustness", year: 2021 });
    // No title: the label is the paper's id.
    expect(back.getNodeAttributes("p2")).toEqual({ label: "p2", year: 2019 });
    expect(back.extremities("p1->p2")).toEqual(["p1", "p2"]);
  });
});

// ---- The property: random graphs written and read back. ----

type Kind = "boolean" | "int" | "double" | "string";
const kindOf = (value: unknown): Kind => (typeof value === "boolean" ? "boolean" : typeof value === "number" ? (Number.isInteger(value) ? "int" : "double") : "string");

/** The type each attribute name must be declared with: its one kind, double for ints with doubles, else string. */
function expectedTypes(items: Attributes[]): Map<string, Kind> {
  const kinds = new Map<string, Set<Kind>>();
  for (const attributes of items) for (const [name, value] of Object.entries(attributes)) (kinds.get(name) ?? kinds.set(name, new Set()).get(name))?.add(kindOf(value));
  return new Map(
    [...kinds].map(([name, seen]) => {
      const [only] = seen;
      const type: Kind = seen.size === 1 && only ? only : seen.size === 2 && seen.has("int") && seen.has("double") ? "double" : "string";
      return [name, type];
    }),
  );
}

/** An attribute value as a reader gets it back under its declared type. */
function readAs(type: Kind, value: unknown): unknown {
  return type === "string" ? String(value).replace(/\r\n?/g, "\n") : value;
}

const expectedAttributes = (attributes: Attributes, types: Map<string, Kind>): Attributes =>
  Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, readAs(types.get(name) ?? "string", value)]));

// Hostile characters, several scripts, an emoji; no control characters (flatAttributes drops
// them before the writer sees text), and no tab or line break in ids: XML turns those into
// spaces in attribute values, and no paper id has them.
const ID_UNITS = ["<", ">", "&", '"', "'", "]", ";", "=", "/", "-", " ", "a", "b", "Z", "é", "ß", "中", "\u{1F4A1}"];
const id = fc.string({ unit: fc.constantFrom(...ID_UNITS), minLength: 1, maxLength: 6 });
// Text may have line breaks and tabs. Not U+2028 or U+0085: graphology-graphml's reader (xmldom)
// turns them into line feeds as XML 1.1 would, where XML 1.0 parsers keep them as written.
const text = fc.string({ unit: fc.constantFrom(...ID_UNITS, "\n", "\t", "\r", "\u00a0"), maxLength: 12 });
// Attribute names: hostile too, but not r, g and b, which graphology-graphml's reader turns into a colour.
const NAMES = ["title", "year", "w", 'a"b', "<tag>", "&amp;", "x y", "ünï", "it's", "]]>"];
const value = fc.oneof(
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d)),
  text,
);
const attributes = fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 5 });
const graphs = fc
  .uniqueArray(fc.tuple(id, attributes), { minLength: 0, maxLength: 8, selector: ([key]) => key })
  .chain((nodes) =>
    fc.tuple(
      fc.constant(nodes),
      nodes.length === 0 ? fc.constant([]) : fc.uniqueArray(fc.tuple(id, fc.nat(nodes.length - 1), fc.nat(nodes.length - 1), attributes), { maxLength: 12, selector: ([key]) => key }),
    ),
  );

describe("GraphML written and read back", () => {
  it("gives back the same nodes, edges and typed attributes, from well-formed XML", () => {
    fc.assert(
      fc.property(graphs, ([nodes, edges]) => {
        const graph = new Graph({ type: "directed", multi: true });
        for (const [key, attrs] of nodes) graph.addNode(key, attrs);
        for (const [key, s, t, attrs] of edges) graph.addDirectedEdgeWithKey(key, nodes[s]?.[0], nodes[t]?.[0], attrs);
        const xml = write(graph);
        strictlyParsed(xml);
        const back = readBack(xml);
        const nodeTypes = expectedTypes(nodes.map(([, a]) => a));
        const edgeTypes = expectedTypes(edges.map(([, , , a]) => a));
        expect(back.nodes()).toEqual(nodes.map(([key]) => key));
        for (const [key, attrs] of nodes) expect(back.getNodeAttributes(key)).toEqual(expectedAttributes(attrs, nodeTypes));
        expect(back.edges()).toEqual(edges.map(([key]) => key));
        for (const [key, s, t, attrs] of edges) {
          expect(back.extremities(key)).toEqual([nodes[s]?.[0], nodes[t]?.[0]]);
          expect(back.getEdgeAttributes(key)).toEqual(expectedAttributes(attrs, edgeTypes));
        }
        expect(back.type).toBe("directed");
      }),
      { seed: 20260220, numRuns: 500 },
    );
  });
});
