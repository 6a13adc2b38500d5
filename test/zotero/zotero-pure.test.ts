/**
 * The pure parts of the Zotero source: where Zotero keeps its database (profiles.ini, prefs.js,
 * per platform), `Extra`'s identifiers, the item mapping under arbitrary fields (seeded property
 * tests: never a throw, every page cleaned and bounded), collection paths (missing parents,
 * cycles), and the groups tree of the BibTeX that goes back to Zotero, read here by the rules
 * Zotero's BibTeX importer applies to it (a comment ends at its first `}`, records and their
 * fields split on unescaped `;`, `\` escaping the next character, newlines dropped).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dataDirFromPrefs, defaultProfile, defaultZoteroDatabase, profilesRoot } from "../../library/zotero-location.ts";
import { collectionPaths, extraIdentifiers, pageOfItem, zoteroRecords, type ZoteroItem } from "../../ingest/sources/zotero-items.ts";
import { collectionPath, formatForZotero, groupName } from "../../graph/zotero-bibtex.ts";
import { MAX_TITLE_CHARS } from "../../vocabulary/clean-text.ts";
import { tempDir } from "../helpers/cli.ts";

const SEED = 2027;

describe("where Zotero keeps its database", () => {
  it("looks for profiles where Zotero puts them on each platform", () => {
    expect(profilesRoot({ platform: "linux", home: "/home/ada" })).toBe("/home/ada/.zotero/zotero");
    expect(profilesRoot({ platform: "darwin", home: "/Users/ada" })).toBe("/Users/ada/Library/Application Support/Zotero");
    expect(profilesRoot({ platform: "win32", home: "C:\\Users\\ada", appData: "C:\\Users\\ada\\AppData\\Roaming" })).toBe("C:\\Users\\ada\\AppData\\Roaming\\Zotero\\Zotero");
  });

  it("reads the default profile and the data directory it sets", () => {
    const ini = "[General]\nStartWithLastProfile=1\n\n[Profile1]\nName=old\nIsRelative=1\nPath=Profiles/old.x\n\n[Profile0]\nName=default\nIsRelative=1\nPath=Profiles/abcd1234.default\nDefault=1\n";
    expect(defaultProfile(ini, "/r", "linux")).toBe("/r/Profiles/abcd1234.default");
    expect(defaultProfile("[Profile0]\nPath=/abs/p\nIsRelative=0\n", "/r", "linux")).toBe("/abs/p");
    expect(defaultProfile("[General]\n", "/r", "linux")).toBeUndefined();
    const prefs = 'user_pref("extensions.zotero.dataDir", "/data/My \\"Zotero\\"");\nuser_pref("extensions.zotero.useDataDir", true);\n';
    expect(dataDirFromPrefs(prefs)).toBe('/data/My "Zotero"');
    expect(dataDirFromPrefs(prefs.replace("true", "false"))).toBeUndefined();
    expect(dataDirFromPrefs('user_pref("extensions.zotero.useDataDir", true);')).toBeUndefined();
  });

  it("finds the database a profile points at, else ~/Zotero", () => {
    const tmp = tempDir();
    try {
      const home = tmp.dir;
      expect(defaultZoteroDatabase({ platform: "linux", home })).toEqual({ path: join(home, "Zotero", "zotero.sqlite"), from: "Zotero's default data directory" });
      const profile = join(home, ".zotero", "zotero", "x1.default");
      mkdirSync(profile, { recursive: true });
      writeFileSync(join(home, ".zotero", "zotero", "profiles.ini"), "[Profile0]\nName=default\nIsRelative=1\nPath=x1.default\nDefault=1\n");
      writeFileSync(join(profile, "prefs.js"), `user_pref("extensions.zotero.dataDir", "${join(home, "Research")}");\nuser_pref("extensions.zotero.useDataDir", true);\n`);
      expect(defaultZoteroDatabase({ platform: "linux", home })).toEqual({ path: join(home, "Research", "zotero.sqlite"), from: `the data directory set in ${join(profile, "prefs.js")}` });
    } finally {
      tmp.cleanup();
    }
  });
});

describe("identifiers in Extra", () => {
  it.each([
    ["arXiv: 2306.03100 [cs.CL]", { arxiv: "2306.03100" }],
    ["arXiv:1706.03762v5", { arxiv: "1706.03762" }],
    ["DOI: 10.18653/v1/P19-1472", { doi: "10.18653/v1/p19-1472", acl: "P19-1472" }],
    ["Citation Key: smith2020\nDOI: 10.1000/ABC.1", { doi: "10.1000/abc.1" }],
    ["ACL Anthology: 2020.acl-main.442", { acl: "2020.acl-main.442" }],
    ["Published as a workshop paper.\nhttps://openreview.net/forum?id=AbC123xyz", { openreview: "AbC123xyz" }],
    ["Comment: 15 pages, 3 figures", {}],
  ])("%j", (extra, ids) => expect(extraIdentifiers(extra)).toEqual(ids));
});

const item = (fields: Record<string, string>, extra: Partial<ZoteroItem> = {}): ZoteroItem => ({
  key: "ABCD2345",
  itemType: "journalArticle",
  fields,
  creators: [],
  collections: [],
  tags: [],
  ...extra,
});

describe("items as pages", () => {
  it("takes a type's own title field, and the editors of a work with no authors", () => {
    expect(pageOfItem(item({ caseName: "Invented v. Invented" }, { itemType: "case" }))?.paper.title).toBe("Invented v. Invented");
    const edited = pageOfItem(
      item(
        { title: "An Edited Volume" },
        {
          itemType: "book",
          creators: [
            { creatorType: "editor", firstName: "Edda", lastName: "Editor" },
            { creatorType: "translator", lastName: "Tran" },
          ],
        },
      ),
    );
    expect(edited?.paper.authors).toEqual(["Edda Editor"]);
    expect(pageOfItem(item({ title: "x", date: "Spring 2019" }))?.paper.year).toBe(2019);
    expect(pageOfItem(item({ abstractNote: "no title, no identifier" }))).toBeUndefined();
    expect(pageOfItem(item({ url: "https://arxiv.org/abs/2401.00001" }))?.paper.ids).toEqual({ arxiv: "2401.00001" });
  });

  it("never throws on arbitrary fields, and every page is cleaned and bounded (seeded)", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.string({ unit: "grapheme", maxLength: 3000 }),
      fc.constantFrom("10.1/x", "arXiv:2401.00001", "https://aclanthology.org/P02-1040/", "0000-00-00 ", "\u0000\u001b[31m"),
    );
    const fieldName = fc.constantFrom("title", "DOI", "url", "extra", "archiveID", "date", "publicationTitle", "abstractNote", "caseName", "repository");
    fc.assert(
      fc.property(
        fc.dictionary(fieldName, text),
        fc.array(fc.record({ creatorType: fc.constantFrom("author", "editor", "x"), firstName: text, lastName: text }), { maxLength: 5 }),
        (fields, creators) => {
          const page = pageOfItem(item(fields, { creators }));
          const { result } = zoteroRecords({ origin: "t", items: [item(fields, { creators })], collections: [], skipped: { deleted: 0, notes: 0, attachments: 0, annotations: 0, otherLibraries: 0 } });
          if (!page) {
            expect(result.problems).toHaveLength(1);
            return;
          }
          const stored = result.records[0]?.page;
          expect((stored?.paper.title ?? "").length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
          // eslint-disable-next-line no-control-regex
          for (const t of [stored?.paper.title ?? "", stored?.paper.venue ?? "", ...(stored?.paper.authors ?? [])]) expect(t).not.toMatch(/[\u0000-\u001f\u007f]/);
          if (stored?.paper.year !== undefined) expect(stored.paper.year).toBeGreaterThanOrEqual(1000);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("builds collection paths through missing parents and cycles", () => {
    const paths = collectionPaths([
      { key: "A", name: "A", parentKey: null },
      { key: "B", name: "B", parentKey: "A" },
      { key: "C", name: "C", parentKey: "GONE" },
      { key: "X", name: "X", parentKey: "Y" },
      { key: "Y", name: "Y", parentKey: "X" },
    ]);
    expect(paths.map((p) => [p.key, p.path.join("/"), p.parentKey])).toEqual([
      ["A", "A", null],
      ["B", "A/B", "A"],
      ["C", "C", null],
      ["X", "Y/X", "Y"],
      ["Y", "X/Y", "X"],
    ]);
  });
});

/** The groups tree as Zotero's BibTeX importer reads it (BibTeX.js processComment, read, not run). */
function readGroupsTree(bib: string): { level: number; name: string; keys: string[] }[] {
  const start = bib.indexOf("@comment{jabref-meta: groupstree:");
  expect(bib).toContain("@comment{jabref-meta: groupsversion:3;}");
  const body = bib.slice(start + "@comment{".length);
  const comment = body
    .slice(0, body.indexOf("}"))
    .replace(/^jabref-meta: groupstree:/, "")
    .replace(/[\r\n]/g, "");
  const split = (s: string) => {
    const out: string[] = [];
    let cur: string | null = null;
    for (let i = 0; i < s.length; i++) {
      cur ??= "";
      if (s[i] === ";") {
        out.push(cur);
        cur = "";
      } else {
        if (s[i] === "\\") i++;
        cur += s[i] ?? "";
      }
    }
    if (cur !== null) out.push(cur);
    return out;
  };
  return split(comment).flatMap((record) => {
    const fields = split(record);
    if (fields.length < 2) return [];
    const m = /^(\d) ([^:]*):(.*)$/.exec(fields[0] ?? "");
    if (!m || m[2] !== "ExplicitGroup") return [];
    return [{ level: Number(m[1]), name: m[3] ?? "", keys: fields.slice(2).filter(Boolean) }];
  });
}

describe("the BibTeX that goes back to Zotero", () => {
  const papers = [
    { id: "a", title: "Calibrated Scoring of Open Answers", year: 2021, authors: ["Ada Quill", "Bram Okafor"], venue: "Journal of Invented Evaluation", doi: "10.5555/calib.2021.7" },
    { id: "b", title: "Reasoning Benchmarks Saturate Quickly", year: 2024, authors: ["Dina Ferro"], arxivId: "2401.04321" },
    { id: "c", title: "Held-Out Sets for Dialogue Evaluation", year: 2020, authors: ["Emil Graves"], aclId: "2020.acl-main.917", venue: "Proceedings of an Invented Meeting" },
    { id: "d", title: "A Workshop Paper With No Identifier", year: 2019, authors: ["Gus Ibarra"], venue: "Invented Workshop on Measurement" },
  ];

  it("files every entry in the named collection, nested by its path", () => {
    const bib = formatForZotero(papers, ["Reading lists", "From Lineage"]);
    const tree = readGroupsTree(bib);
    const keys = [...bib.matchAll(/^@\w+\{([^,\s}]+),/gm)].map((m) => m[1]);
    expect(tree).toEqual([
      { level: 1, name: "Reading lists", keys: [] },
      { level: 2, name: "From Lineage", keys },
    ]);
    expect(keys).toHaveLength(4);
  });

  it("carries authors, venues and identifiers", () => {
    const bib = formatForZotero(papers, ["x"]);
    expect(bib).toMatch(/author = \{Quill, Ada and Okafor, Bram\}/);
    expect(bib).toMatch(/journal = \{Journal of Invented Evaluation\}/);
    expect(bib).toMatch(/doi = \{10\.5555\/calib\.2021\.7\}/);
    expect(bib).toMatch(/eprint = \{2401\.04321\},\n\tarchivePrefix = \{arXiv\},\n\teprinttype = \{arxiv\}/);
    expect(bib).toMatch(/url = \{https:\/\/aclanthology\.org\/2020\.acl-main\.917\}/);
    expect(bib).toMatch(/@inproceedings\{ibarra2019workshop,\n\tauthor = \{Ibarra, Gus\},\n\tbooktitle = \{Invented \{Workshop\} on \{Measurement\}\}/);
  });

  it("keeps any collection name whole through the importer's reading (seeded)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 3 }), (names) => {
        const tree = readGroupsTree(formatForZotero(papers.slice(0, 1), names));
        const expected = names.map(
          (n) =>
            n
              .replace(/[\r\n\t]+/g, " ")
              .replace(/\{/g, "(")
              .replace(/\}/g, ")")
              .trim() || "Lineage",
        );
        expect(tree.map((t) => t.name)).toEqual(expected);
        expect(tree.map((t) => t.level)).toEqual(names.map((_, i) => i + 1));
      }),
      { seed: SEED, numRuns: 300 },
    );
    expect(groupName("a;b\\c")).toBe("a\\\\\\;b\\\\\\\\c");
    expect(collectionPath("Reading lists / From Lineage")).toEqual(["Reading lists", "From Lineage"]);
    expect(collectionPath("  ")).toEqual(["Lineage"]);
  });
});
