/**
 * Reading lists on the command line: the --format option and where the text goes (--out FILE,
 * else stdout). The rendering itself is graph/list-formats.ts.
 */
import { writeFileSync } from "node:fs";
import { LIST_FORMATS, type ListFormat } from "../../api/types.ts";
import { CliError, EXIT } from "./cli-error.ts";
import { userPath, type CommandContext } from "./context.ts";
import { oneLine } from "./terminal-text.ts";

export function listFormat(ctx: CommandContext, command: string): ListFormat {
  if (ctx.json) return "json";
  const raw = ctx.values.format;
  if (raw === undefined) return "md";
  if (typeof raw === "string" && (LIST_FORMATS as readonly string[]).includes(raw)) return raw as ListFormat;
  throw new CliError(`${command}: unknown --format ${String(raw)} (supported: ${LIST_FORMATS.join(", ")})`, EXIT.usage);
}

/** Writes to --out FILE (relative to where the user ran the command), else prints. */
export function emit(ctx: CommandContext, text: string): void {
  const out = ctx.values.out;
  if (typeof out === "string" && out !== "-") {
    writeFileSync(userPath(out), text.endsWith("\n") ? text : text + "\n");
    ctx.err(`Wrote ${oneLine(userPath(out))}`);
  } else {
    ctx.out(text);
  }
}
