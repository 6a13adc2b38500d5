/**
 * Adversarial files for every reader of hostile input (issue 29): each shape makes a file of
 * about `n` units (words, lines, levels) whose text grows in proportion to `n`, built to hit a
 * quadratic (or worse) pattern in a parser that reads it naively: a value of spaces for `\s+$`,
 * 125,000 tags in one record, a name list of half a million words, `@string`s that double, nesting
 * a hundred thousand levels deep, a run of one character a megabyte long. The issue's
 * reproductions are the shapes marked `issue`, at the size the issue gave (`reproduction`).
 * Shared by the linear-work property tests (test/sources/linear-work.test.ts) and the end-to-end
 * replay (bench/replay-adversarial.ts).
 */

/** How a shape's file is read end to end: `lineage ingest FILE`, or `lineage import FORMAT FILE`. */
export type ReadBy = { command: "ingest" } | { command: "import"; format: "bibtex" | "ris" | "s2" | "openalex" | "aan" };

export interface AdversarialShape {
  name: string;
  /** The reader it aims at (an importer's format, or a page adapter). */
  target: string;
  /** The file's name (its extension matters to `lineage import` in a folder). */
  file: string;
  /** What the shape is, in words. */
  what: string;
  make: (n: number) => string;
  /** The `n` of the issue's reproduction (or of a file of about 1 MB). */
  reproduction: number;
  /** One of the issue's own reproductions. */
  issue?: true;
  readBy: ReadBy;
}

const INGEST: ReadBy = { command: "ingest" };
const nest = (open: string, close: string, n: number, inner = "") => open.repeat(n) + inner + close.repeat(n);
const words = (n: number, word = "w") => Array.from({ length: n }, (_, i) => (i % 2 ? word : `${word}${i % 10}`)).join(" ");

/** Doubling `@string`s: each the previous one twice, so 30 lines name 2^30 characters. */
export function doublingStrings(levels: number): string {
  const lines = ['@string{s0 = "xx"}'];
  for (let i = 1; i < levels; i++) lines.push(`@string{s${i} = s${i - 1} # s${i - 1}}`);
  lines.push(`@article{doubled, title = s${levels - 1}, year = 2020}`);
  return lines.join("\n") + "\n";
}

const bibEntry = (i: number, extra = "") => `@article{key${i},\n  title = {A Study of Things Number ${i}},\n  author = {Doe, Jane and Roe, Rich},\n  year = {2020}${extra}\n}\n`;

export const SHAPES: readonly AdversarialShape[] = [
  // BibTeX
  {
    name: "bibtex-author-words",
    target: "bibtex",
    file: "author-words.bib",
    what: "an author field of n words",
    make: (n) => `@article{many, title = {Many Words}, year = 2020, author = {${words(n)}}}\n`,
    reproduction: 500_000,
    issue: true,
    readBy: INGEST,
  },
  {
    name: "bibtex-author-names",
    target: "bibtex",
    file: "author-names.bib",
    what: "an author field of n names joined by `and`",
    make: (n) => `@article{many, title = {Many Names}, year = 2020, author = {${Array.from({ length: n }, (_, i) => `Doe${i % 10}, J.`).join(" and ")}}}\n`,
    reproduction: 100_000,
    readBy: INGEST,
  },
  {
    name: "bibtex-strings-times-entries",
    target: "bibtex",
    file: "strings-entries.bib",
    what: "n @strings and n entries",
    make: (n) => Array.from({ length: n }, (_, i) => `@string{str${i} = "Journal of Things ${i}"}\n`).join("") + Array.from({ length: n }, (_, i) => bibEntry(i, `,\n  journal = str${i}`)).join(""),
    reproduction: 4_000,
    issue: true,
    readBy: INGEST,
  },
  {
    name: "bibtex-doubling-strings",
    target: "bibtex",
    file: "doubling.bib",
    what: "n @strings, each the one before twice (2^n characters named in about 30n bytes)",
    make: doublingStrings,
    reproduction: 32,
    issue: true,
    readBy: INGEST,
  },
  {
    name: "bibtex-string-concatenation",
    target: "bibtex",
    file: "concatenation.bib",
    what: "one field concatenating a @string n times",
    make: (n) => `@string{s = "word "}\n@article{cat, year = 2020, title = ${Array.from({ length: n }, () => "s").join(" # ")}}\n`,
    reproduction: 200_000,
    readBy: INGEST,
  },
  {
    name: "bibtex-nested-braces",
    target: "bibtex",
    file: "braces.bib",
    what: "a title nested n braces deep",
    make: (n) => `@article{deep, year = 2020, title = {${nest("{", "}", n, "Deep")}}}\n`,
    reproduction: 200_000,
    readBy: INGEST,
  },
  {
    name: "bibtex-unclosed-value",
    target: "bibtex",
    file: "unclosed.bib",
    what: "an entry whose value never closes, n letters long, before a good entry",
    make: (n) => `@article{open, title = {${"a".repeat(n)}\n${bibEntry(1)}`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "bibtex-spaces-value",
    target: "bibtex",
    file: "spaces.bib",
    what: "a title of n spaces and a letter",
    make: (n) => `@article{sp, year = 2020, title = {${" ".repeat(n)}x}}\n`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "bibtex-many-fields",
    target: "bibtex",
    file: "fields.bib",
    what: "one entry of n fields",
    make: (n) => `@article{wide, title = {Wide}, year = 2020,\n${Array.from({ length: n }, (_, i) => `  f${i} = {v}`).join(",\n")}\n}\n`,
    reproduction: 80_000,
    readBy: INGEST,
  },
  {
    name: "bibtex-entries-one-line",
    target: "bibtex",
    file: "one-line.bib",
    what: "n entries on one line",
    make: (n) => Array.from({ length: n }, (_, i) => `@article{k${i}, title = {Title ${i}}, year = 2020}`).join(" ") + "\n",
    reproduction: 20_000,
    readBy: INGEST,
  },
  {
    name: "bibtex-at-signs",
    target: "bibtex",
    file: "at-signs.bib",
    what: "an entry followed by n lines of `@x{`",
    make: (n) => bibEntry(0) + "@x{\n".repeat(n),
    reproduction: 250_000,
    readBy: INGEST,
  },
  // RIS
  {
    name: "ris-spaces-value",
    target: "ris",
    file: "spaces.ris",
    what: "a title of n spaces and a letter",
    make: (n) => `TY  - JOUR\nTI  - ${" ".repeat(n)}x\nPY  - 2020\nER  - \n`,
    reproduction: 1_000_000,
    issue: true,
    readBy: INGEST,
  },
  {
    name: "ris-trailing-spaces",
    target: "ris",
    file: "trailing.ris",
    what: "a title ending in n spaces",
    make: (n) => `TY  - JOUR\nTI  - Trailing${" ".repeat(n)}\nPY  - 2020\nER  - \n`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "ris-many-authors",
    target: "ris",
    file: "authors.ris",
    what: "one record of n AU lines",
    make: (n) => `TY  - JOUR\nTI  - Many Authors\nPY  - 2020\n${"AU  - Doe, Jane\n".repeat(n)}ER  - \n`,
    reproduction: 60_000,
    readBy: INGEST,
  },
  {
    name: "ris-author-words",
    target: "ris",
    file: "author-words.ris",
    what: "one AU line of n words",
    make: (n) => `TY  - JOUR\nTI  - Many Words\nPY  - 2020\nAU  - ${words(n)}\nER  - \n`,
    reproduction: 300_000,
    readBy: INGEST,
  },
  {
    name: "ris-records-without-end",
    target: "ris",
    file: "no-er.ris",
    what: "n records with no ER line",
    make: (n) => Array.from({ length: n }, (_, i) => `TY  - JOUR\nTI  - Title ${i}\n`).join(""),
    reproduction: 40_000,
    readBy: INGEST,
  },
  {
    name: "ris-dashes",
    target: "ris",
    file: "dashes.ris",
    what: "a record, then a line of n dashes",
    make: (n) => `TY  - JOUR\nTI  - Dashes\nPY  - 2020\nER  - \n${"-".repeat(n)}\n`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  // EndNote
  {
    name: "endnote-many-authors",
    target: "endnote",
    file: "authors.enw",
    what: "one record of n %A lines",
    make: (n) => `%0 Journal Article\n%T Many Authors\n%D 2020\n${"%A Doe, Jane\n".repeat(n)}`,
    reproduction: 125_000,
    issue: true,
    readBy: INGEST,
  },
  {
    name: "endnote-collapsed-tags",
    target: "endnote",
    file: "collapsed.enw",
    what: "n tags on one line (line breaks collapsed to spaces)",
    make: (n) => `%0 Journal Article %T One Line %D 2020 ${"%A Doe, J. ".repeat(n)}\n`,
    reproduction: 100_000,
    readBy: INGEST,
  },
  {
    name: "endnote-many-records",
    target: "endnote",
    file: "records.enw",
    what: "n records",
    make: (n) => Array.from({ length: n }, (_, i) => `%0 Journal Article\n%T Title ${i}\n%D 2020\n\n`).join(""),
    reproduction: 25_000,
    readBy: INGEST,
  },
  {
    name: "endnote-spaces-value",
    target: "endnote",
    file: "spaces.enw",
    what: "a title of n spaces and a letter",
    make: (n) => `%0 Journal Article\n%T ${" ".repeat(n)}x\n%D 2020\n`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  // CSL-JSON
  {
    name: "csl-nested-field",
    target: "csl-json",
    file: "nested.json",
    what: "a CSL item whose note is nested n lists deep, beside a good item",
    make: (n) => `[{"type":"article-journal","title":"Good","DOI":"10.1000/good"},{"type":"article-journal","title":"Deep","note":${nest("[", "]", n)}}]`,
    reproduction: 300_000,
    readBy: INGEST,
  },
  {
    name: "csl-nested-record",
    target: "csl-json",
    file: "nested-record.json",
    what: "a record that is a list nested n deep, beside a good item",
    make: (n) => `[{"type":"article-journal","title":"Good","DOI":"10.1000/good"},${nest("[", "]", n)}]`,
    reproduction: 300_000,
    readBy: INGEST,
  },
  {
    name: "csl-many-authors",
    target: "csl-json",
    file: "authors.json",
    what: "one item of n authors",
    make: (n) => `[{"type":"article-journal","title":"Many","author":[${Array.from({ length: n }, () => '{"family":"Doe","given":"J"}').join(",")}]}]`,
    reproduction: 35_000,
    readBy: INGEST,
  },
  {
    name: "csl-spaces-title",
    target: "csl-json",
    file: "spaces.json",
    what: "a title of n spaces and a letter",
    make: (n) => `[{"type":"article-journal","title":"${" ".repeat(n)}x","DOI":"10.1000/x"}]`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "csl-long-note",
    target: "csl-json",
    file: "note.json",
    what: "a note of n words that look like identifiers",
    make: (n) =>
      `[{"type":"article-journal","title":"Note","DOI":"10.1000/note","note":"${Array.from({ length: n }, (_, i) => `10.${1000 + (i % 9000)}/x arXiv:2101.${String(i % 100000).padStart(5, "0")}`).join(" ")}"}]`,
    reproduction: 30_000,
    readBy: INGEST,
  },
  {
    name: "csl-note-spaces",
    target: "csl-json",
    file: "note-spaces.json",
    what: "a note saying `arXiv ID` followed by n spaces",
    make: (n) => `[{"type":"article-journal","title":"Spaced","DOI":"10.1000/spaced","note":"arXiv ID${" ".repeat(n)}x and doi: 10.1000/${" ".repeat(n)}y"}]`,
    reproduction: 500_000,
    readBy: INGEST,
  },
  {
    name: "csl-doi-parentheses",
    target: "csl-json",
    file: "doi.json",
    what: "a DOI followed by n closing parentheses and a letter",
    make: (n) => `[{"type":"article-journal","title":"Parenthesised","DOI":"10.1000/x${")".repeat(n)}y","URL":"https://doi.org/10.1000/x${".".repeat(n)}z"}]`,
    reproduction: 500_000,
    readBy: INGEST,
  },
  {
    name: "csl-json-lines",
    target: "csl-json",
    file: "lines.jsonl",
    what: "n JSON Lines items",
    make: (n) => Array.from({ length: n }, (_, i) => `{"type":"article-journal","title":"Title ${i}","DOI":"10.1000/${i}"}`).join("\n") + "\n",
    reproduction: 15_000,
    readBy: INGEST,
  },
  // Semantic Scholar
  {
    name: "s2-nested-record",
    target: "s2",
    file: "nested.json",
    what: "a batch of a good paper and a record nested n deep",
    make: (n) => `[{"paperId":"${"a".repeat(40)}","title":"Good","externalIds":{"DOI":"10.1000/good"}},{"paperId":"${"b".repeat(40)}","title":"Deep","externalIds":${nest('{"x":', "}", n, "1")}}]`,
    reproduction: 150_000,
    readBy: { command: "import", format: "s2" },
  },
  {
    name: "s2-many-references",
    target: "s2",
    file: "references.json",
    what: "a paper with n references",
    make: (n) => `{"paperId":"${"a".repeat(40)}","title":"Refs","references":[${Array.from({ length: n }, (_, i) => `{"paperId":"${String(i).padStart(40, "0")}","title":"Ref ${i}"}`).join(",")}]}`,
    reproduction: 12_000,
    readBy: { command: "import", format: "s2" },
  },
  {
    name: "s2-spaces-abstract",
    target: "s2",
    file: "abstract.json",
    what: "an abstract of n spaces and a letter",
    make: (n) => `{"paperId":"${"a".repeat(40)}","title":"Spaces","abstract":"${" ".repeat(n)}x"}`,
    reproduction: 1_000_000,
    readBy: { command: "import", format: "s2" },
  },
  {
    name: "s2-identifier-punctuation",
    target: "s2",
    file: "ids.json",
    what: "external IDs followed by n dots and a letter",
    make: (n) =>
      `{"paperId":"${"a".repeat(40)}","title":"Dots","externalIds":{"DOI":"10.1000/d${".".repeat(n)}x","ArXiv":"2101.00001${".".repeat(n)}x"},"url":"https://example.org/${"-".repeat(n)}x"}`,
    reproduction: 300_000,
    readBy: { command: "import", format: "s2" },
  },
  {
    name: "s2-citation-contexts",
    target: "s2",
    file: "contexts.json",
    what: "a citation with n contexts of spaces",
    make: (n) =>
      `{"paperId":"${"a".repeat(40)}","title":"Contexts","citations":[{"citingPaper":{"paperId":"${"c".repeat(40)}","title":"C"},"contexts":[${Array.from({ length: n }, () => `"${" ".repeat(20)}x"`).join(",")}]}]}`,
    reproduction: 40_000,
    readBy: { command: "import", format: "s2" },
  },
  // OpenAlex
  {
    name: "openalex-nested-record",
    target: "openalex",
    file: "nested.json",
    what: "five good works and one nested n lists deep (the issue's: 40 levels)",
    make: (n) =>
      `{"results":[${Array.from({ length: 5 }, (_, i) => `{"id":"https://openalex.org/W${100 + i}","title":"Good ${i}","doi":"https://doi.org/10.1000/g${i}"}`).join(",")},${nest("[", "]", n, '{"id":"https://openalex.org/W9","title":"Deep"}')}]}`,
    reproduction: 300_000,
    readBy: { command: "import", format: "openalex" },
  },
  {
    name: "openalex-inverted-index",
    target: "openalex",
    file: "abstract.json",
    what: "an abstract index of n words",
    make: (n) => `{"id":"https://openalex.org/W1","title":"Index","abstract_inverted_index":{${Array.from({ length: n }, (_, i) => `"w${i}":[${i}]`).join(",")}}}`,
    reproduction: 70_000,
    readBy: { command: "import", format: "openalex" },
  },
  {
    name: "openalex-referenced-works",
    target: "openalex",
    file: "references.json",
    what: "a work referencing n works",
    make: (n) => `{"id":"https://openalex.org/W1","title":"Refs","referenced_works":[${Array.from({ length: n }, (_, i) => `"https://openalex.org/W${i + 2}"`).join(",")}]}`,
    reproduction: 35_000,
    readBy: { command: "import", format: "openalex" },
  },
  // JSON-LD
  {
    name: "jsonld-many-authors",
    target: "jsonld",
    file: "authors.jsonld",
    what: "a ScholarlyArticle of n authors",
    make: (n) =>
      `{"@context":"https://schema.org","@type":"ScholarlyArticle","name":"Many","author":[${Array.from({ length: n }, (_, i) => `{"@type":"Person","name":"Jane Doe${i % 10}"}`).join(",")}]}`,
    reproduction: 25_000,
    readBy: INGEST,
  },
  {
    name: "jsonld-many-citations",
    target: "jsonld",
    file: "citations.jsonld",
    what: "a ScholarlyArticle citing n texts",
    make: (n) => `{"@context":"https://schema.org","@type":"ScholarlyArticle","name":"Cites","citation":[${Array.from({ length: n }, (_, i) => `"https://doi.org/10.1000/${i}"`).join(",")}]}`,
    reproduction: 35_000,
    readBy: INGEST,
  },
  // AAN
  {
    name: "aan-entity-authors",
    target: "aan",
    file: "acl-metadata.txt",
    what: "an author field of n entities each followed by `;`",
    make: (n) => `id = {P10-1001}\nauthor = {${"Daum&eacute;;".repeat(n)}}\ntitle = {Entities}\nvenue = {ACL}\nyear = {2010}\n`,
    reproduction: 80_000,
    readBy: { command: "import", format: "aan" },
  },
  {
    name: "aan-long-line",
    target: "aan",
    file: "acl-metadata.txt",
    what: "a record with a title of n braces",
    make: (n) => `id = {P10-1001}\nauthor = {Doe, Jane}\ntitle = {${"} ".repeat(n)}x\nvenue = {ACL}\nyear = {2010}\n`,
    reproduction: 500_000,
    readBy: { command: "import", format: "aan" },
  },
  // Pages (the adapters)
  {
    name: "html-h1-letters",
    target: "page",
    file: "letters.html",
    what: "an HTML page whose <h1> is n letters",
    make: (n) => `<!doctype html><html><head><title>Letters</title></head><body><h1>${"a".repeat(n)}</h1><p>by Jane Doe</p></body></html>`,
    reproduction: 1_000_000,
    issue: true,
    readBy: INGEST,
  },
  {
    name: "html-h1-punctuation",
    target: "page",
    file: "punctuation.html",
    what: "an HTML page whose <h1> is n dots and a letter",
    make: (n) => `<!doctype html><html><head><title>Dots</title></head><body><h1>${".".repeat(n)}x</h1><p>by Jane Doe</p></body></html>`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "html-spaced-words",
    target: "page",
    file: "spaced.html",
    what: "an HTML page whose <h1> is n words spaced by runs of spaces and commas",
    make: (n) => `<!doctype html><html><head><title>Words</title></head><body><h1>${"Ab ,  ".repeat(n)}x</h1><p>by Jane Doe</p></body></html>`,
    reproduction: 200_000,
    readBy: INGEST,
  },
  {
    name: "html-nested-divs",
    target: "page",
    file: "nested.html",
    what: "an HTML page nested n <div>s deep",
    make: (n) => `<!doctype html><html><head><title>Nested Divs Paper</title></head><body>${nest("<div>", "</div>", n, "<h1>Nested Divs Paper</h1><p>Jane Doe, Rich Roe</p>")}</body></html>`,
    reproduction: 80_000,
    readBy: INGEST,
  },
  {
    name: "html-at-signs",
    target: "page",
    file: "at-signs.html",
    what: "an HTML page whose author line is n letters with an @ in the middle",
    make: (n) => `<!doctype html><html><head><title>Mail</title></head><body><h1>A Paper About Mail</h1><p>${"a".repeat(n)}@${"b".repeat(n)}</p></body></html>`,
    reproduction: 500_000,
    readBy: INGEST,
  },
  {
    name: "text-long-line",
    target: "page",
    file: "long-line.txt",
    what: "a text capture with a title and a line of n letters",
    make: (n) => `A Paper With One Long Line\nJane Doe, Rich Roe\n\nAbstract\n${"a".repeat(n)}\n`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "markdown-long-heading",
    target: "page",
    file: "heading.md",
    what: "a Markdown note whose heading is n letters and whose next line n dashes",
    make: (n) => `# ${"a".repeat(n)}\n${"-".repeat(n)}\n\nJane Doe\n`,
    reproduction: 500_000,
    readBy: INGEST,
  },
  {
    name: "text-leading-spaces",
    target: "page",
    file: "leading.txt",
    what: "a text file of n spaces and a letter",
    make: (n) => `${" ".repeat(n)}x`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "html-leading-spaces",
    target: "page",
    file: "leading.html",
    what: "an HTML page after n spaces",
    make: (n) => `${" ".repeat(n)}<html><body><h1>A Paper After Spaces</h1><p>Jane Doe, Rich Roe</p></body></html>`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "text-blank-lines",
    target: "page",
    file: "blank-lines.txt",
    what: "a text capture ending in n blank lines and a letter",
    make: (n) => `A Paper With Blank Lines\nJane Doe, Rich Roe\n${"\n ".repeat(n)}x`,
    reproduction: 500_000,
    readBy: INGEST,
  },
  {
    name: "text-commas",
    target: "page",
    file: "commas.txt",
    what: "a text capture whose author line ends in n commas",
    make: (n) => `A Paper With Commas\nJane Doe${",".repeat(n)}x\n`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "markdown-hashes",
    target: "page",
    file: "hashes.md",
    what: "a Markdown heading closed by n hashes",
    make: (n) => `# A Paper With Hashes ${"#".repeat(n)} x\n\nJane Doe, Rich Roe\n`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "html-entities",
    target: "page",
    file: "entities.html",
    what: "an HTML page whose <h1> is n entities",
    make: (n) => `<!doctype html><html><body><h1>${"&amp;".repeat(n)}</h1><p>Jane Doe</p></body></html>`,
    reproduction: 200_000,
    readBy: INGEST,
  },
  {
    name: "html-unclosed-comment",
    target: "page",
    file: "comment.html",
    what: "an HTML page with a comment of n dashes that never closes",
    make: (n) => `<!doctype html><html><body><h1>A Paper With A Comment</h1><p>Jane Doe</p><!--${"-".repeat(n)}</body></html>`,
    reproduction: 1_000_000,
    readBy: INGEST,
  },
  {
    name: "html-open-tags",
    target: "page",
    file: "open-tags.html",
    what: "an HTML page of n unclosed `<a` tags",
    make: (n) => `<!doctype html><html><body><h1>A Paper With Tags</h1><p>Jane Doe</p>${"<a ".repeat(n)}</body></html>`,
    reproduction: 300_000,
    readBy: INGEST,
  },
];

export function shape(name: string): AdversarialShape {
  const s = SHAPES.find((x) => x.name === name);
  if (!s) throw new Error(`no adversarial shape "${name}"`);
  return s;
}
