/**
 * Where a request may go (crawl/destinations.ts, crawl/ip-addresses.ts; issue 17, item 2), with
 * an injected resolver and no network: which addresses are special however they are written, and
 * the two rules, host and address-after-DNS, with the one-line reason each refusal gives.
 */
import { describe, expect, it } from "vitest";
import { DestinationPolicy, normalizeHost, type AddressLookup, type ResolvedAddress } from "../../crawl/destinations.ts";
import { judgeAddress } from "../../crawl/ip-addresses.ts";

describe("the kind of an address", () => {
  const cases: [string, string, string?][] = [
    ["127.0.0.1", "loopback"],
    ["127.200.3.4", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["169.254.1.1", "link-local"],
    ["169.254.169.254", "cloud metadata"],
    ["100.100.100.200", "cloud metadata"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["198.51.100.7", "reserved"],
    ["172.32.0.1", "public"],
    ["93.184.216.34", "public"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fd12:3456::1", "private"],
    ["fd00:ec2::254", "cloud metadata"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["3fff::1", "public"],
    ["2606:4700::1111", "public"],
    // IPv6 that carries IPv4: judged by the IPv4 inside, in every spelling
    ["::ffff:127.0.0.1", "loopback", "127.0.0.1"],
    ["::ffff:7f00:1", "loopback", "127.0.0.1"],
    ["0:0:0:0:0:ffff:a9fe:a9fe", "cloud metadata", "169.254.169.254"],
    ["[::ffff:10.0.0.1]", "private", "10.0.0.1"],
    ["::127.0.0.1", "loopback", "127.0.0.1"],
    ["64:ff9b::a9fe:a9fe", "cloud metadata", "169.254.169.254"],
    ["2002:c0a8:101::1", "private", "192.168.1.1"],
    ["::ffff:8.8.8.8", "public", "8.8.8.8"],
  ];
  for (const [address, kind, embedded] of cases) {
    it(`${address} is ${kind}`, () => {
      const verdict = judgeAddress(address);
      expect(verdict?.kind).toBe(kind);
      expect(verdict?.embedded).toBe(embedded);
    });
  }

  it("gives an IPv4 address and its IPv4-mapped IPv6 forms one key", () => {
    const keys = ["169.254.169.254", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "0:0:0:0:0:ffff:a9fe:a9fe"].map((a) => judgeAddress(a)?.key);
    expect(new Set(keys)).toEqual(new Set(["169.254.169.254"]));
  });

  it("accepts only real address text: other IPv4 spellings are not addresses here", () => {
    for (const text of ["2130706433", "0x7f.0.0.1", "0177.0.0.1", "127.1", "017700000001", "localhost", "1.2.3.4.5", ""]) expect(judgeAddress(text), text).toBeUndefined();
  });

  it("relies on the URL parser to turn decimal, octal and hex IPv4 hosts into dotted addresses", () => {
    for (const host of ["2130706433", "0x7f.0.0.1", "0177.0.0.1", "127.1", "0x7f000001"]) {
      expect(new URL(`http://${host}/`).hostname).toBe("127.0.0.1");
      expect(normalizeHost(host)).toBe("127.0.0.1");
    }
    expect(normalizeHost("::ffff:169.254.169.254")).toBe("[::ffff:a9fe:a9fe]");
    expect(normalizeHost("LOCALHOST:8080")).toBe("localhost:8080");
    expect(normalizeHost("a.test/path")).toBeUndefined();
  });
});

/** A resolver from a table (a function of the call count for names that change), recording each question. */
function fakeLookup(table: Record<string, ResolvedAddress[] | ((nth: number) => ResolvedAddress[])>): AddressLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    const entry = table[hostname];
    const answer = typeof entry === "function" ? entry(asked.filter((h) => h === hostname).length) : entry;
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answer;
  };
  return Object.assign(lookup, { asked });
}

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

describe("the host rule", () => {
  it("allows the seeds' hosts, port included, and the hosts --allow-host names, any port for a bare name", () => {
    const policy = new DestinationPolicy({ seeds: ["http://127.0.0.1:4001/paper/x/"], allowHosts: ["mirror.test", "api.test:8443", "2130706433"] });
    expect(policy.hostRefusal("http://127.0.0.1:4001/other/")).toBeUndefined();
    expect(policy.hostRefusal("http://0x7f.0.0.1:4001/spelled/")).toBeUndefined();
    expect(policy.hostRefusal("http://mirror.test:9/x")).toBeUndefined();
    expect(policy.hostRefusal("https://api.test:8443/x")).toBeUndefined();
    expect(policy.hostRefusal("http://127.0.0.1:4002/")).toBeUndefined(); // --allow-host 2130706433 is 127.0.0.1, any port
    const strict = new DestinationPolicy({ seeds: ["http://127.0.0.1:4001/paper/x/"], allowHosts: [] });
    expect(strict.hostRefusal("http://127.0.0.1:4002/internal/")).toBe("127.0.0.1:4002 is neither a seed's host nor named by --allow-host");
    expect(strict.hostRefusal("http://169.254.169.254/latest/meta-data/")).toBe("169.254.169.254 is neither a seed's host nor named by --allow-host");
    expect(strict.hostRefusal("http://[::ffff:a9fe:a9fe]/latest/")).toBe("[::ffff:a9fe:a9fe] is neither a seed's host nor named by --allow-host");
    expect(strict.hostRefusal("file:///etc/passwd")).toBe("only http and https are fetched, not file:");
  });

  it("refuses a host before asking DNS anything", async () => {
    const lookup = fakeLookup({});
    const policy = new DestinationPolicy({ seeds: ["http://papers.test/"], allowHosts: [], lookup });
    expect(await policy.resolve("http://internal.test/admin")).toEqual({ ok: false, refused: true, reason: "internal.test is neither a seed's host nor named by --allow-host" });
    expect(lookup.asked).toEqual([]);
  });
});

describe("the address rule, after DNS", () => {
  it("connects a public name to the addresses it resolved to, asking DNS once per check", async () => {
    const lookup = fakeLookup({ "papers.test": [v4("93.184.216.34"), v6("2606:2800:220:1::1")] });
    const policy = new DestinationPolicy({ seeds: ["https://papers.test/"], allowHosts: [], lookup });
    expect(await policy.resolve("https://papers.test/paper/1/")).toEqual({ ok: true, addresses: [v4("93.184.216.34"), v6("2606:2800:220:1::1")] });
    expect(lookup.asked).toEqual(["papers.test"]);
  });

  it("refuses a seed's name that resolves to a private, loopback or metadata address, naming the flag that permits it", async () => {
    const lookup = fakeLookup({ "intranet.test": [v4("10.0.0.7")], "loop.test": [v6("::ffff:127.0.0.1")], "meta.test": [v4("169.254.169.254")] });
    const policy = new DestinationPolicy({ seeds: ["http://intranet.test/", "http://loop.test/", "http://meta.test/"], allowHosts: [], lookup });
    expect(await policy.resolve("http://intranet.test/wiki/")).toEqual({
      ok: false,
      refused: true,
      reason: "intranet.test resolves to 10.0.0.7, a private address, fetched only when a seed is there or --allow-host names it (--allow-host 10.0.0.7)",
    });
    const loop = await policy.resolve("http://loop.test/");
    expect(loop.ok ? "" : loop.reason).toBe(
      "loop.test resolves to ::ffff:127.0.0.1, a loopback address (it carries the IPv4 address 127.0.0.1), fetched only when a seed is there or --allow-host names it (--allow-host [::ffff:127.0.0.1])",
    );
    const meta = await policy.resolve("http://meta.test/latest/meta-data/");
    expect(meta.ok ? "" : meta.reason).toMatch(/^meta\.test resolves to 169\.254\.169\.254, a cloud metadata address, /);
  });

  it("refuses a name when any one of its addresses is refused", async () => {
    const lookup = fakeLookup({ "mixed.test": [v4("93.184.216.34"), v4("127.0.0.1")] });
    const policy = new DestinationPolicy({ seeds: ["http://mixed.test/"], allowHosts: [], lookup });
    const r = await policy.resolve("http://mixed.test/");
    expect(r).toMatchObject({ ok: false, refused: true });
    expect(r.ok ? "" : r.reason).toMatch(/^mixed\.test resolves to 127\.0\.0\.1, a loopback address/);
  });

  it("checks again on every request, so a name that re-resolves to a private address is caught", async () => {
    const lookup = fakeLookup({ "rebind.test": (nth) => (nth === 1 ? [v4("93.184.216.34")] : [v4("169.254.169.254")]) });
    const policy = new DestinationPolicy({ seeds: ["http://rebind.test/"], allowHosts: [], lookup });
    expect(await policy.resolve("http://rebind.test/a")).toEqual({ ok: true, addresses: [v4("93.184.216.34")] });
    expect(await policy.resolve("http://rebind.test/b")).toMatchObject({ ok: false, refused: true, reason: expect.stringMatching(/cloud metadata/) });
    expect(lookup.asked).toEqual(["rebind.test", "rebind.test"]);
  });

  it("permits a special address when the seed is written as it, or is a localhost name", async () => {
    const lookup = fakeLookup({ localhost: [v6("::1"), v4("127.0.0.1")] });
    const policy = new DestinationPolicy({ seeds: ["http://127.0.0.1:4001/", "http://[fd00::5]/", "http://localhost:3000/"], allowHosts: [], lookup });
    expect(await policy.resolve("http://127.0.0.1:4001/paper/")).toEqual({ ok: true, addresses: [v4("127.0.0.1")] });
    expect(await policy.resolve("http://[fd00::5]/paper/")).toEqual({ ok: true, addresses: [v6("fd00::5")] });
    expect(await policy.resolve("http://localhost:3000/paper/")).toEqual({ ok: true, addresses: [v6("::1"), v4("127.0.0.1")] });
    expect(lookup.asked).toEqual(["localhost"]);
  });

  it("refuses a localhost name that resolves off the loopback", async () => {
    const lookup = fakeLookup({ localhost: [v4("10.9.9.9")] });
    const policy = new DestinationPolicy({ seeds: ["http://localhost:3000/"], allowHosts: [], lookup });
    expect(await policy.resolve("http://localhost:3000/")).toMatchObject({ ok: false, refused: true, reason: expect.stringMatching(/^localhost resolves to 10\.9\.9\.9, a private address/) });
  });

  it("permits a private address that --allow-host names, for any allowed name resolving there", async () => {
    const lookup = fakeLookup({ "intranet.test": [v4("10.0.0.7")], "other.test": [v4("10.0.0.8")] });
    const policy = new DestinationPolicy({ seeds: ["http://intranet.test/", "http://other.test/"], allowHosts: ["10.0.0.7"], lookup });
    expect(await policy.resolve("http://intranet.test/wiki/")).toEqual({ ok: true, addresses: [v4("10.0.0.7")] });
    expect(await policy.resolve("http://other.test/")).toMatchObject({ ok: false, refused: true });
  });

  it("refuses an answer that is not an address, and reports a name that does not resolve as not found (not refused)", async () => {
    const lookup = fakeLookup({ "odd.test": [v4("0x7f.0.0.1")] });
    const policy = new DestinationPolicy({ seeds: ["http://odd.test/", "http://gone.test/"], allowHosts: [], lookup });
    expect(await policy.resolve("http://odd.test/")).toEqual({ ok: false, refused: true, reason: 'odd.test resolved to "0x7f.0.0.1", which is not an IP address' });
    expect(await policy.resolve("http://gone.test/")).toEqual({ ok: false, refused: false, reason: "host not found" });
  });
});
