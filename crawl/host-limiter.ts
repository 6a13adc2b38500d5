/**
 * Politeness per host: requests to one host start at least 1/rate seconds apart (jitter only adds
 * to the gap, so a crawl does not beat in lockstep and never goes faster than the rate a service
 * documents), never more than `maxConnections` at once, and a host that
 * asked us to wait (429 / 503 with Retry-After, or a robots.txt Crawl-delay) is left alone until
 * then. Hosts do not wait for one another. The clock and sleep are injectable for tests.
 */

export interface LimiterOptions {
  /** Requests per second per host. */
  ratePerSecond: number;
  /** Fraction of the interval added at random: 0.25 → each gap in [1, 1.25]·interval. */
  jitter: number;
  maxConnections: number;
  random: () => number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface HostState {
  nextAt: number;
  minIntervalMs: number;
  active: number;
  waiting: (() => void)[];
  /** Reservations are made one at a time per host, in arrival order. */
  chain: Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: LimiterOptions) {
    if (!(options.ratePerSecond > 0)) throw new Error("rate must be above 0 requests per second");
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
  }

  private state(host: string): HostState {
    let s = this.hosts.get(host);
    if (!s) {
      s = { nextAt: 0, minIntervalMs: 0, active: 0, waiting: [], chain: Promise.resolve() };
      this.hosts.set(host, s);
    }
    return s;
  }

  /** The gap before the next request to a host, jittered upwards only. */
  private interval(s: HostState): number {
    const base = Math.max(1000 / this.options.ratePerSecond, s.minIntervalMs);
    return base * (1 + this.options.jitter * this.options.random());
  }

  /** Waits for a connection slot and the host's next start time; call the returned release when done. */
  async acquire(host: string): Promise<() => void> {
    const s = this.state(host);
    const turn = s.chain.then(async () => {
      while (s.active >= this.options.maxConnections) await new Promise<void>((wake) => s.waiting.push(wake));
      s.active++;
      const now = this.now();
      const start = Math.max(now, s.nextAt);
      const gap = this.interval(s);
      s.nextAt = start + gap;
      if (start > now) await this.sleep(start - now);
      // A timer that fired late (a busy event loop) must not let the next request start early:
      // the gap runs from when this one really starts.
      s.nextAt = Math.max(s.nextAt, this.now() + gap);
    });
    s.chain = turn.catch(() => undefined);
    await turn;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      s.active--;
      s.waiting.shift()?.();
    };
  }

  /** Nothing starts on this host before `at` (epoch ms). */
  holdUntil(host: string, at: number): void {
    const s = this.state(host);
    s.nextAt = Math.max(s.nextAt, at);
  }

  /** A lower bound on the gap between requests (robots.txt Crawl-delay). */
  setMinInterval(host: string, ms: number): void {
    this.state(host).minIntervalMs = Math.max(0, ms);
  }
}
