#!/usr/bin/env python3
"""board2dts benchmarks (run by bench/run.sh): see the header of run.sh."""
import argparse
import datetime
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TIME = "/usr/bin/time"


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def loadavg():
    try:
        return open("/proc/loadavg").read().split()[:3]
    except OSError:
        return ["?"] * 3


def measure(cmd, cwd=None, env=None):
    """One run under /usr/bin/time: (ok, wall s, cpu s, rss KB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        p = subprocess.run([TIME, "-f", "%e %U %S %M", "-o", tf.name] + cmd, cwd=cwd, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        fields = tf.read().split()[-4:]
    wall, user, sys_, rss = float(fields[0]), float(fields[1]), float(fields[2]), int(fields[3])
    return p.returncode == 0, wall, user + sys_, rss, p.stderr.strip().splitlines()[-1:] 


def clang_args(entry):
    """The entry's compiler arguments without the compiler, -c, -o X, -Wp,-MMD,..."""
    argv = entry.get("arguments") or shlex.split(entry["command"])
    out, skip = [], False
    for a in argv[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD") or a.startswith("-Wp,-MD") or a.startswith("-Wp,-MMD"):
            continue
        out.append(a)
    return out


def load_corpus(path, every):
    rows = [l.rstrip("\n").split("\t") for l in open(path) if "\t" in l]
    rows = rows[::max(1, every)]
    dbs, corpus = {}, []
    for bdir, f in rows:
        if bdir not in dbs:
            dbs[bdir] = json.load(open(os.path.join(bdir, "compile_commands.json")))
        real = os.path.realpath(f)
        entry = next((e for e in dbs[bdir]
                      if os.path.realpath(os.path.join(e["directory"], e["file"])) == real), None)
        if entry:
            corpus.append((bdir, f, entry))
    return corpus


def per_file(a, corpus, tmp):
    res = []
    out = os.path.join(tmp, "out") + "/"  # a directory: files with several machines
    for n, (bdir, f, entry) in enumerate(corpus, 1):
        cargs = ["clang", "-fsyntax-only"] + clang_args(entry)
        b2d = [a.bin, "convert", "-p", bdir, f, "-o", out]
        tol = [a.bin, "convert", "--kernel", a.kernel, f, "-o", out]
        best = {"clang": None, "b2d": None, "tol": None}
        errors = {}
        for _ in range(a.runs):
            for key, cmd, cwd in (("clang", cargs, entry["directory"]), ("b2d", b2d, None),
                                  ("tol", tol, None)):
                ok, wall, cpu, rss, err = measure(cmd, cwd)
                if not ok:
                    errors[key] = " ".join(err)
                b = best[key]
                best[key] = (min(b[0], wall), min(b[1], cpu), min(b[2], rss)) if b else (wall, cpu, rss)
        r = {"file": os.path.basename(f), "build": os.path.basename(bdir), "errors": errors}
        for key in best:
            r[key] = {"wall": best[key][0], "cpu": best[key][1], "rss": best[key][2]}
        res.append(r)
        print("bench: [%d/%d] %-28s clang %.2fs  convert %.2fs  tolerant %.2fs" %
              (n, len(corpus), r["file"], r["clang"]["wall"], r["b2d"]["wall"], r["tol"]["wall"]),
              file=sys.stderr)
    return res


def probe(a, corpus):
    """libclang parse options on a few files."""
    picks = corpus[:: max(1, len(corpus) // 4)][:4]
    out = []
    for bdir, f, entry in picks:
        args = clang_args(entry)
        p = subprocess.run([a.probe, str(a.runs), entry["directory"]] + args,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode:
            print("bench: parse_opts failed on %s: %s" % (f, p.stderr.strip()), file=sys.stderr)
            continue
        rows = [l.split("\t") for l in p.stdout.strip().splitlines()]
        out.append((os.path.basename(f), [(r[0], float(r[1]), float(r[2]), int(r[3])) for r in rows]))
    return out


def scaling(a, corpus, tmp):
    bdirs = sorted({b for b, _, _ in corpus})
    files = [f for _, f, _ in corpus]
    base = [a.bin, "batch", "--force"] + sum((["-p", b] for b in bdirs), [])
    cmds = {}
    for j in (1, 2):
        d = os.path.join(tmp, "j%d" % j)
        cmds[j] = base + ["-j%d" % j, "--out-dir", d] + files
    runs = max(2, a.scale_runs)
    res = {}
    if shutil.which("hyperfine"):
        js = os.path.join(tmp, "hf.json")
        subprocess.run(["hyperfine", "--runs", str(runs), "-i", "--export-json", js, "-N",
                        "-n", "j1", shlex.join(cmds[1]), "-n", "j2", shlex.join(cmds[2])],
                       check=False, stdout=subprocess.DEVNULL, stderr=sys.stderr)
        for r in json.load(open(js))["results"]:
            res[r["command"]] = {"wall": min(r["times"]), "cpu": r["user"] + r["system"],
                                 "tool": "hyperfine"}
    else:
        for j in (1, 2):
            best = None
            for _ in range(runs):
                _, wall, cpu, _, _ = measure(cmds[j])
                best = (min(best[0], wall), min(best[1], cpu)) if best else (wall, cpu)
            res["j%d" % j] = {"wall": best[0], "cpu": best[1], "tool": "min of %d runs" % runs}
    res["files"] = len(files)
    res["runs"] = runs
    try:
        s = json.load(open(os.path.join(tmp, "j2", "summary.json")))
        res["failed"] = s["totals"]["failed"]
    except (OSError, ValueError, KeyError):
        res["failed"] = None
    return res


LARGE_SIZES = (15000, 30000, 60000)


def large_arrays(a, tmp):
    """convert of one registered gpio_led array of 15k/30k/60k entries
    (bench/gen_gpio_leds.sh): [(entries, ok, wall, cpu, rss KB)], minimum of the runs."""
    gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen_gpio_leds.sh")
    rows = []
    for n in LARGE_SIZES:
        src = os.path.join(tmp, "leds%d.c" % n)
        with open(src, "w") as f:
            subprocess.run(["bash", gen, str(n)], stdout=f, check=True)
        runs = [measure([a.bin, "convert", src, "-o", os.path.join(tmp, "leds.dts")])
                for _ in range(a.runs)]
        rows.append((n, all(r[0] for r in runs), min(r[1] for r in runs),
                     min(r[2] for r in runs), min(r[3] for r in runs)))
    return rows


def large_table(rows):
    out = ["## Large arrays", "",
           "`board2dts convert` of one registered `gpio_led` array (`bench/gen_gpio_leds.sh N`; "
           "minimum of the runs). Linear: time per entry stays flat (was quadratic: "
           "1.8 / 8.5 / 34 s before issue 9).", "",
           "| entries | wall | CPU user+sys | CPU us / entry | peak RSS | ok |",
           "|---:|---:|---:|---:|---:|---|"]
    for n, ok, wall, cpu, rss in rows:
        out.append("| %d | %.2f s | %.2f s | %.1f | %.0f MB | %s |" %
                   (n, wall, cpu, cpu / n * 1e6, rss / 1024, "yes" if ok else "FAILED"))
    return out + [""]


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def write(a, res, probes, scale, large, started, load0, load1, wall_total):
    lines = []
    add = lines.append
    ratio_wall = [r["b2d"]["wall"] / r["clang"]["wall"] for r in res if r["clang"]["wall"] > 0]
    ratio_cpu = [r["b2d"]["cpu"] / r["clang"]["cpu"] for r in res if r["clang"]["cpu"] > 0]
    ratio_rss = [r["b2d"]["rss"] / r["clang"]["rss"] for r in res if r["clang"]["rss"] > 0]
    tol = [r["tol"]["wall"] for r in res]
    tol_cpu = [r["tol"]["cpu"] for r in res]
    add("# board2dts performance")
    add("")
    add("Written by `bash bench/run.sh%s` (do not edit the measured part by hand)." %
        (" --every %d" % a.every if a.every > 1 else ""))
    add("")
    add("## Machine")
    add("")
    add("- date: %s" % started.strftime("%Y-%m-%d %H:%M UTC"))
    add("- CPU: %s, nproc %d" % (cpu_model(), os.cpu_count() or 0))
    add("- load average at start %s, at end %s (other processes share the machine: wall "
        "times include waiting for a CPU; CPU times do not)" % (" ".join(load0), " ".join(load1)))
    add("- libclang 14, clang %s; %d corpus files, %d run(s) each, minimum kept; "
        "benchmark took %.0f s" % (clang_version(), len(res), a.runs, wall_total)
        + ("; every %d-th file of the corpus" % a.every if a.every > 1 else ""))
    add("")
    add("## Summary")
    add("")
    add("| measure | value | target |")
    add("|---|---:|---:|")
    add("| median convert / `clang -fsyntax-only`, wall | %.2f | <= 1.3 |" % med(ratio_wall))
    add("| median convert / `clang -fsyntax-only`, CPU (user+sys) | %.2f | |" % med(ratio_cpu))
    add("| median peak RSS convert / clang | %.2f | <= 1.5 |" % med(ratio_rss))
    add("| max peak RSS convert / clang | %.2f | |" % (max(ratio_rss) if ratio_rss else float("nan")))
    if scale:
        sp = scale["j1"]["wall"] / scale["j2"]["wall"] if scale["j2"]["wall"] else float("nan")
        add("| batch -j2 speedup over -j1 (wall, %d files) | %.2f | >= 1.7 |" % (scale["files"], sp))
    add("| median tolerant-mode convert time (wall / CPU) | %.2f s / %.2f s | |" % (med(tol), med(tol_cpu)))
    add("| median clang -fsyntax-only time (wall / CPU) | %.2f s / %.2f s | |" %
        (med([r["clang"]["wall"] for r in res]), med([r["clang"]["cpu"] for r in res])))
    add("| median convert -p time (wall / CPU) | %.2f s / %.2f s | |" %
        (med([r["b2d"]["wall"] for r in res]), med([r["b2d"]["cpu"] for r in res])))
    add("")
    if scale:
        add("## Batch scaling")
        add("")
        add("`board2dts batch --force -p ... -jN --out-dir DIR FILES` over %d files (%s, %d runs; "
            "failed files in the -j2 run: %s):" % (scale["files"], scale["j1"]["tool"], scale["runs"],
                                                   scale["failed"]))
        add("")
        add("| -j | wall (min) | CPU user+sys (mean) |")
        add("|---:|---:|---:|")
        for j in ("j1", "j2"):
            add("| %s | %.1f s | %.1f s |" % (j[1:], scale[j]["wall"], scale[j]["cpu"]))
        add("")
    if large:
        lines.extend(large_table(large))
    if probes:
        add("## libclang parse options")
        add("")
        add("`bench/parse_opts.c`: the same file parsed with each option set (minimum of %d runs; "
            "CPU counts libclang's parse thread; top-level cursors show what the option drops)." % a.runs)
        add("")
        add("| file | option set | CPU ms | wall ms | top-level cursors |")
        add("|---|---|---:|---:|---:|")
        for f, rows in probes:
            for name, cpu, wall, top in rows:
                add("| %s | %s | %.0f | %.0f | %d |" % (f, name, cpu, wall, top))
        add("")
    add("## Per file")
    add("")
    add("Wall and CPU seconds (minimum of the runs), peak RSS in MB; ratio = convert / clang.")
    add("")
    add("| file | clang wall | convert wall | ratio | clang CPU | convert CPU | CPU ratio | "
        "clang RSS | convert RSS | RSS ratio | tolerant wall | notes |")
    add("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in res:
        c, b, t = r["clang"], r["b2d"], r["tol"]
        notes = "; ".join("%s: %s" % (k, v.replace("|", "/")[:80]) for k, v in r["errors"].items())
        add("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.0f | %.0f | %.2f | %.2f | %s |" % (
            r["file"], c["wall"], b["wall"], b["wall"] / c["wall"] if c["wall"] else 0,
            c["cpu"], b["cpu"], b["cpu"] / c["cpu"] if c["cpu"] else 0,
            c["rss"] / 1024, b["rss"] / 1024, b["rss"] / c["rss"] if c["rss"] else 0,
            t["wall"], notes))
    add("")
    if a.findings and os.path.exists(a.findings):
        add(open(a.findings).read().rstrip())
        add("")
    with open(a.out, "w") as f:
        f.write("\n".join(lines))


def clang_version():
    try:
        p = subprocess.run(["clang", "--version"], stdout=subprocess.PIPE, text=True)
        return p.stdout.split("version", 1)[1].split()[0]
    except (OSError, IndexError):
        return "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--probe")
    ap.add_argument("--kernel")
    ap.add_argument("--list")
    ap.add_argument("--out")
    ap.add_argument("--findings")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--scale-runs", type=int, default=int(os.environ.get("B2D_BENCH_SCALE_RUNS", "2")))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--every", type=int, default=1, help="every N-th corpus file")
    ap.add_argument("--no-scaling", action="store_true")
    ap.add_argument("--large-only", action="store_true",
                    help="only the large-array rows, as markdown on stdout")
    a = ap.parse_args()
    if not a.large_only and not (a.kernel and a.list and a.out):
        ap.error("--kernel, --list and --out are required (except with --large-only)")
    if a.large_only:
        tmp = tempfile.mkdtemp(prefix="b2d-bench.")
        try:
            print("\n".join(large_table(large_arrays(a, tmp))))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    if a.quick:
        a.runs = min(a.runs, 2)
        a.every = max(a.every, 8)
    started = datetime.datetime.utcnow()
    load0 = loadavg()
    t0 = time.time()
    corpus = load_corpus(a.list, a.every)
    tmp = tempfile.mkdtemp(prefix="b2d-bench.")
    # Warm the SoC .dtsi cache and the page cache once.
    for bdir, f, _ in corpus[:1]:
        measure([a.bin, "convert", "-p", bdir, "--kernel", a.kernel, f, "-o", os.path.join(tmp, "w.dts")])
    try:
        res = per_file(a, corpus, tmp)
        probes = probe(a, corpus) if a.probe else []
        scale = None if a.no_scaling else scaling(a, corpus, tmp)
        large = large_arrays(a, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    write(a, res, probes, scale, large, started, load0, loadavg(), time.time() - t0)


if __name__ == "__main__":
    main()
