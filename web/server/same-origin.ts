/**
 * Writes and jobs are taken only from the explorer's own pages (a route's `sameOrigin` policy,
 * api/endpoints.ts): a browser's cross-site (or same-site, another port) request is refused by
 * `Sec-Fetch-Site`, an `Origin` other than this server's is refused, and on a loopback address
 * the Host must be a loopback name (no DNS rebinding). Refusals are 403 with the reason.
 */
import type { IncomingHttpHeaders } from "node:http";
import { EndpointError } from "../../api/endpoint-error.ts";

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

export function checkSameOrigin(headers: IncomingHttpHeaders, boundHost = "127.0.0.1"): void {
  const site = headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") {
    throw new EndpointError(`lists can only be changed from the explorer's own pages (Sec-Fetch-Site: ${site.slice(0, 30)})`, 403);
  }
  const host = headers.host ?? "";
  const origin = headers.origin;
  if (origin !== undefined) {
    let originHost = "";
    try {
      const parsed = new URL(origin);
      originHost = parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.host : "";
    } catch {
      originHost = "";
    }
    if (!originHost || originHost.toLowerCase() !== host.toLowerCase()) {
      throw new EndpointError(`lists can only be changed from the explorer's own pages (Origin ${origin.slice(0, 100)})`, 403);
    }
  }
  const loopbackBound = boundHost === "localhost" || boundHost === "::1" || boundHost.startsWith("127.");
  if (loopbackBound && !LOOPBACK.test(host)) throw new EndpointError(`unexpected Host ${host.slice(0, 100)} for a server on ${boundHost}`, 403);
}
