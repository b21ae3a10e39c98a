#!/usr/bin/env python3
"""Criterion's medians (target/criterion) as the tables of BENCHMARKS.md: ours / parry per query,
configuration and n, and the per-frame figure costs. Run after `cargo bench --bench queries`."""
import json
import pathlib
import sys
from collections import defaultdict

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
medians = defaultdict(dict)  # group -> function -> median ns
for bench in root.rglob("new/benchmark.json"):
    meta = json.loads(bench.read_text())
    est = json.loads((bench.parent / "estimates.json").read_text())
    group, function = meta["group_id"], meta.get("function_id") or meta.get("value_str") or ""
    medians[group][function] = est["median"]["point_estimate"]


def fmt_ns(ns):
    if ns < 1e3:
        return f"{ns:.0f} ns"
    if ns < 1e6:
        return f"{ns / 1e3:.1f} µs"
    return f"{ns / 1e6:.2f} ms"


def key(group):
    q, config, n = group.split("/")
    return (q, config, int(n))


rows = sorted((g for g in medians if g.count("/") == 2 and not g.startswith("figure")), key=key)
print("| query | config | n | ours | median | parry | ours / parry |")
# rotating_toi rows also give the ratio to parry's sweep_time_of_impact (parry_sweep).
print("|---|---|---:|---|---:|---:|---:|")
for g in rows:
    q, config, n = key(g)
    fns = medians[g]
    parry = fns.get("parry")
    for f, ns in sorted(fns.items()):
        if f.startswith("parry"):
            continue
        ratio = f"{ns / parry:.2f}" if parry else "–"
        if "parry_sweep" in fns:
            ratio += f" (sweep: {ns / fns['parry_sweep']:.2f})"
        extra = ""
        if q == "md_edge_merge":
            extra = f" ({ns / (2 * n):.1f} ns per output vertex)"
        if q == "md_point_cloud":
            extra = f" ({ns / (n * n):.1f} ns per difference point)"
        print(f"| {q} | {config} | {n} | {f} | {fmt_ns(ns)}{extra} | "
              f"{fmt_ns(parry) if parry else '–'} | {ratio} |")

print()
print("| demo (two 1,024-gons) | figure build, median |")
print("|---|---:|")
for g in sorted(g for g in medians if g.startswith("figure")):
    for f, ns in sorted(medians[g].items()):
        print(f"| {f} | {fmt_ns(ns)} |")
