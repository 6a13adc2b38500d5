/**
 * How deep a YAML text nests, measured in one pass before a YAML parser sees it: the yaml package
 * recurses per level, so 1,000 levels overflow its stack and 20,000 levels of `[` have exhausted
 * the heap of the whole process (a fatal error no try/catch sees; issue 17, item 3). Counted:
 * flow collections (`[`, `{` where a value may start, outside quoted scalars and comments) and
 * block nesting (indentation levels, plus `- ` and `? ` entries opened on one line). Block scalar
 * text (`|`, `>`) is skipped. Over-counting is harmless: a real cassette nests about 8 levels.
 */

export const MAX_YAML_DEPTH = 200;

/** The line where the text first nests deeper than `max`, or undefined. */
export function yamlTooDeepAt(text: string, max = MAX_YAML_DEPTH): number | undefined {
  const indents: number[] = [];
  let flow = 0;
  let quote: '"' | "'" | undefined;
  let blockIndent: number | undefined;
  let lineNo = 0;
  for (const line of text.split("\n")) {
    lineNo++;
    const indent = line.length - line.trimStart().length;
    const body = line.trimStart();
    if (blockIndent !== undefined) {
      if (body === "" || indent > blockIndent) continue;
      blockIndent = undefined;
    }
    if (quote === undefined && flow === 0 && body !== "" && !body.startsWith("#")) {
      while (indents.length > 0 && (indents[indents.length - 1] ?? 0) >= indent) indents.pop();
      indents.push(indent);
    }
    // Where a value may start: line start, after ": ", "- ", "? ", or inside a flow collection.
    let valueMayStart = true;
    let entries = 0;
    for (let i = indent; i < line.length; i++) {
      const c = line[i];
      if (quote) {
        if (c === "\\" && quote === '"') i++;
        else if (c === quote) {
          if (quote === "'" && line[i + 1] === "'") i++;
          else quote = undefined;
        }
        continue;
      }
      if (c === " " || c === "\t" || c === "\r") continue;
      if (c === "#" && (i === 0 || line[i - 1] === " ")) break;
      if ((c === '"' || c === "'") && valueMayStart) quote = c;
      else if ((c === "[" || c === "{") && (valueMayStart || flow > 0)) flow++;
      else if ((c === "]" || c === "}") && flow > 0) flow--;
      else if ((c === "-" || c === "?") && valueMayStart && flow === 0 && (line[i + 1] === " " || i + 1 === line.length)) entries++;
      else if ((c === "|" || c === ">") && valueMayStart && flow === 0 && /^[|>][-+0-9]*\s*(?:#.*)?$/.test(line.slice(i))) {
        blockIndent = indent;
        break;
      }
      valueMayStart = c === ":" || c === "," || c === "[" || c === "{" || c === "-" || c === "?";
      if (indents.length + entries + flow > max) return lineNo;
    }
    if (indents.length + entries + flow > max) return lineNo;
  }
  return undefined;
}
