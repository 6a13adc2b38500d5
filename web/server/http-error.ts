/** A request the server refuses: its status, a one-line reason, and any headers the answer needs (Allow, Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
