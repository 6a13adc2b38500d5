/**
 * The one error of the HTTP API: a request refused, with its status (400 a bad parameter or body,
 * 403, 404 nothing there, 405, 409 an ambiguous reference, 413, 415, 503), a one-line reason, the
 * headers its answer needs (Allow, Retry-After, Connection) and what else the error body says
 * (an ambiguous reference's candidates, a stopped query's budget). Thrown by the route table's
 * readers (api/endpoints.ts), the body readers (api/request-bodies.ts) and library/ where a
 * request names what is not there; the server turns it into its answer in one place.
 */
import type { ErrorBody } from "./types.ts";

export class EndpointError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly extra: Omit<ErrorBody, "error"> = {},
  ) {
    super(message);
  }

  /** The answer's body: the reason, and what else it says. */
  body(): ErrorBody {
    return Object.assign({ error: this.message }, this.extra);
  }
}
