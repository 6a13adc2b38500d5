/**
 * What `../shared/data/README.md` states about the files in its `fixtures/` folder, as checks on
 * how Lineage read them (eval/fixtures.ts): each fact names its file, quotes the README's words,
 * and says whether the reading bears it out and what was found.
 */
import type { FileReport } from "./fixtures.ts";

export interface KnownFact {
  /** The file, relative to the folder evaluated. */
  path: string;
  /** The fact, in the README's words. */
  fact: string;
  /** Whether the file as read bears the fact out; `text` is the file's own text. */
  check: (file: FileReport, text: string) => { met: boolean; found: string };
}

export interface FactResult {
  path: string;
  fact: string;
  met: boolean;
  found: string;
}

function pageFact(folder: string, file: string, scheme: "arxiv" | "acl", id: string, fact: string): KnownFact {
  return {
    path: `${folder}/${file}`,
    fact,
    check: (f) => {
      const r = f.records[0];
      const found = r?.ids[scheme];
      return { met: f.detected === "scholarly-html" && found === id && Boolean(r?.title), found: `${f.detected}, ${scheme} ${found ?? "none"}, title ${r?.title ? "read" : "missing"}` };
    },
  };
}

const WORK_FACT = "an OpenAlex work object with referenced_works and abstract_inverted_index";

function workFact(path: string): KnownFact {
  return {
    path,
    fact: WORK_FACT,
    check: (f) => {
      const r = f.records[0];
      return {
        met: f.records.length === 1 && Boolean(r?.abstract) && (r?.referencesTotal ?? 0) > 0,
        found: `${f.records.length} work(s), abstract ${r?.abstract ? "rebuilt" : "missing"}, ${r?.referencesTotal ?? 0} referenced works`,
      };
    },
  };
}

export const REAL_FIXTURE_FACTS: readonly KnownFact[] = [
  pageFact("arxiv_html", "arxiv_2106.09608_tkukurin.html", "arxiv", "2106.09608", "a saved arXiv abstract page with citation_* meta tags"),
  pageFact("arxiv_html", "arxiv_2004.10162_gfournier.html", "arxiv", "2004.10162", "a saved arXiv abstract page with citation_* meta tags"),
  pageFact("arxiv_html", "arxiv_1902.02534_commonmeta_headonly.html", "arxiv", "1902.02534", "a saved arXiv abstract page, <head> only"),
  pageFact("acl_html", "ACL_2021.naacl-main.208.html", "acl", "2021.naacl-main.208", "a saved ACL Anthology paper page (2021.naacl-main.208)"),
  pageFact("acl_html", "ACL_N04-1001.html", "acl", "N04-1001", "a saved ACL Anthology paper page (N04-1001)"),
  {
    path: "s2/Paper.json",
    fact: "a paper with 1,000 citations and 14 references",
    check: (f) => {
      const r = f.records[0];
      return { met: f.records.length === 1 && r?.builtBy === 1000 && r.buildsOn === 14, found: `${f.records.length} paper(s), ${r?.builtBy ?? 0} citations, ${r?.buildsOn ?? 0} references` };
    },
  },
  {
    path: "s2/test_get_paper_references.yaml",
    fact: "recorded exchanges with paging (offset, next), including references whose paperId is null",
    check: (f) => {
      const r = f.records[0];
      return {
        met: (f.entries ?? 0) > 1 && (r?.buildsOn ?? 0) > 0 && (r?.stubs ?? 0) > 0,
        found: `${f.entries ?? 0} pages, ${r?.buildsOn ?? 0} references of which ${r?.stubs ?? 0} title-only`,
      };
    },
  },
  {
    path: "s2/test_get_paper_citations.yaml",
    fact: "recorded exchanges with paging (offset, next)",
    check: (f) => ({ met: (f.entries ?? 0) > 1 && (f.listEntries ?? 0) > 0, found: `${f.entries ?? 0} pages, ${f.listEntries ?? 0} list entries reassembled` }),
  },
  workFact("openalex/W2741809807.json"),
  workFact("openalex/W3174427814_vector_quotient_filters.json"),
  {
    path: "openalex/paperqa_test_title_search_paper_attributes2.yaml",
    fact: "bodies gzip+base64 in the yaml",
    check: (f) => ({ met: f.records.length > 0 && f.problems.length === 0, found: `${f.records.length} work(s) from ${f.entries ?? 0} recorded exchanges` }),
  },
  {
    path: "bib/lm_eval_task_citations.bib",
    fact: "211 BibTeX entries, each preceded by a `% source:` comment",
    check: (f, text) => {
      const comments = text.split(/\r?\n/).filter((l) => l.startsWith("% source:")).length;
      return { met: f.entries === 211 && comments === 211, found: `${f.entries ?? 0} entries, ${comments} source comments` };
    },
  },
  {
    path: "bib/lm_eval_task_citations.bib",
    fact: "about five entries are malformed",
    check: (f) => {
      // Every entry is either read or reported; "about five" allows one either way.
      const accounted = f.records.length + f.problems.length === f.entries;
      return { met: accounted && Math.abs(f.problems.length - 5) <= 1, found: `${f.problems.length} reported malformed, ${f.records.length} read, of ${f.entries ?? 0}` };
    },
  },
  {
    path: "bib/lm_eval_harness_CITATION.bib",
    fact: "that project's own citation",
    check: (f) => {
      const r = f.records[0];
      return { met: f.records.length === 1 && f.problems.length === 0 && Boolean(r?.ids.doi), found: `${f.records.length} record(s), DOI ${r?.ids.doi ?? "none"}` };
    },
  },
];

/** Each fact checked against the file it names; a file that is not there misses its facts. */
export function checkFacts(facts: readonly KnownFact[], files: readonly FileReport[], text: (path: string) => string): FactResult[] {
  return facts.map((fact) => {
    const file = files.find((f) => f.path === fact.path);
    if (!file) return { path: fact.path, fact: fact.fact, met: false, found: "file not found" };
    return Object.assign({ path: fact.path, fact: fact.fact }, fact.check(file, text(fact.path)));
  });
}
