/**
 * A RIS export made by citation-js (`new Cite(items).format("ris")`) from the first entries of a
 * BibTeX file, as a user converting their bibliography would get it: each entry parsed alone (the
 * malformed ones are left out, as citation-js cannot read them), and the 70-column wrapping that
 * citation-js applies inside long values rejoined, so that every line is one tag.
 */
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import { plugins } from "@citation-js/core";
import { splitBibtex } from "../../ingest/sources/bibtex.ts";

interface CiteClass {
  new (data: unknown): { format(style: string): string };
}

const TAG = /^[A-Z][A-Z0-9] {2}-/;

/** RIS text for the first `count` entries of `bibtex`, and how many of them citation-js read. */
export async function risFromBibtex(bibtex: string, count: number): Promise<{ ris: string; read: number }> {
  const { Cite } = (await import("@citation-js/core")) as unknown as { Cite: CiteClass };
  const chunks = splitBibtex(bibtex).slice(0, count);
  const items: unknown[] = [];
  for (const chunk of chunks) {
    try {
      items.push(...(plugins.input.chain(chunk.text, { target: "@csl/list+object", generateGraph: false }) as unknown[]));
    } catch {
      // a malformed entry: citation-js cannot read it, so it is not in the export
    }
  }
  const wrapped = new Cite(items).format("ris").split("\n");
  const lines: string[] = [];
  for (const line of wrapped) {
    if (TAG.test(line) || lines.length === 0) lines.push(line);
    else lines[lines.length - 1] += line;
  }
  return { ris: lines.join("\n") + "\n", read: items.length };
}
