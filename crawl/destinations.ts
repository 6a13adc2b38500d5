/**
 * Where the crawler and `lineage fetch` may send a request (issue 17, item 2). Two rules, checked
 * for every request, the first and every redirect hop alike:
 *
 * 1. The host: only a seed's host (scheme aside, port included) or one `--allow-host` names
 *    (a bare name allows every port). For `lineage fetch` the API base URLs are the seeds.
 * 2. The address, after DNS: the name is resolved here, every address it resolves to is judged
 *    (crawl/ip-addresses.ts), and the request then connects to exactly those addresses, so a
 *    name cannot resolve one way for the check and another for the connection. Loopback,
 *    private, link-local, cloud-metadata and reserved addresses are refused unless the seed
 *    itself is there — a seed written as that address (http://127.0.0.1:8080/), or a localhost
 *    name, which is loopback by definition (RFC 6761) — or `--allow-host` names the address.
 *    A seed's name that resolves to a private address is refused too: that is what DNS
 *    rebinding looks like, and `--allow-host 10.1.2.3` says the user means it.
 *
 * The resolver is injectable, so tests can make a name resolve anywhere without a network.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { describeKind, judgeAddress, type AddressVerdict } from "./ip-addresses.ts";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to; throws as `dns.lookup` does when it resolves to none. */
export type AddressLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: AddressLookup = async (hostname) => (await dnsLookup(hostname, { all: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export type Destination =
  | { ok: true; addresses: ResolvedAddress[] }
  /** A rule says no: final, never retried. */
  | { ok: false; refused: true; reason: string }
  /** The name did not resolve: a network error like any other. */
  | { ok: false; refused: false; reason: string };

export interface DestinationRules {
  /** The URLs the user started from. */
  seeds: readonly string[];
  /** Hosts or addresses the user named with --allow-host. */
  allowHosts: readonly string[];
  lookup?: AddressLookup;
  /** How refusals name the rules, for a caller whose seeds are not crawl seeds (`lineage fetch`). */
  wording?: { hostRule: string; addressRule: (address: string) => string };
}

/** A host as the URL parser writes it ("LOCALHOST" → "localhost", "2130706433" → "127.0.0.1", "::1" → "[::1]"). */
export function normalizeHost(raw: string): string | undefined {
  const text = raw.trim();
  try {
    const u = new URL(`http://${isIP(text) === 6 ? `[${text}]` : text}/`);
    return u.pathname === "/" && !u.username && !u.password && !u.search ? u.host : undefined;
  } catch {
    return undefined;
  }
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");
const isLocalhostName = (hostname: string) => hostname === "localhost" || hostname.endsWith(".localhost");
const asFlag = (address: string) => (isIP(address) === 6 ? `[${address}]` : address);

const CRAWL_WORDING = {
  hostRule: "neither a seed's host nor named by --allow-host",
  addressRule: (address: string) => `fetched only when a seed is there or --allow-host names it (--allow-host ${asFlag(address)})`,
};

function lookupFailure(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOTFOUND" || code === "EAI_NONAME" || code === "ENODATA") return "host not found";
  if (code === "EAI_AGAIN") return "host not found (DNS did not answer: EAI_AGAIN)";
  return `host not found (${code ?? (err instanceof Error ? err.message : String(err))})`;
}

export class DestinationPolicy {
  private readonly seedHosts = new Set<string>();
  private readonly named = new Set<string>();
  /** Address keys where a seed is, or that --allow-host names. */
  private readonly permitted = new Set<string>();
  private readonly lookup: AddressLookup;
  private readonly wording: NonNullable<DestinationRules["wording"]>;

  constructor(rules: DestinationRules) {
    this.lookup = rules.lookup ?? systemLookup;
    this.wording = rules.wording ?? CRAWL_WORDING;
    for (const seed of rules.seeds) {
      let u: URL;
      try {
        u = new URL(seed);
      } catch {
        continue;
      }
      this.seedHosts.add(u.host);
      const literal = judgeAddress(bare(u.hostname));
      if (literal) this.permitted.add(literal.key);
    }
    for (const raw of rules.allowHosts) {
      const host = normalizeHost(raw);
      if (!host) continue;
      this.named.add(host);
      const literal = judgeAddress(bare(new URL(`http://${host}/`).hostname));
      if (literal) this.permitted.add(literal.key);
    }
  }

  /** The --allow-host entries as the URL parser writes hosts, for choosing which links to follow. */
  get allowHosts(): ReadonlySet<string> {
    return this.named;
  }

  /** Why the host of a URL may not be asked at all (no DNS involved), or undefined if it may. */
  hostRefusal(url: string): string | undefined {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return "not a valid URL";
    }
    if (u.protocol !== "http:" && u.protocol !== "https:") return `only http and https are fetched, not ${u.protocol}`;
    if (this.seedHosts.has(u.host) || this.named.has(u.host) || this.named.has(u.hostname)) return undefined;
    return `${u.host} is ${this.wording.hostRule}`;
  }

  /** The addresses to connect to for a URL, each checked, or why there are none. */
  async resolve(url: string): Promise<Destination> {
    const refusal = this.hostRefusal(url);
    if (refusal) return { ok: false, refused: true, reason: refusal };
    const hostname = bare(new URL(url).hostname);
    const literal = isIP(hostname);
    let answers: ResolvedAddress[];
    if (literal) answers = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
    else {
      try {
        answers = await this.lookup(hostname);
      } catch (err) {
        return { ok: false, refused: false, reason: lookupFailure(err) };
      }
      if (answers.length === 0) return { ok: false, refused: false, reason: "host not found (no addresses)" };
    }
    // One address refused refuses the name: a rebinding answer mixes a public address with a private one.
    for (const { address } of answers) {
      const verdict = judgeAddress(address);
      if (!verdict) return { ok: false, refused: true, reason: `${hostname} resolved to "${address}", which is not an IP address` };
      if (verdict.kind === "public" || this.permits(hostname, verdict)) continue;
      const what = literal ? `${address} is ${describeKind(verdict)}` : `${hostname} resolves to ${address}, ${describeKind(verdict)}`;
      return { ok: false, refused: true, reason: `${what}, ${this.wording.addressRule(address)}` };
    }
    return { ok: true, addresses: answers };
  }

  private permits(hostname: string, verdict: AddressVerdict): boolean {
    return this.permitted.has(verdict.key) || (verdict.kind === "loopback" && isLocalhostName(hostname));
  }
}
