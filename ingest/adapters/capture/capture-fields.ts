/**
 * Fields the capture reader reads from lines as they stand: identifiers of a line (leaving out the
 * last word of a capture cut mid-word) and of labelled values, arXiv category codes, and an
 * abstract cleaned of the capture's expanders and leaked markup. Pure.
 */
import { canonicalArxiv, identifiersFromUrl, merge } from "../../../vocabulary/identifiers.ts";
import type { Identifiers } from "../../../vocabulary/paper-page.ts";
import { identifiersIn } from "../page-text.ts";
import type { LabelledValue } from "./labels.ts";
import { isProse } from "./line-kinds.ts";

const ARXIV_CODE = /^(?:cs|math|stat|physics|q-bio|q-fin|eess|econ|astro-ph|cond-mat|nlin|quant-ph|hep-[a-z]{2,3}|nucl-[a-z]{2}|gr-qc|math-ph)\.[A-Z]{2}$/;

/** Identifiers of a line, leaving out the last word of a capture that stops mid-word. */
export function lineIds(line: string, cut: boolean): Identifiers {
  if (!cut) return identifiersIn(line);
  const words = line.split(/\s+/);
  const last = words[words.length - 1] ?? "";
  const whole = /(?:^|\D)(?:(?:0[7-9]|1[0-4])(?:0[1-9]|1[0-2])\.\d{4}|(?:1[5-9]|[2-9]\d)(?:0[1-9]|1[0-2])\.\d{5})(?:v\d+)?$/.test(last);
  return identifiersIn(whole ? line : words.slice(0, -1).join(" "));
}

/** The values of labels of one kind read as identifiers ("Paper ID: 1905.07830", "DOI:" / "10.…"). */
export function labelledIds(labels: readonly LabelledValue[], excluded: (i: number) => boolean, cutLine: number): Identifiers {
  const ids: Identifiers = {};
  for (const v of labels) {
    // The page's citation of itself is prose and holds the page's identifiers; other prose does not.
    // An "Abstract:" that is a link to the paper's abstract page names the paper.
    if (v.kind === "abstract" && !excluded(v.at) && /^https?:\/\/\S+/.test(v.value)) merge(ids, identifiersFromUrl(v.value.split(/\s/)[0] ?? ""));
    if (excluded(v.at) || v.kind === "editors" || v.kind === "abstract" || v.kind === "keywords" || (isProse(v.value) && v.kind !== "self-citation")) continue;
    const cut = v.valueLines.includes(cutLine);
    const value = v.value.slice(0, 2000);
    if (v.kind === "arxiv") {
      const bare = canonicalArxiv(value.split(/[\s,·]/)[0] ?? "");
      if (bare && !cut) merge(ids, { arxiv: bare });
      merge(ids, lineIds(value, cut));
    } else if (v.kind === "doi") merge(ids, lineIds(/^10\./.test(value) ? `doi:${value}` : value, cut));
    else if (v.kind === "acl") {
      merge(ids, lineIds(/^[A-Z]\d{2}-\d{4}$/.test(value.trim()) ? `ACL ${value.trim()}` : value, cut));
    } else merge(ids, lineIds(value, cut));
  }
  return ids;
}

/** An abstract without the capture's expanders ("… CONTINUE READING", "more »"). */
export function cleanAbstract(text: string): string {
  return (
    text
      .replace(/<\/?[A-Za-z][A-Za-z0-9-]{0,20}(?:\s[^<>]{0,500})?\/?>/g, "")
      .replace(/\s*<[A-Za-z][^<>]{0,500}$/, "")
      .replace(/\s*(?:…|\.\.\.)?\s*(?:CONTINUE READING|Read more|Show more|Expand|\(more\)|more »)\s*$/i, "")
      .replace(/\s*more »\s*(?:\.\.\.|…)?\s*/g, " ")
      .replace(/^abstract\s*[:.]\s*/i, "")
      // An "Abstract:" that opens with the link to the abstract page, then the text.
      .replace(/^https?:\/\/\S+\s+(?=\p{L})/u, "")
      .trim()
  );
}

export function categoriesOf(labels: readonly LabelledValue[], lines: readonly string[], headerEnd: number): string[] {
  const out: string[] = [];
  const add = (code: string): void => {
    if (ARXIV_CODE.test(code) && !out.includes(code)) out.push(code);
  };
  for (const v of labels) if (v.kind === "categories") for (const m of v.value.matchAll(/\b[a-z][a-z-]{1,12}\.[A-Z]{2}\b/g)) add(m[0]);
  for (const l of lines.slice(0, Math.max(0, headerEnd) + 1)) {
    if (l.length > 200) continue;
    for (const m of l.matchAll(/(?<![\w.])([a-z][a-z-]{1,12}\.[A-Z]{2})(?![\w.])/g)) if (m[1]) add(m[1]);
  }
  return out;
}
