/**
 * What the explorer knows of the API: the answer types, declared once in api/types.ts for the
 * server, the CLI and this client alike, and the explorer's own view of a request in flight.
 */
export type * from "../../../../api/types.ts";

/** A value being fetched: the state of one request, as a discriminated union. */
export type Resource<T> = { status: "idle" } | { status: "loading" } | { status: "ready"; data: T } | { status: "error"; error: string; httpStatus?: number };

/** A list rendered for download by `POST /api/lists/{name}/export`. */
export interface ExportedFile {
  filename: string;
  type: string;
  text: string;
}
