/**
 * Which Host headers the server answers (issue 17, item 4): a page on another site can make the
 * browser send requests to the server under a name that resolves to 127.0.0.1 (DNS rebinding),
 * and would then read every answer. So every request, reads as well as writes, must name the
 * server by a loopback name or the address it was told to bind (`--host`); bound to every
 * interface (0.0.0.0 or ::), also by an IP address or the machine's own name. A request that
 * names anything else is refused with 403 before it reaches the API or the files.
 */
import { hostname } from "node:os";
import { isIP } from "node:net";

const LOOPBACK_NAMES = new Set(["localhost", "::1"]);
const WILDCARDS = new Set(["0.0.0.0", "::", ""]);

/** The host name of a Host header, lowercased, without its port or IPv6 brackets. */
export function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(1, h.indexOf("]") > 0 ? h.indexOf("]") : undefined);
  const colon = h.lastIndexOf(":");
  return colon > 0 && h.indexOf(":") === colon ? h.slice(0, colon) : h;
}

function isLoopback(name: string): boolean {
  return LOOPBACK_NAMES.has(name) || name.endsWith(".localhost") || (isIP(name) === 4 && name.startsWith("127."));
}

/** A check of Host headers for a server bound to `boundHost`. */
export function hostCheck(boundHost: string): (header: string | undefined) => boolean {
  const bound = hostName(boundHost);
  const wildcard = WILDCARDS.has(bound);
  const machine = hostname().toLowerCase();
  return (header) => {
    if (!header) return false;
    const name = hostName(header);
    if (!name || /[\s/@\\]/.test(name)) return false;
    if (isLoopback(name) || name === bound) return true;
    return wildcard && (isIP(name) !== 0 || name === machine || name === `${machine}.local`);
  };
}
