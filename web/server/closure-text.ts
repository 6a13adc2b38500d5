/**
 * The JSON text of a deep closure's answer (builds-on or built-by past one step), assembled from
 * each reached paper's brief text, made once per paper for the loaded graph. Such an answer lists
 * the briefs of tens to thousands of papers, and JSON.stringify of them was most of a depth-2
 * request's server CPU on AAN (BENCHMARKS.md, "What the server keeps and why"); on one graph a
 * paper's brief is the same in every answer, only its depth differs. The text is JSON.stringify's,
 * character for character (test/server/closure-text.test.ts). One-step lists carry a relevance
 * score per answer and are left to JSON.stringify.
 */
import type { ClosureResponse, ReachedPaper } from "../../api/types.ts";
import type { EndpointRequest } from "../../api/endpoints.ts";
import type { LineageGraph } from "../../library/lineage-graph.ts";

/** Brief texts kept at most (each a few hundred bytes); past it the keep starts again. */
export const MAX_KEPT_BRIEFS = 200_000;

export class ClosureText {
  /** Per loaded graph (each collection's, until it is replaced), each paper's brief text by id. */
  private readonly briefsOf = new WeakMap<LineageGraph, Map<string, string>>();

  constructor(private readonly maxKept = MAX_KEPT_BRIEFS) {}

  /** Any answer's JSON text: a closure's assembled here, the rest by JSON.stringify. */
  answerText(graph: LineageGraph, request: EndpointRequest | undefined, status: number, body: unknown): string {
    return status === 200 && request?.endpoint === "closure" ? this.of(graph, body as ClosureResponse) : JSON.stringify(body);
  }

  /** The answer as JSON, the same text JSON.stringify gives. `graph`: the graph it was answered from. */
  of(graph: LineageGraph, answer: ClosureResponse): string {
    if (answer.papers.some((p) => p.relevance !== undefined)) return JSON.stringify(answer);
    let briefs = this.briefsOf.get(graph);
    if (!briefs) {
      briefs = new Map();
      this.briefsOf.set(graph, briefs);
    }
    let papers = "";
    for (const p of answer.papers) papers += `${papers === "" ? "" : ","}${this.briefText(briefs, p)},"depth":${JSON.stringify(p.depth)}}`;
    return `{"paper":${JSON.stringify(answer.paper)},"direction":${JSON.stringify(answer.direction)},"depth":${JSON.stringify(answer.depth)},"papers":[${papers}],"truncated":${JSON.stringify(answer.truncated)}}`;
  }

  /** The brief's JSON text without its depth and closing brace (depth is a reached paper's last field). */
  private briefText(briefs: Map<string, string>, p: ReachedPaper): string {
    let text = briefs.get(p.id);
    if (text === undefined) {
      text = JSON.stringify(Object.assign({}, p, { depth: undefined })).slice(0, -1);
      if (briefs.size >= this.maxKept) briefs.clear();
      briefs.set(p.id, text);
    }
    return text;
  }
}
