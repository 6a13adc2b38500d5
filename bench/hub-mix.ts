/**
 * Cheap requests beside hub requests (issue 29): one `lineage serve` (as it runs, answers kept)
 * over AAN, 200 connections at once, 30% of them asking about the most cited papers (each one's
 * view, and its one-step built-by and builds-on lists, whose answers are the largest a paper view
 * asks for) and the rest cheap requests (`/api/stats` and the views of sampled papers), as two wrk
 * processes side by side. Reported: the cheap requests' p99 with the hubs and without them (the
 * same 200 connections all cheap), in interleaved rounds, medians. Target: p99 ≤ 50 ms.
 */
import { openReader } from "../db/store.ts";
import { loadCitationIndex } from "../library/citation-index-store.ts";
import { sampleQueries } from "./query-sample.ts";
import { lineageServe } from "./server-process.ts";
import { median } from "./stats.ts";
import { runWrk, wrkAvailable, type WrkResult } from "./wrk.ts";

export interface HubMixBench {
  graph: string;
  connections: number;
  hubConnections: number;
  seconds: number;
  rounds: number;
  /** Cheap requests with the hubs asked beside them, and alone: medians of the rounds. */
  cheapP99Ms: number;
  cheapAloneP99Ms: number;
  hubP99Ms: number;
  cheapRequestsPerSecond: number;
  hubRequestsPerSecond: number;
  errors: number;
  non2xx: number;
  met: boolean;
}

/** The most cited papers' requests, and cheap ones over a seeded sample of papers. */
export function hubMixPaths(db: string, hubs = 40): { hub: string[]; cheap: string[] } {
  const conn = openReader(db);
  try {
    const index = loadCitationIndex(conn);
    const ref = (id: string) => encodeURIComponent(id);
    const most = conn.queries.mostCited(hubs).map((p) => ref(p.id));
    const sample = sampleQueries(index, { closures: 200, paths: 0, longest: 0, mainPaths: 0 }, 13);
    return {
      hub: most.flatMap((id) => [`/api/papers/${id}`, `/api/papers/${id}/built-by?depth=1`, `/api/papers/${id}/builds-on?depth=1`]),
      cheap: sample.closureSeeds.flatMap((i) => ["/api/stats", `/api/papers/${ref(index.id(i))}`]),
    };
  } finally {
    conn.close();
  }
}

export async function benchHubMix(graph: string, db: string, seconds = 5, rounds = 3, connections = 200, hubShare = 0.3): Promise<HubMixBench> {
  if (!wrkAvailable()) throw new Error("the hub mix needs wrk (apt-get install -y wrk)");
  const paths = hubMixPaths(db);
  const hubConnections = Math.round(connections * hubShare);
  const server = await lineageServe(db);
  const mixed: { cheap: WrkResult; hub: WrkResult }[] = [];
  const alone: WrkResult[] = [];
  try {
    // A warm-up: every request once at least (the answers kept, the pages' listing read).
    await Promise.all([runWrk(server.url, paths.cheap, connections - hubConnections, 3), runWrk(server.url, paths.hub, hubConnections, 3)]);
    for (let round = 0; round < rounds; round++) {
      const [cheap, hub] = await Promise.all([runWrk(server.url, paths.cheap, connections - hubConnections, seconds), runWrk(server.url, paths.hub, hubConnections, seconds)]);
      mixed.push({ cheap, hub });
      alone.push(await runWrk(server.url, paths.cheap, connections, seconds));
    }
  } finally {
    await server.stop();
  }
  const cheapP99Ms = median(mixed.map((m) => m.cheap.latencyP99Ms));
  const errors = mixed.reduce((n, m) => n + m.cheap.errors + m.hub.errors, 0);
  const non2xx = mixed.reduce((n, m) => n + m.cheap.non2xx + m.hub.non2xx, 0);
  return {
    graph,
    connections,
    hubConnections,
    seconds,
    rounds,
    cheapP99Ms,
    cheapAloneP99Ms: median(alone.map((a) => a.latencyP99Ms)),
    hubP99Ms: median(mixed.map((m) => m.hub.latencyP99Ms)),
    cheapRequestsPerSecond: median(mixed.map((m) => m.cheap.requestsPerSecond)),
    hubRequestsPerSecond: median(mixed.map((m) => m.hub.requestsPerSecond)),
    errors,
    non2xx,
    met: cheapP99Ms <= 50 && errors === 0 && non2xx === 0,
  };
}

/** `npx tsx bench/hub-mix.ts DB [SECONDS] [ROUNDS]`: the probe alone, printed as JSON. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const [db, seconds, rounds] = process.argv.slice(2);
  if (!db) {
    console.error("usage: npx tsx bench/hub-mix.ts DB [SECONDS] [ROUNDS]");
    process.exit(2);
  }
  console.log(JSON.stringify(await benchHubMix(db, db, Number(seconds ?? 5), Number(rounds ?? 3)), null, 2));
}
