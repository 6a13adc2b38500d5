#!/usr/bin/python3
"""networkx's side of the query benchmark (bench/queries.ts): the same graph and the same
sampled queries as bench/query-worker.ts, answered with networkx (Debian's python3-networkx),
timed one by one. Prints one JSON object shaped like the worker's.

    /usr/bin/python3 bench/networkx_queries.py SPEC.json

The graph is a DiGraph with an edge citing -> cited ("builds on"). Closures are networkx's
breadth-first search with a cutoff; shortest paths are all_shortest_paths (what Lineage answers:
every shortest chain, up to the same cap); longest paths and main paths have no networkx
function, so they are composed from networkx primitives (descendants, ancestors, condensation,
topological_sort) the way the library composes them, with Python's exact integers for SPC.
"""
import array
import json
import resource
import sys
import time
from itertools import islice

import networkx as nx


def rss_mib():
    """Peak resident memory of this process image (VmHWM). Not ru_maxrss: after fork and exec
    that still counts the parent's pages, so a child of a large benchmark process would report
    the parent's size."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def load(spec):
    pairs = array.array("I")
    with open(spec["edges"], "rb") as f:
        pairs.frombytes(f.read())
    if sys.byteorder != "little":
        pairs.byteswap()
    g = nx.DiGraph()
    g.add_nodes_from(range(spec["papers"]))
    g.add_edges_from(zip(pairs[0::2], pairs[1::2]))
    return g


def closure_size(g, seed, depth):
    return len(nx.single_source_shortest_path_length(g, seed, cutoff=depth)) - 1


def shortest(g, s, t, cap):
    try:
        paths = list(islice(nx.all_shortest_paths(g, s, t), cap))
    except nx.NetworkXNoPath:
        paths = []
    return "%dx%d" % (len(paths), len(paths[0]) if paths else 0)


def longest(g, s, t):
    down = nx.descendants(g, s) | {s}
    if t not in down:
        return 0
    up = nx.ancestors(g, t) | {t}
    c = nx.condensation(g.subgraph(down & up))
    comp = c.graph["mapping"]
    cs, ct = comp[s], comp[t]
    dist = {cs: 0}
    for u in nx.topological_sort(c):
        if u not in dist:
            continue
        for v in c.successors(u):
            if dist.get(v, -1) < dist[u] + 1:
                dist[v] = dist[u] + 1
    return dist[ct] + 1


def main_path_weight(g, seed):
    """SPC main path (Hummon & Doreian 1989; Batagelj 2003) over the seed's lineage."""
    scope = nx.ancestors(g, seed) | nx.descendants(g, seed) | {seed}
    c = nx.condensation(g.subgraph(scope))
    order = list(nx.topological_sort(c))  # a paper before what it builds on
    from_sources = {}
    for v in reversed(order):
        cited = list(c.successors(v))
        from_sources[v] = 1 if not cited else sum(from_sources[d] for d in cited)
    to_sinks = {}
    for v in order:
        citers = list(c.predecessors(v))
        to_sinks[v] = 1 if not citers else sum(to_sinks[e] for e in citers)
    best = {}
    for v in reversed(order):
        cited = list(c.successors(v))
        best[v] = 0 if not cited else max(best[d] + from_sources[d] * to_sinks[v] for d in cited)
    ends = [best[v] for v in order if c.in_degree(v) == 0 and c.out_degree(v) > 0]
    return str(max(ends)) if ends else "0"


def run(queries, answer):
    ms, answers = [], []
    for q in queries:
        t0 = time.perf_counter()
        a = answer(q)
        ms.append((time.perf_counter() - t0) * 1000)
        answers.append(a)
    return {"ms": ms, "answers": answers}


def main():
    with open(sys.argv[1]) as f:
        spec = json.load(f)
    t0 = time.perf_counter()
    g = load(spec)
    load_ms = (time.perf_counter() - t0) * 1000
    rss = rss_mib()
    rev = g.reverse(copy=False)
    queries = {}
    for name, graph in (("buildsOn", g), ("builtBy", rev)):
        for depth in (1, 2, 3):
            queries["%s depth %d" % (name, depth)] = run(spec["closureSeeds"], lambda s: closure_size(graph, s, depth))
    cap = spec["maxPaths"]
    queries["shortest path"] = run(spec["pathPairs"], lambda p: shortest(g, p[0], p[1], cap))
    queries["longest path"] = run(spec["longestPairs"], lambda p: longest(g, p[0], p[1]))
    queries["main path"] = run(spec["mainPathSeeds"], lambda s: main_path_weight(g, s))
    json.dump({"papers": g.number_of_nodes(), "citations": g.number_of_edges(), "loadMs": load_ms,
               "rssMiB": rss, "rssAfterMiB": rss_mib(), "networkx": nx.__version__,
               "python": sys.version.split()[0], "queries": queries}, sys.stdout)


if __name__ == "__main__":
    main()
