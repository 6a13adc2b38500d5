/**
 * AAN author fields read as people (ingest/sources/aan.ts authorNames): the release writes
 * "Last, First" separated by ";", and where a name's letter is an HTML entity it sometimes put a
 * separator straight after the entity's own ";". Invented names in the release's format.
 */
import { describe, expect, it } from "vitest";
import { parseAanMetadata, authorNames, personName } from "../../ingest/sources/aan.ts";

describe("AAN author names", () => {
  it("turns Last, First into First Last and keeps the order of the authors", () => {
    expect(authorNames("Quillfeather, Orla; Mbeki-Stone, Tavish J.; Lindqvist, Bo")).toEqual(["Orla Quillfeather", "Tavish J. Mbeki-Stone", "Bo Lindqvist"]);
  });

  it("keeps entities inside names and decodes them", () => {
    expect(authorNames("Ren&eacute;e, Val&eacute;rie; Okafor, Chidi")).toEqual(["Valérie Renée", "Chidi Okafor"]);
  });

  it("joins the two pieces of a name the release split after an entity", () => {
    // A particle, a suffix, a second given name, and a family name that starts with an entity.
    expect(authorNames("Brandt, Ila&iuml;; de; Wu, Li")).toEqual(["Ilaï de Brandt", "Li Wu"]);
    expect(authorNames("Soto, Ines; Marl&eacute;; III, Tobiah")).toEqual(["Ines Soto", "Tobiah Marlé III"]);
    expect(authorNames("Vidal, Jos&eacute;; Ram&oacute;n; Kerr, Ada")).toEqual(["José Ramón Vidal", "Ada Kerr"]);
    expect(authorNames("&Oacute;; Br&iacute;ain, Cathal; Nagy, Eszter")).toEqual(["Cathal Ó Bríain", "Eszter Nagy"]);
  });

  it("keeps two whole names apart when the first ends in an entity", () => {
    expect(authorNames("Lind, Ren&eacute;; Park, Joon")).toEqual(["René Lind", "Joon Park"]);
  });

  it("leaves single names and groups as they are, and places suffixes last", () => {
    expect(authorNames("Okonkwo, Ada; Ravishankar; The TESTBED Group")).toEqual(["Ada Okonkwo", "Ravishankar", "The TESTBED Group"]);
    expect(personName("Hale, Jr., Morgan T.")).toBe("Morgan T. Hale Jr.");
    expect(personName("Hale, Morgan, T.")).toBe("Morgan T. Hale");
    expect(authorNames("")).toEqual([]);
  });

  it("reads a record's author field through the metadata parser", () => {
    const record = "id = {X99-1001}\nauthor = {Quillfeather, Orla; Vidal, Jos&eacute;; Ram&oacute;n}\ntitle = {An Invented Study of Parsing}\nvenue = {Workshop}\nyear = {1999}\n";
    const { papers, problems } = parseAanMetadata(new TextEncoder().encode(record));
    expect(problems).toEqual([]);
    expect(papers[0]?.authors).toEqual(["Orla Quillfeather", "José Ramón Vidal"]);
  });
});
