/**
 * `lineage contexts REF [--builds-on] [--limit N] [--json]`: how a paper's direct citations cite,
 * where a source said (library/citation-contexts.ts): by default the papers building on it ("cites
 * it as background / method / result", the citing sentence), with --builds-on the papers it builds
 * on and how it cites them.
 */
import { citationContexts } from "../../library/citation-contexts.ts";
import { DEFAULT_CITATION_CONTEXTS, MAX_CITATION_CONTEXTS } from "../../api/endpoints.ts";
import { EXIT } from "./cli-error.ts";
import { intOption, printJson, requirePaper, withGraph, type CommandContext } from "./context.ts";

export function contextsCommand(ctx: CommandContext): number {
  return withGraph(ctx, (db, graph) => {
    const paper = requirePaper(graph, ctx.positionals[0]);
    const direction = ctx.values["builds-on"] === true ? "buildsOn" : "builtBy";
    const answer = citationContexts(db, graph, paper, direction, intOption(ctx, "limit", DEFAULT_CITATION_CONTEXTS, 1, MAX_CITATION_CONTEXTS));
    if (ctx.json) {
      printJson(ctx, answer);
      return EXIT.ok;
    }
    const which = direction === "builtBy" ? `papers citing it, a source says how ${answer.described} cite it` : `papers it cites, a source says how it cites ${answer.described}`;
    const lines = [
      `${answer.paper.title ?? answer.paper.id}: of the ${answer.direct} ${which}`,
      ...answer.citations.flatMap((c) => [
        `  ${c.title ?? c.id}${c.year ? ` (${c.year})` : ""}: ${c.intents.length > 0 ? `as ${c.intents.join(", ")}` : "no intent given"}${c.isInfluential ? "; influential" : ""}`,
        ...c.contexts.map((s) => `    “${s}”`),
      ]),
      ...(answer.truncated ? [`  (${answer.described - answer.citations.length} more: --limit)`] : []),
    ];
    ctx.out(lines.join("\n"));
    return EXIT.ok;
  });
}
