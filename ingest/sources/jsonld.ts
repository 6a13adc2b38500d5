/**
 * schema.org JSON-LD records to pages (issue 16): a ScholarlyArticle, Article, Report, Thesis, Book,
 * Chapter or CreativeWork node gives the work's name, its author(s), datePublished, identifiers
 * (`@id`, `url`, `sameAs`, `identifier`: DOI, arXiv, ACL Anthology, OpenReview and Semantic Scholar
 * links or values) and its `citation` list, each cited work a "builds on" entry. A document is one
 * node, a list of nodes, or an `@graph` whose paper nodes are read (a WebSite or BreadcrumbList
 * beside them is not a paper). Values are read as JSON-LD writes them: text, `{"@value": …}`,
 * `{"@list": […]}` or a list of them; a field of another kind rejects its node, named by position.
 * Pure.
 */
import { canonicalArxiv, hasIdentifier, identifiersFromText, identifiersFromUrl, merge, parseIdentifier } from "../../vocabulary/identifiers.ts";
import { isObject, jsonLdPapers, JSONLD_PAPER_TYPES, jsonLdTypes } from "../file-kind.ts";
import { cleanTitle } from "../../vocabulary/titles.ts";
import { emptyFacts, emptyPaper, type Identifiers, type PaperPage, type PaperRef } from "../../vocabulary/paper-page.ts";
import { found, JSON_LIMITS, shapeProblem } from "./json-reader.ts";
import { emptyResult, KeyAllocator, makeRecord, problemAt, pushAll, sourceName, titleKey, YEARS, type RecordNaming, type SourceResult } from "./source-record.ts";
import { readStructured, type SourceFile } from "./structured-file.ts";

type Node = Readonly<Record<string, unknown>>;

/** A node's fields read by their JSON-LD shapes; a value of another kind is an issue, with its path. */
class LdNode {
  readonly issues: string[] = [];
  constructor(
    readonly node: Node,
    private readonly path: string,
  ) {}

  private values(key: string): { value: unknown; path: string }[] {
    const out: { value: unknown; path: string }[] = [];
    // A queue read from its head (not shift(), which moves every item left: quadratic on a long list).
    const queue: { value: unknown; path: string }[] = [{ value: Object.hasOwn(this.node, key) ? this.node[key] : undefined, path: `${this.path}.${key}` }];
    for (let head = 0; head < queue.length; head++) {
      const { value, path } = queue[head] as { value: unknown; path: string };
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) value.forEach((v, i) => queue.push({ value: v, path: `${path}[${i}]` }));
      else if (isObject(value) && Array.isArray(value["@list"])) value["@list"].forEach((v, i) => queue.push({ value: v, path: `${path}["@list"][${i}]` }));
      else out.push({ value, path });
    }
    return out;
  }

  /**
   * Every text at `key`: strings, `{"@value": …}`, and an object's `name` (with `named`) or its
   * `@id`; an object with neither is a node not read as text, and is passed over.
   */
  texts(key: string, options: { named?: boolean; numbers?: boolean } = {}): string[] {
    const out: string[] = [];
    for (const { value, path } of this.values(key)) {
      const v = isObject(value) ? (Object.hasOwn(value, "@value") ? value["@value"] : ((options.named ? value.name : undefined) ?? value["@id"])) : value;
      if (typeof v === "string" && v.length > JSON_LIMITS.maxTextChars) {
        this.issues.push(`${path}: ${v.length.toLocaleString("en")} characters, over the ${JSON_LIMITS.maxTextChars.toLocaleString("en")} a field may hold`);
      } else if (typeof v === "string") out.push(v);
      else if (typeof v === "number" && options.numbers) out.push(String(v));
      else if (v !== undefined) this.issues.push(`${path}: expected text, found ${found(v)}`);
    }
    return out;
  }

  text(key: string, options?: { named?: boolean; numbers?: boolean }): string | undefined {
    return this.texts(key, options).find((t) => t.trim() !== "");
  }

  /** The objects at `key` (a list's, or one), with the texts given in their place. */
  items(key: string): { node?: Node; text?: string; path: string }[] {
    return this.values(key).map(({ value, path }) => {
      if (isObject(value)) return { node: value, path };
      if (typeof value === "string") return { text: value, path };
      this.issues.push(`${path}: expected an object or text, found ${found(value)}`);
      return { path };
    });
  }
}

function identifiersOf(n: LdNode): Identifiers {
  const ids: Identifiers = {};
  const fromText = (t: string) => {
    merge(ids, identifiersFromText(t));
    const one = parseIdentifier(t);
    if (one && !ids[one.scheme]) ids[one.scheme] = one.value;
  };
  for (const key of ["@id", "url", "sameAs"]) for (const t of n.texts(key, { named: false })) fromText(t);
  for (const item of n.items("identifier")) {
    if (item.text !== undefined) fromText(item.text);
    if (!item.node) continue;
    const part = new LdNode(item.node, item.path);
    const scheme = (part.text("propertyID") ?? "").toLowerCase();
    const value = part.text("value", { numbers: true }) ?? part.text("@id");
    pushAll(n.issues, part.issues);
    if (!value) continue;
    if (scheme === "doi") merge(ids, identifiersFromUrl(`https://doi.org/${value.replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "")}`));
    else if (scheme === "arxiv" && canonicalArxiv(value)) ids.arxiv ??= canonicalArxiv(value);
    else fromText(value);
  }
  return ids;
}

function yearAndDate(n: LdNode): { year?: number; date?: string } {
  const raw = n.text("datePublished", { numbers: true }) ?? n.text("dateCreated", { numbers: true }) ?? n.text("copyrightYear", { numbers: true });
  const m = raw ? /^\s*(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(raw) : null;
  const year = m?.[1] ? Number(m[1]) : undefined;
  if (year === undefined || year < 1500 || year > YEARS.max) return {};
  const date = [m?.[1], m?.[2], m?.[3]].filter(Boolean).join("-");
  return { year, date };
}

function authorsOf(n: LdNode): string[] {
  const names: string[] = [];
  for (const key of ["author", "creator"]) {
    for (const item of n.items(key)) {
      if (item.text !== undefined) names.push(item.text);
      else if (item.node) {
        const person = new LdNode(item.node, item.path);
        const name = person.text("name") ?? [person.text("givenName"), person.text("familyName")].filter(Boolean).join(" ");
        pushAll(n.issues, person.issues);
        if (name) names.push(name);
      }
    }
    if (names.length > 0) break;
  }
  return names.map((a) => a.replace(/\s+/g, " ").trim()).filter(Boolean);
}

/** A cited work: a node with a name or identifiers, or a text that holds an identifier. */
function citationOf(item: { node?: Node; text?: string; path: string }, issues: string[]): PaperRef | undefined {
  if (item.text !== undefined) {
    const ids = identifiersFromText(item.text);
    const one = parseIdentifier(item.text);
    if (one) ids[one.scheme] ??= one.value;
    return hasIdentifier(ids) ? { ids } : undefined;
  }
  if (!item.node) return undefined;
  const n = new LdNode(item.node, item.path);
  const ref: PaperRef = { ids: identifiersOf(n) };
  const title = n.text("name") ?? n.text("headline");
  if (title) ref.title = cleanTitle(title);
  const { year } = yearAndDate(n);
  if (year !== undefined) ref.year = year;
  const url = n.text("url");
  if (url) ref.url = url;
  pushAll(issues, n.issues);
  return ref.title || hasIdentifier(ref.ids) ? ref : undefined;
}

/** The page one paper node makes, or why it cannot be one. */
export function pageFromJsonLd(node: Node, path = "$"): { page: PaperPage } | { reason: string } {
  const shape = shapeProblem(node);
  if (shape) return { reason: shape };
  const n = new LdNode(node, path);
  const paper = emptyPaper();
  paper.ids = identifiersOf(n);
  const title = n.text("name") ?? n.text("headline") ?? n.text("alternativeHeadline");
  if (title) paper.title = cleanTitle(title);
  const { year, date } = yearAndDate(n);
  if (year !== undefined) paper.year = year;
  if (date) paper.date = date;
  paper.authors = authorsOf(n);
  const abstract = n.text("abstract") ?? n.text("description");
  if (abstract) paper.abstract = abstract.replace(/\s+/g, " ").trim();
  const venue = n.text("isPartOf", { named: true });
  if (venue && !/^https?:\/\//i.test(venue)) paper.venue = venue.replace(/\s+/g, " ").trim();
  const url = n.text("url");
  if (url) paper.url = url;
  const page: PaperPage = { format: "jsonld", paper, facts: emptyFacts(), buildsOn: [], builtBy: [], related: [], warnings: [] };
  let skipped = 0;
  for (const item of n.items("citation")) {
    const ref = citationOf(item, n.issues);
    if (ref) page.buildsOn.push(ref);
    else skipped++;
  }
  if (n.issues.length > 0) return { reason: `has a field of the wrong kind: ${n.issues[0]}${n.issues.length > 1 ? ` (and ${n.issues.length - 1} more)` : ""}` };
  if (!paper.title && !hasIdentifier(paper.ids)) return { reason: `a ${jsonLdTypes(node).join("/")} with neither a name nor an identifier` };
  if (skipped > 0) page.warnings.push(`skipped ${skipped} citation(s) given with neither a name nor an identifier`);
  return { page };
}

/** `lineage ingest`'s JSON-LD files: every paper node of every document, each a page. */
export function importJsonLd(files: readonly SourceFile[], name: RecordNaming = sourceName): SourceResult {
  const result = emptyResult();
  for (const file of files) {
    const { values } = readStructured(file, result);
    const keys = new KeyAllocator();
    let papers = 0;
    for (const doc of values) {
      const docs = Array.isArray(doc.value) ? doc.value.map((v, i) => ({ value: v, at: `$[${i}]` })) : [{ value: doc.value, at: "$" }];
      for (const { value, at } of docs) {
        if (!isObject(value)) continue;
        const graph = Array.isArray(value["@graph"]);
        const nodes = graph ? (value["@graph"] as unknown[]).map((v, i) => ({ value: v, at: `${at}["@graph"][${i}]` })) : [{ value, at }];
        for (const node of nodes) {
          if (!isObject(node.value) || !jsonLdTypes(node.value).some((t) => JSONLD_PAPER_TYPES.has(t))) continue;
          papers++;
          const loc = Object.assign({ at: node.at }, doc.line !== undefined ? { line: doc.line } : {});
          const made = pageFromJsonLd(node.value, node.at);
          if ("reason" in made) {
            result.problems.push(problemAt(file.path, loc, made.reason));
            continue;
          }
          const { paper } = made.page;
          const key = paper.ids.doi ?? paper.ids.arxiv ?? paper.ids.acl ?? paper.ids.openreview ?? titleKey(paper.title ?? "", paper.year);
          result.records.push(makeRecord(name("jsonld", file.path, keys.take(key)), made.page));
        }
        if (!graph && jsonLdPapers(value).length === 0 && docs.length === 1) {
          result.problems.push(problemAt(file.path, { at }, `a JSON-LD ${jsonLdTypes(value).join("/") || "node"}, not a paper (a ScholarlyArticle, Article or CreativeWork)`));
        }
      }
    }
    if (papers === 0 && values.length > 0 && !result.problems.some((p) => p.path === file.path)) {
      result.problems.push({ path: file.path, reason: "no JSON-LD paper nodes (a ScholarlyArticle, Article or CreativeWork)" });
    }
  }
  return result;
}
