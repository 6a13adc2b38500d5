/**
 * What kind of address an IP address is: public, or one of the special ranges a crawler must not
 * be steered into (loopback, private networks, link-local and the cloud metadata services on it,
 * and the unspecified, multicast and reserved blocks). The ranges are those of the IANA IPv4 and
 * IPv6 Special-Purpose Address Registries (RFC 6890 and its updates). IPv6 addresses that carry
 * an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and
 * 6to4 2002::/16) are judged by the IPv4 address inside. Only real address text is accepted (what
 * `dns.lookup` returns and what the URL parser writes): other spellings such as 0x7f.1 or
 * 2130706433 are not addresses here (the URL parser has already turned them into 127.0.0.1).
 * Pure.
 */
import { isIP } from "node:net";

export type AddressKind = "public" | "loopback" | "private" | "link-local" | "cloud metadata" | "unspecified" | "multicast" | "reserved";

export interface AddressVerdict {
  kind: AddressKind;
  /** The IPv4 address an IPv6 address carries, when it was judged by it. */
  embedded?: string;
  /** Equal for equal addresses however they are written (an IPv4-mapped IPv6 address keys as its IPv4). */
  key: string;
}

type Range = [prefix: string, bits: number, kind: AddressKind];

// Most specific first: the first range that holds an address decides its kind.
const IPV4_RANGES: Range[] = [
  ["169.254.169.254", 32, "cloud metadata"], // AWS, GCP, Azure, OpenStack instance metadata
  ["169.254.170.2", 32, "cloud metadata"], // AWS ECS task metadata
  ["100.100.100.200", 32, "cloud metadata"], // Alibaba Cloud
  ["192.0.0.192", 32, "cloud metadata"], // Oracle Cloud
  ["0.0.0.0", 8, "unspecified"], // "this network"
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "private"], // shared address space (carrier-grade NAT), RFC 6598
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"], // IETF protocol assignments
  ["192.0.2.0", 24, "reserved"], // documentation (TEST-NET-1)
  ["192.88.99.0", 24, "reserved"], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"], // benchmarking
  ["198.51.100.0", 24, "reserved"], // documentation (TEST-NET-2)
  ["203.0.113.0", 24, "reserved"], // documentation (TEST-NET-3)
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"], // future use, and the broadcast address
];

const IPV6_RANGES: Range[] = [
  ["fd00:ec2::254", 128, "cloud metadata"], // AWS instance metadata over IPv6
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["64:ff9b:1::", 48, "private"], // local-use NAT64, RFC 8215
  ["100::", 64, "reserved"], // discard-only
  ["2001::", 32, "reserved"], // Teredo: the IPv4 address inside is obfuscated, so it cannot be judged
  ["2001:db8::", 32, "reserved"], // documentation
  ["fc00::", 7, "private"], // unique local
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "private"], // site-local (deprecated)
  ["ff00::", 8, "multicast"],
  ["2000::", 3, "public"], // global unicast; everything outside it is reserved
];

function ipv4Bytes(text: string): number[] | undefined {
  if (isIP(text) !== 4) return undefined;
  return text.split(".").map(Number);
}

/** The 16 bytes of an IPv6 address in any valid form (brackets and a zone, %eth0, dropped). */
function ipv6Bytes(text: string): number[] | undefined {
  const bare = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIP(bare) !== 6) return undefined;
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes its two hex groups (::ffff:102:304).
  const hex = bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a: string, b: string, c: string, d: string) =>
    [Number(a) * 256 + Number(b), Number(c) * 256 + Number(d)].map((w) => w.toString(16)).join(":"),
  );
  const words = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const [left = "", right] = hex.split("::");
  const all = right === undefined ? words(left) : [...words(left), ...new Array<number>(8 - words(left).length - words(right).length).fill(0), ...words(right)];
  if (all.length !== 8 || all.some((w) => !Number.isInteger(w) || w < 0 || w > 0xffff)) return undefined;
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

type ParsedRange = [prefix: number[], bits: number, kind: AddressKind];

function parsed(ranges: readonly Range[], parse: (t: string) => number[] | undefined): ParsedRange[] {
  return ranges.map(([prefix, bits, kind]) => [parse(prefix) ?? [], bits, kind]);
}

const V4 = parsed(IPV4_RANGES, ipv4Bytes);
const V6 = parsed(IPV6_RANGES, ipv6Bytes);

function inRange(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const mask = (0xff << (8 - Math.min(8, bits - i))) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function kindIn(bytes: readonly number[], ranges: readonly ParsedRange[], fallback: AddressKind): AddressKind {
  for (const [prefix, bits, kind] of ranges) if (inRange(bytes, prefix, bits)) return kind;
  return fallback;
}

/** The IPv4 address an IPv6 address carries, for the forms that deliver to it. */
function embeddedIpv4(b: readonly number[]): number[] | undefined {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12, 16); // ::ffff:a.b.c.d, mapped
  if (zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && b[15] === 1)) return b.slice(12, 16); // ::a.b.c.d, compatible
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12, 16); // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6); // 6to4
  return undefined;
}

const hexKey = (bytes: readonly number[]) => bytes.map((x) => x.toString(16).padStart(2, "0")).join("");

/** The kind of an address given as text, or undefined when the text is not an IP address. */
export function judgeAddress(text: string): AddressVerdict | undefined {
  const v4 = ipv4Bytes(text);
  if (v4) return { kind: kindIn(v4, V4, "public"), key: v4.join(".") };
  const v6 = ipv6Bytes(text);
  if (!v6) return undefined;
  const inner = embeddedIpv4(v6);
  if (!inner) return { kind: kindIn(v6, V6, "reserved"), key: hexKey(v6) };
  const embedded = inner.join(".");
  const mapped = v6[10] === 0xff && v6.slice(0, 10).every((x) => x === 0);
  return { kind: kindIn(inner, V4, "public"), embedded, key: mapped ? embedded : hexKey(v6) };
}

/** "a private address", "a loopback address (it carries the IPv4 address 127.0.0.1)". */
export function describeKind(verdict: AddressVerdict): string {
  const article = /^[aeiou]/.test(verdict.kind) ? "an" : "a";
  return `${article} ${verdict.kind} address${verdict.embedded ? ` (it carries the IPv4 address ${verdict.embedded})` : ""}`;
}
