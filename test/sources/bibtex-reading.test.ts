/**
 * Lineage's own BibTeX reading (issue 29 replaced citation-js with it), part by part: the grammar
 * (bibtex-reader.ts: `@string` and `#`, `@preamble`, `@comment`, `%` lines, parentheses, month
 * macros, repeated fields, recovery after a malformed entry), LaTeX to text (latex-text.ts:
 * accents in every spelling, special letters, protecting braces, formatting, math, verbatim
 * identifiers), names (bibtex-names.ts: BibTeX's three forms, von parts, `and` inside braces,
 * `and others`) and `crossref`. Each part has examples written from BibTeX's documentation and a
 * seeded property over generated values.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readBibtex } from "../../ingest/sources/bibtex-reader.ts";
import { latexToText } from "../../ingest/sources/latex-text.ts";
import { bibtexNames } from "../../ingest/sources/bibtex-names.ts";
import { parseBibtex } from "../../ingest/sources/bibtex.ts";

const SEED = 20261229;
const RUNS = Number(process.env.LINEAGE_FUZZ_RUNS ?? 100);

const fieldsOf = (text: string) => readBibtex(text).entries.map((e) => Object.fromEntries(e.fields));

describe("the grammar", () => {
  it("expands @string macros joined by #, in either delimiter, by names of any case, with the month macros", () => {
    const text = [
      '@string{acl = "Proceedings of the " # "Annual Meeting"}',
      "@STRING(Nips = {Advances in NeurIPS})",
      '@article{a, journal = ACL # { of the ACL}, booktitle = nips # " 32", month = jun, year = 2019}',
    ].join("\n");
    expect(fieldsOf(text)).toEqual([{ journal: "Proceedings of the Annual Meeting of the ACL", booktitle: "Advances in NeurIPS 32", month: "June", year: "2019" }]);
  });

  it("reads past @preamble, @comment (an entry inside it included) and % lines, and entries in parentheses", () => {
    const text = [
      '@preamble{ "\\newcommand{\\noopsort}[1]{}" # "x" }',
      "@comment{ @article{fake, title = {no}} }",
      "% @article{commented, title = {no}}",
      "@inproceedings(b, title = {Kept}, author = {Doe, Jane})",
    ].join("\n");
    const read = readBibtex(text);
    expect(read.entries.map((e) => [e.type, e.key, e.fields.get("title")])).toEqual([["inproceedings", "b", "Kept"]]);
    expect(read.problems).toEqual([]);
  });

  it("keeps the first of a repeated field, as BibTeX does, and reads quotes holding braced quotes", () => {
    expect(fieldsOf('@misc{c, title = {First}, TITLE = {Second}, note = "a {"}quoted{"} word"}')).toEqual([{ title: "First", note: 'a {"}quoted{"} word' }]);
  });

  it("warns of an undefined macro and reads the rest of the value", () => {
    const [entry] = readBibtex("@misc{d, booktitle = colm # { 2024}}").entries;
    expect(entry?.fields.get("booktitle")).toBe(" 2024");
    expect(entry?.warnings).toEqual(["the `booktitle` field uses @string `colm`, which the file does not define"]);
  });

  it("loses only the entry whose brace is not closed, and names its line and key", () => {
    const read = readBibtex("@misc{e1, title = {One}}\n@misc{e2, title = {Two\n@misc{e3, title = {Three}}\n");
    expect(read.entries.map((e) => e.key)).toEqual(["e1", "e3"]);
    expect(read.problems).toMatchObject([{ line: 2, key: "e2" }]);
    expect(read.problems[0]?.reason).toMatch(/brace opened at line 2 col \d+ is not closed before the next entry/);
  });

  it("property: any values, braced, quoted, split by # or kept in @strings, read back as written", () => {
    const plain = fc.stringMatching(/^[A-Za-z0-9 .:;!?'()\-/]{0,30}$/);
    const part = fc.record({ text: plain, as: fc.constantFrom("brace", "quote", "macro") });
    fc.assert(
      fc.property(fc.array(fc.array(part, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (fields) => {
        const strings: string[] = [];
        const written = fields.map((parts, f) => {
          const value = parts
            .map((p, k) => {
              if (p.as === "brace") return `{${p.text}}`;
              if (p.as === "quote") return `"${p.text}"`;
              strings.push(`@string{m${f}x${k} = {${p.text}}}`);
              return `M${f}X${k}`;
            })
            .join(" # ");
          return `  f${f} = ${value},`;
        });
        const text = [...strings, "@article{key,", ...written, "}"].join("\n");
        const read = readBibtex(text);
        expect(read.problems).toEqual([]);
        expect(read.entries[0] ? Object.fromEntries(read.entries[0].fields) : undefined).toEqual(Object.fromEntries(fields.map((parts, f) => [`f${f}`, parts.map((p) => p.text).join("")])));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("LaTeX to text", () => {
  it.each([
    ['{\\"o}', "ö"],
    ['\\"o', "ö"],
    ['\\"{o}', "ö"],
    ["\\'{e}t\\'e", "été"],
    ["{\\ss}", "ß"],
    ["Stra\\ss e", "Straße"],
    ["Garc{\\'\\i}a", "García"],
    ["\\c{c}a \\v{S}koda \\H{o} \\k{a} \\r{u} {\\aa}se \\o rsted \\L{}\\'od\\'z", "ça Škoda ő ą ů åse ørsted Łódź"],
    ["The {BERT} Model for {T}ransfer", "The BERT Model for Transfer"],
    ["{{{{Deep}}}} braces", "Deep braces"],
    ["pages 1--10 --- and ``quoted'' a~b", "pages 1–10 — and “quoted” a b"],
    ["\\& 50\\% of \\$ and \\_", "& 50% of $ and _"],
    ["\\emph{one} {\\bf two} \\textsc{Three} $\\alpha$-nets $O(n^2)$", "one two Three α-nets O(n^2)"],
    ["{\\noopsort{a}}Zeta", "Zeta"],
    ["\\href{http://x.org}{Link text} and \\cite{key}", "Link text and"],
    ["{\\relax Ch}emistry", "Chemistry"],
  ])("%s → %s", (latex, text) => {
    expect(latexToText(latex)).toBe(text);
  });

  it("reads an identifier verbatim: escapes and braces go, dashes and ties stay", () => {
    expect(latexToText("10.1162/tacl\\_a\\_00321", { verbatim: true })).toBe("10.1162/tacl_a_00321");
    expect(latexToText("\\url{https://x.org/a_b~c--d}", { verbatim: true })).toBe("https://x.org/a_b~c--d");
  });

  it("property: every accent command on every letter, in every spelling, is the one composed letter", () => {
    const accents: [string, string][] = [
      ["'", "\u0301"],
      ["`", "\u0300"],
      ["^", "\u0302"],
      ['"', "\u0308"],
      ["~", "\u0303"],
      ["=", "\u0304"],
      [".", "\u0307"],
      ["u", "\u0306"],
      ["v", "\u030c"],
      ["H", "\u030b"],
      ["c", "\u0327"],
      ["r", "\u030a"],
      ["k", "\u0328"],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...accents), fc.stringMatching(/^[A-Za-z]$/), fc.integer({ min: 0, max: 3 }), fc.stringMatching(/^[a-z]{0,6}$/), ([command, mark], letter, spelling, rest) => {
        const sep = /[A-Za-z]/.test(command) ? " " : "";
        const written = [`\\${command}{${letter}}`, `{\\${command}${sep}${letter}}`, `\\${command}${sep}${letter}`, `{\\${command}{${letter}}}`][spelling];
        expect(latexToText(`x${written}${rest}`)).toBe(`x${letter}${mark}${rest}`.normalize("NFC"));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("names", () => {
  const names = (raw: string) => bibtexNames(raw).names;

  it("reads BibTeX's three forms with their von and Jr parts, in display order", () => {
    expect(names("Ludwig van Beethoven and van Beethoven, Ludwig and Jean de la Fontaine and de la Fontaine, Jean")).toEqual([
      "Ludwig van Beethoven",
      "Ludwig van Beethoven",
      "Jean de la Fontaine",
      "Jean de la Fontaine",
    ]);
    expect(names("Smith, Jr., John and Lee, III, Kai and Charles Louis Xavier Joseph de la Vall{\\'e}e Poussin")).toEqual([
      "John Smith Jr.",
      "Kai Lee III",
      "Charles Louis Xavier Joseph de la Vallée Poussin",
    ]);
  });

  it("splits at `and` outside braces only, in any case, and reads LaTeX in names", () => {
    expect(names('{Barnes and Noble} and M{\\"u}ller, J{\\"o}rg AND {\\\'E}mile Zola and Delta {and} Epsilon')).toEqual(["Barnes and Noble", "Jörg Müller", "Émile Zola", "Delta and Epsilon"]);
  });

  it("takes a final `and others` as et al., not as a person", () => {
    expect(bibtexNames("Doe, Jane and Roe, Richard and others")).toMatchObject({ names: ["Jane Doe", "Richard Roe"], etAl: true });
  });

  it("reads a list written with commas (three names or more) as its names", () => {
    expect(names("Haneul Park, Jiwoo Seo, Minsu Ryu, Erin Dale")).toEqual(["Haneul Park", "Jiwoo Seo", "Minsu Ryu", "Erin Dale"]);
  });

  it("property: a generated person, written in each of the three forms in a list, reads back as First von Last Jr", () => {
    const cap = fc.stringMatching(/^[A-Z][a-z]{1,8}$/);
    const person = fc.record({
      first: fc.array(cap, { minLength: 1, maxLength: 3 }),
      von: fc.array(fc.constantFrom("van", "von", "de", "la", "der", "di", "du", "ter"), { maxLength: 3 }),
      last: cap,
      jr: fc.constantFrom(undefined, "Jr.", "Sr.", "III"),
      form: fc.integer({ min: 0, max: 2 }),
    });
    fc.assert(
      fc.property(fc.array(person, { minLength: 1, maxLength: 6 }), (people) => {
        const written = people.map((p) => {
          const vonLast = [...p.von, p.last].join(" ");
          if (p.jr) return `${vonLast}, ${p.jr}, ${p.first.join(" ")}`;
          return p.form === 0 ? [...p.first, vonLast].join(" ") : `${vonLast}, ${p.first.join(" ")}`;
        });
        const display = people.map((p) => [...p.first, ...p.von, p.last, ...(p.jr ? [p.jr] : [])].join(" "));
        expect(bibtexNames(written.join(" and ")).names).toEqual(display);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("crossref", () => {
  const text = [
    "@inproceedings{child, title = {Child Paper}, author = {Doe, Jane}, doi = {10.5555/child}, crossref = {Parent}}",
    "@inproceedings{own, title = {Own Venue}, booktitle = {Workshop}, year = 2020, crossref = {parent}}",
    "@inproceedings{lost, title = {Orphan}, year = 2021, crossref = {nowhere}}",
    "@proceedings{parent, title = {Proceedings of the Parent Conference}, year = {2017}, publisher = {ACM}, doi = {10.5555/parent}}",
  ].join("\n");
  const result = parseBibtex(text, "x.bib");
  const paper = (key: string) => result.records.find((r) => r.source.endsWith(`#${key}`))?.page;

  it("gives an entry the venue and year of the entry it names, never its title or DOI", () => {
    expect(paper("child")?.paper).toMatchObject({ title: "Child Paper", year: 2017, venue: "Proceedings of the Parent Conference", ids: { doi: "10.5555/child" } });
    expect(paper("own")?.paper).toMatchObject({ title: "Own Venue", year: 2020, venue: "Workshop" });
  });

  it("warns when the entry named is not in the file", () => {
    expect(paper("lost")?.warnings).toEqual(["entry lost (line 3): its crossref `nowhere` names no other entry of the file"]);
  });
});

describe("identifiers in fields", () => {
  it("reads DBLP's and Semantic Scholar's CoRR/ArXiv volume `abs/ID` as the arXiv id, and no other journal's volume", () => {
    const text = [
      "@article{dblp, title = {A Preprint}, journal = {CoRR}, volume = {abs/2101.00027}, year = {2021}}",
      "@article{s2, title = {Another Preprint}, journal = {ArXiv}, volume = {abs/cs/0501001}, year = {2005}}",
      "@article{own, title = {Own Eprint}, journal = {CoRR}, volume = {abs/2101.00028}, eprint = {2101.00029}}",
      "@article{other, title = {A Journal Paper}, journal = {Computational Linguistics}, volume = {abs/2101.00030}}",
    ].join("\n");
    const ids = Object.fromEntries(parseBibtex(text, "x.bib").records.map((r) => [r.source.split("#")[1], r.page.paper.ids]));
    expect(ids).toEqual({ dblp: { arxiv: "2101.00027" }, s2: { arxiv: "cs/0501001" }, own: { arxiv: "2101.00029" }, other: {} });
  });
});
