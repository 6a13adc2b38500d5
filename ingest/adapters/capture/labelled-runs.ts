/**
 * A record run onto one line with its fields labelled in lower case (issue 26): a text-mining
 * corpus's plain-text record, "key: … authors: Surname, Given; Surname, Given title: <Title>
 * date: 2021-04-17 journal: nan DOI: nan …", then the abstract. The fields stand one after the
 * other with no separator but their labels; the title runs to the next label. Read only when the
 * opening holds a title, an author list and a date or year so labelled. Pure.
 */
import { parseAuthorList } from "./author-lists.ts";

/** The labels such a record uses; a value runs to the next of them. */
const NEXT = String.raw`\s(?:key|authors?|title|date|year|journal|doi|sha|venue|source|url|abstract|keywords?|doc_id|cord_uid|license):\s`;
const TITLE = new RegExp(String.raw`(?:^|\s)title:\s(.{8,400}?)(?=${NEXT})`, "i");
const AUTHORS = new RegExp(String.raw`(?:^|\s)authors?:\s(.{3,2000}?)(?=${NEXT})`, "i");
const DATED = /(?:^|\s)(?:date|year):\s((?:19|20)\d\d)(?!\d)/i;
/** Placeholder values such dumps print for a missing field. */
const EMPTY = /^(?:nan|none|null|n\/a|-)$/i;

/** A field of one word after the title ("date: 2021-04-17", "cord_uid: vmkduwps"): the prose starts after the last. */
const SHORT_FIELD = /(?:^|\s)(?:date|year|journal|doi|sha|doc_id|cord_uid|license|url|key):\s\S+/gi;

/** The title, authors and year of a labelled record opening `text`, and where its prose begins; or undefined. */
export function labelledRun(text: string): { title: string; authors: string[]; year?: number; proseAt: number } | undefined {
  const head = (text.trimStart().split("\n", 1)[0] ?? "").slice(0, 4000);
  const title = TITLE.exec(head)?.[1]?.trim();
  const names = AUTHORS.exec(head)?.[1]?.trim();
  const year = DATED.exec(head)?.[1];
  if (!title || EMPTY.test(title) || !names || !year) return undefined;
  const list = parseAuthorList(names.replace(/;\s*/g, "; "), { labelled: true });
  const fields = [...head.matchAll(SHORT_FIELD)].at(-1);
  const proseAt = text.length - text.trimStart().length + (fields ? (fields.index ?? 0) + fields[0].length : 0);
  return { title, authors: list?.names ?? [], year: Number(year), proseAt };
}
