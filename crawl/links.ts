/**
 * Which links a crawl follows from a page: only those in the page's own "Builds on" and "Built on
 * by" lists (the adapters give each entry's `url`), resolved against the page's URL, on the same
 * host unless the user allowed another. Navigation, footers and recommendations are never
 * followed. Pure.
 */
import type { PaperPage } from "../vocabulary/paper-page.ts";

/** An absolute http(s) URL without its fragment, or undefined. */
export function normalizeUrl(raw: string, base?: string): string | undefined {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  url.hash = "";
  return url.href;
}

export interface LinkChoice {
  follow: string[];
  offHost: string[];
}

export function hostAllowed(url: string, pageHost: string, allowHosts: ReadonlySet<string>): boolean {
  const u = new URL(url);
  return u.host === pageHost || allowHosts.has(u.host) || allowHosts.has(u.hostname);
}

export function linksToFollow(page: PaperPage, pageUrl: string, allowHosts: ReadonlySet<string>): LinkChoice {
  const pageHost = new URL(pageUrl).host;
  const follow: string[] = [];
  const offHost: string[] = [];
  const seen = new Set<string>();
  for (const ref of [...page.buildsOn, ...page.builtBy]) {
    if (!ref.url) continue;
    const url = normalizeUrl(ref.url, pageUrl);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    (hostAllowed(url, pageHost, allowHosts) ? follow : offHost).push(url);
  }
  return { follow, offHost };
}
