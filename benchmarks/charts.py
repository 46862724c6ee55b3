#!/usr/bin/python3
"""The two pictures of docs/performance.md, drawn for a reader at about
1200 px wide:

- CHART.png: per workload (columns) and op (rows), three heatmaps: our
  kernels (`jit`) over the read-bandwidth limit on one thread and on two,
  and our speed over the best other contender (numpy, plain C++, C++ with
  -ffast-math, Eigen) on one thread. A cell under its target is outlined.
- CHART-fused.png (beside it): per fused workload, the time over our own
  one-read sum of the JIT, the imported model and the best other contender
  (numpy, PyTorch, ONNX Runtime), on one and two threads, against the
  workload's target.

Both titles name the CPU of the run. benchmarks/report.py draws them from a
reduce-bench run (utils/bench.sh); `charts.py --from-md performance.md
CHART.png` redraws them from the tables the document already has.

Usage: charts.py --from-md PERFORMANCE.md CHART.png
"""

import os
import re
import sys

# The contenders other than ours, one thread, for "the best peer".
PEERS = ["numpy", "cpp", "cpp-fastmath", "eigen"]
FUSED_PEERS = ["numpy", "torch", "ort"]
OPS = ["sum", "l1", "min", "max", "mean", "l2", "sum_square", "log_sum",
       "log_sum_exp", "prod", "logical_and", "logical_or"]


def fused_path(chart_png):
    root, ext = os.path.splitext(chart_png)
    return root + "-fused" + ext


def cpu_name(machine):
    """"AMD EPYC, 2 cores (avx2 avx512f), ..." -> "AMD EPYC, 2 cores"."""
    parts = machine.split(",")
    cores = parts[1].split("(")[0].strip() if len(parts) > 1 else ""
    return parts[0].strip() + (", " + cores if cores else "")


def draw(cases, fused, machine, date, chart_png):
    """cases: {(workload, op): {"target": t, label: ratio to the limit}}
    with labels jit, jit-2t and the peers; fused: rows {fused, what,
    contender, threads, ratio_to_sum, target}, with the fused run's
    (machine, date) as fused_run. Writes chart_png and its -fused twin
    (when there are fused rows)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import LinearSegmentedColormap
    from matplotlib.patches import Rectangle

    workloads = sorted({w for w, _ in cases}, key=lambda w: int(w[1:]))
    ops = [o for o in OPS if any((w, o) in cases for w in workloads)]
    ops += sorted({o for _, o in cases} - set(ops))
    red_green = LinearSegmentedColormap.from_list(
        "rg", ["#c0392b", "#f5d76e", "#27ae60"])

    def best_peer(case):
        ratios = [case[p] for p in PEERS if case.get(p)]
        return max(ratios) if ratios else None

    panels = [
        ("ours / limit, 1 thread", lambda c: c.get("jit"), True),
        ("ours / limit, 2 threads", lambda c: c.get("jit-2t"), True),
        ("ours / best peer, 1 thread",
         lambda c: (c["jit"] / best_peer(c)
                    if c.get("jit") and best_peer(c) else None), False),
    ]
    fig, axes = plt.subplots(1, 3, figsize=(12, 1.6 + 0.36 * len(ops)),
                             dpi=100)
    for ax, (title, value, against_target) in zip(axes, panels):
        for row, op in enumerate(ops):
            for col, w in enumerate(workloads):
                case = cases.get((w, op))
                v = value(case) if case else None
                if v is None:
                    ax.add_patch(Rectangle((col, row), 1, 1, color="#eeeeee"))
                    continue
                # Colour: green when the goal (the target, or the best
                # peer) is reached, else from yellow (close) to red (at
                # half of it or less).
                goal = case["target"] if against_target else 1.0
                shade = 1.0 if v >= goal else \
                    0.5 * max(0.0, (v / goal - 0.5) / 0.5)
                ax.add_patch(Rectangle((col, row), 1, 1,
                                       color=red_green(shade)))
                text = f"{v:.2f}" if v < 5 else f"{v:.1f}"
                ax.text(col + 0.5, row + 0.5, text, ha="center",
                        va="center", fontsize=9)
                if against_target and v < case["target"]:
                    ax.add_patch(Rectangle((col + 0.04, row + 0.06), 0.92,
                                           0.88, fill=False, linewidth=1.2,
                                           edgecolor="black"))
        ax.set_xlim(0, len(workloads))
        ax.set_ylim(len(ops), 0)
        ax.set_xticks([k + 0.5 for k in range(len(workloads))])
        ax.set_xticklabels(workloads, fontsize=10)
        ax.xaxis.tick_top()
        ax.set_yticks([k + 0.5 for k in range(len(ops))])
        ax.set_yticklabels(ops if ax is axes[0] else [], fontsize=10)
        ax.tick_params(length=0)
        ax.set_title(title, fontsize=11, pad=22)
        for spine in ax.spines.values():
            spine.set_visible(False)
    fig.suptitle(
        f"reduce-bench on {cpu_name(machine)} ({date}), higher is better: "
        "ours over the read-bandwidth limit and over the best peer\n"
        "green: target met (limit: 0.9 of it; W6 0.8, W4 0.7, log_sum_exp "
        "0.5) or peer beaten; boxed: under the target; peers: numpy, C++, "
        "C++ -ffast-math, Eigen", fontsize=10.5)
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    fig.savefig(chart_png)
    plt.close(fig)

    if not fused:
        return
    fused_machine, fused_date = fused[0]["run"]
    ids = sorted({r["fused"] for r in fused})
    what = {r["fused"]: r["what"] for r in fused}
    target = {r["fused"]: r["target"] for r in fused}

    def ratio(fid, contenders, threads):
        values = [r["ratio_to_sum"] for r in fused
                  if r["fused"] == fid and r["contender"] in contenders
                  and r["threads"] == threads and r["ratio_to_sum"]]
        return min(values) if values else None

    series = [("ours (jit), 1 thread", ["jit"], 1, "#1f77b4"),
              ("ours (jit), 2 threads", ["jit"], 2, "#aec7e8"),
              ("imported model, 1 thread", ["model"], 1, "#2ca02c"),
              ("best peer, 1 thread", FUSED_PEERS, 1, "#d62728"),
              ("best peer, 2 threads", FUSED_PEERS, 2, "#ff9896")]
    fig, ax = plt.subplots(figsize=(12, 1.2 + 0.75 * len(ids)), dpi=100)
    height = 0.8 / len(series)
    for i, (name, contenders, threads, color) in enumerate(series):
        ys, xs = [], []
        for k, fid in enumerate(ids):
            v = ratio(fid, contenders, threads)
            if v is not None:
                ys.append(k + (i - (len(series) - 1) / 2) * height)
                xs.append(v)
        ax.barh(ys, xs, height, color=color, label=name)
        for y, x in zip(ys, xs):
            ax.text(x * 1.03, y, f"{x:.2f}", va="center", fontsize=8.5,
                    bbox=dict(facecolor="white", edgecolor="none", pad=0.5,
                              alpha=0.8), zorder=4)
    for k, fid in enumerate(ids):
        ax.plot([target[fid]] * 2, [k - 0.45, k + 0.45], color="black",
                linewidth=1.5, linestyle="--", zorder=3)
    ax.plot([], [], color="black", linewidth=1.5, linestyle="--",
            label="target")
    ax.set_xscale("log")
    ax.set_xlim(0.8, 40)
    ax.set_xticks([1, 2, 4, 8, 16, 32])
    ax.set_xticklabels(["1", "2", "4", "8", "16", "32"])
    ax.set_yticks(range(len(ids)))
    ax.set_yticklabels([f"{fid} {what[fid]}" for fid in ids], fontsize=10)
    ax.set_ylim(len(ids) - 0.5, -0.5)
    ax.set_xlabel("time over our one-read reduce.sum of the same input "
                  "(lower is better; the target bounds ours)", fontsize=10)
    ax.legend(fontsize=9, loc="lower center", bbox_to_anchor=(0.5, 1.0),
              ncol=6, frameon=False)
    ax.set_title(f"Fused workloads on {cpu_name(fused_machine)} "
                 f"({fused_date})", fontsize=11, pad=28)
    fig.tight_layout()
    fig.savefig(fused_path(chart_png))
    plt.close(fig)


def _table(lines, start):
    """The rows (lists of cells) of the markdown table at or after line
    `start`, with its header."""
    while start < len(lines) and not lines[start].startswith("|"):
        start += 1
    header = [c.strip() for c in lines[start].strip().strip("|").split("|")]
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return header, rows


def from_markdown(path):
    """The cases and fused rows of a docs/performance.md, with its runs'
    machines and dates."""
    lines = open(path, encoding="utf-8").read().splitlines()

    def run_of(section_start):
        machine = date = "?"
        for line in lines[section_start:]:
            if line.startswith("- Machine: ") and machine == "?":
                machine = line[len("- Machine: "):]
            elif line.startswith("- Date: ") and date == "?":
                date = line[len("- Date: "):]
            if machine != "?" and date != "?":
                break
        return machine, date

    machine, date = run_of(0)
    results = lines.index("## Results")
    header, rows = _table(lines, results)
    cases = {}
    for row in rows:
        cells = dict(zip(header, row))
        case = {"target": float(cells["target"])}
        for label, cell in cells.items():
            m = re.search(r"\(([0-9.]+)\)", cell)
            if m and label not in ("id", "op"):
                case[label] = float(m.group(1))
        cases[(cells["id"], cells["op"])] = case
    fused = []
    heading = next((i for i, l in enumerate(lines)
                    if l.startswith("## Fused workloads")), None)
    if heading is not None:
        run = run_of(heading)
        header, rows = _table(lines, heading)
        for row in rows:
            cells = dict(zip(header, row))
            ratio = re.match(r"[0-9.]+", cells["x sum"])
            fused.append({"fused": cells["id"], "what": cells["workload"],
                          "contender": cells["contender"],
                          "threads": int(cells["threads"]),
                          "ratio_to_sum": float(ratio.group(0))
                          if ratio and "✗" not in cells["x sum"] else None,
                          "target": float(cells["target"]), "run": run})
    return cases, fused, machine, date


def redraw(md_path, chart_png):
    """Draws the pictures of the tables of the document at md_path."""
    cases, fused, machine, date = from_markdown(md_path)
    draw(cases, fused, machine, date, chart_png)


def main():
    if len(sys.argv) != 4 or sys.argv[1] != "--from-md":
        sys.exit(__doc__.split("Usage: ")[1])
    redraw(sys.argv[2], sys.argv[3])
    _, fused, _, _ = from_markdown(sys.argv[2])
    print(f"wrote {sys.argv[3]}" +
          (f" and {fused_path(sys.argv[3])}" if fused else ""))


if __name__ == "__main__":
    main()
