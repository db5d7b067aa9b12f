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


def env_with(**kw):
    e = dict(os.environ)
    e.update(kw)
    return e


def per_file(a, corpus, tmp):
    """clang, convert -p (header bodies skipped, warm cache), the same with a cold
    cache (a fresh XDG_CACHE_HOME each run), with the headers parsed whole
    (B2D_PARSE_HEADER_BODIES=1: the parse before issue 14), and tolerant mode
    three ways: warm parse cache (one parse, after a first conversion that
    fills it), without it (B2D_NO_PARSE_CACHE=1: 2-4 parses) and with the
    headers whole; minimum of the runs."""
    res = []
    out = os.path.join(tmp, "out") + "/"  # a directory: files with several machines
    whole = env_with(B2D_PARSE_HEADER_BODIES="1")
    noparse = env_with(B2D_NO_PARSE_CACHE="1")
    for n, (bdir, f, entry) in enumerate(corpus, 1):
        cargs = ["clang", "-fsyntax-only"] + clang_args(entry)
        b2d = [a.bin, "convert", "-p", bdir, f, "-o", out]
        tol = [a.bin, "convert", "--kernel", a.kernel, f, "-o", out]
        best, errors = {}, {}
        measure(tol)  # fills the parse cache: "tol" is the conversion after the first
        for r in range(a.runs):
            cold = env_with(XDG_CACHE_HOME=tempfile.mkdtemp(prefix="cold.", dir=tmp))
            for key, cmd, cwd, env in (("clang", cargs, entry["directory"], None),
                                       ("b2d", b2d, None, None), ("cold", b2d, None, cold),
                                       ("whole", b2d, None, whole), ("tol", tol, None, None),
                                       ("tol_noparse", tol, None, noparse),
                                       ("tol_whole", tol, None, whole)):
                ok, wall, cpu, rss, err = measure(cmd, cwd, env)
                if not ok:
                    errors[key] = " ".join(err)
                b = best.get(key)
                best[key] = (min(b[0], wall), min(b[1], cpu), min(b[2], rss)) if b else (wall, cpu, rss)
            shutil.rmtree(cold["XDG_CACHE_HOME"], ignore_errors=True)
        r = {"file": os.path.basename(f), "build": os.path.basename(bdir), "errors": errors}
        for key in best:
            r[key] = {"wall": best[key][0], "cpu": best[key][1], "rss": best[key][2]}
        res.append(r)
        print("bench: [%d/%d] %-28s clang %.2fs  convert %.2fs (whole %.2fs)  tolerant %.2fs CPU" %
              (n, len(corpus), r["file"], r["clang"]["cpu"], r["b2d"]["cpu"], r["whole"]["cpu"],
               r["tol"]["cpu"]), file=sys.stderr)
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
        out.append((os.path.basename(f), [(r[0], float(r[1]), float(r[2]), int(r[3]), float(r[4]),
                                           int(r[5])) for r in rows]))
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


def against_old(a, tmp):
    """The whole corpus (every file of the list, whatever --every) through
    `batch -j2 --kernel` (dtc included) with the binary of commit 4f56706
    (--old) and this one, interleaved, minimum of the runs; then this one once
    with a cold cache (a fresh XDG_CACHE_HOME: no compiled .dtsi, no header
    copies) unless B2D_BENCH_NO_COLD is set."""
    rows = load_corpus(a.list, 1)
    bdirs = sorted({b for b, _, _ in rows})
    files = [f for _, f, _ in rows]

    def cmd(binary, name):
        return ([binary, "batch", "--force", "-j2", "--kernel", a.kernel] +
                sum((["-p", b] for b in bdirs), []) + ["--out-dir", os.path.join(tmp, name)] + files)
    res = {"files": len(files), "runs": a.old_runs}
    for _ in range(a.old_runs):
        for name, binary in (("old", a.old), ("new", a.bin)):
            ok, wall, cpu, _, _ = measure(cmd(binary, name))
            b = res.get(name)
            res[name] = {"wall": min(b["wall"], wall), "cpu": min(b["cpu"], cpu)} if b else \
                {"wall": wall, "cpu": cpu}
            print("bench: batch %s %.1f s wall %.1f s CPU" % (name, wall, cpu), file=sys.stderr)
    if not os.environ.get("B2D_BENCH_NO_COLD"):
        cold = env_with(XDG_CACHE_HOME=tempfile.mkdtemp(prefix="cold.", dir=tmp))
        _, wall, cpu, _, _ = measure(cmd(a.bin, "cold"), env=cold)
        res["cold"] = {"wall": wall, "cpu": cpu}
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


TOL_MEASURES = (("base", None), ("new", {}), ("no_board", {"B2D_NO_BOARD_CACHE": "1"}),
                ("no_dtc", {"B2D_NO_DTC_CACHE": "1"}), ("no_huge", {"B2D_NO_HUGEPAGES": "1"}))


def tolerant_vs(a, corpus, tmp):
    """Tolerant mode (`convert --kernel K FILE -o DIR/`) side by side: the
    binary of --tolerant-vs (base) and this one, and this one parsing the
    file (not reading the board the parse cache kept), without the dtc
    check cache and without huge pages; each binary with an XDG cache of
    its own, warmed by one conversion of the file first; the measures of a
    run interleaved; minimum of the runs. Also this one's first conversion
    (cold: its caches empty)."""
    out = os.path.join(tmp, "tvs") + "/"
    os.makedirs(out, exist_ok=True)
    caches = {"base": tempfile.mkdtemp(prefix="xdg-base.", dir=tmp),
              "new": tempfile.mkdtemp(prefix="xdg-new.", dir=tmp)}
    res = []
    for n, (_, f, _) in enumerate(corpus, 1):
        r = {"file": os.path.basename(f)}
        for name, b in (("base", a.tolerant_vs), ("new", a.bin)):
            cold = measure([b, "convert", "--kernel", a.kernel, f, "-o", out],
                           env=env_with(XDG_CACHE_HOME=caches[name]))
            if name == "new":
                r["cold"] = cold[2]
        for _ in range(a.runs):
            for key, extra in TOL_MEASURES:
                b = a.tolerant_vs if key == "base" else a.bin
                env = env_with(XDG_CACHE_HOME=caches["base" if key == "base" else "new"],
                               **(extra or {}))
                ok, wall, cpu, rss, err = measure([b, "convert", "--kernel", a.kernel, f, "-o", out],
                                                  env=env)
                r[key] = min(r.get(key, cpu), cpu)
                r[key + "_rss"] = min(r.get(key + "_rss", rss), rss)
                if not ok:
                    r.setdefault("errors", []).append("%s: %s" % (key, " ".join(err)))
        res.append(r)
        print("bench: [%d/%d] %-28s tolerant base %.2fs  this %.2fs" %
              (n, len(corpus), r["file"], r["base"], r["new"]), file=sys.stderr)
    return res


def tolerant_vs_table(a, res, load0, load1, started, wall_total):
    out = ["## Tolerant mode side by side", "",
           "Written by `bash bench/run.sh --tolerant-vs BASE%s` on %s (load average %s at "
           "start, %s at end; %d files, %d run(s) each, minimum kept; took %.0f s). CPU "
           "seconds (user+sys) of `board2dts convert --kernel K FILE -o DIR/` after one "
           "conversion of the file (caches warm): base: %s; this: this binary; parsed: "
           "B2D_NO_BOARD_CACHE=1 (the file parsed, not its board read from the parse "
           "cache); no dtc cache: B2D_NO_DTC_CACHE=1; no huge pages: B2D_NO_HUGEPAGES=1; cold: this "
           "binary's first conversion of the file (the other caches of earlier files "
           "warm). Peak RSS in MB." %
           (" --every %d" % a.every if a.every > 1 else "", started.strftime("%Y-%m-%d %H:%M UTC"),
            " ".join(load0), " ".join(load1), len(res), a.runs, wall_total, a.tolerant_vs), ""]
    out += ["| measure | base | this | parsed | no dtc cache | no huge pages | cold |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    out.append("| median CPU | %.3f s | %.3f s | %.3f s | %.3f s | %.3f s | %.3f s |" % tuple(
        med([r[k] for r in res]) for k in ("base", "new", "no_board", "no_dtc", "no_huge",
                                           "cold")))
    out.append("| median this / base | | %.2f | %.2f | %.2f | %.2f | |" % tuple(
        med([r[k] / r["base"] for r in res if r["base"]])
        for k in ("new", "no_board", "no_dtc", "no_huge")))
    out.append("| median peak RSS | %.0f | %.0f | %.0f | %.0f | %.0f | |" % tuple(
        med([r[k + "_rss"] / 1024 for r in res])
        for k in ("base", "new", "no_board", "no_dtc", "no_huge")))
    out += ["", "| file | base | this | parsed | no dtc cache | no huge pages | cold | notes |",
            "|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in res:
        out.append("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %s |" % (
            r["file"], r["base"], r["new"], r["no_board"], r["no_dtc"], r["no_huge"], r["cold"],
            "; ".join(r.get("errors", []))[:120].replace("|", "/")))
    return out + [""]


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def ratios(res, key, field):
    return [r[key][field] / r["clang"][field] for r in res if r["clang"][field] > 0]


def summary(add, res, scale, old):
    cpu = ratios(res, "b2d", "cpu")
    rss = ratios(res, "b2d", "rss")
    add("## Summary")
    add("")
    add("Ratios are per file, convert / `clang -fsyntax-only` with the same flags, measured "
        "side by side; \"headers whole\" is the same binary with `B2D_PARSE_HEADER_BODIES=1` "
        "(the parse before issue 14), \"cold\" a first run with an empty cache.")
    add("")
    add("| measure | value | target |")
    add("|---|---:|---:|")
    add("| median convert / clang, CPU (user+sys) | %.2f | <= 0.8 |" % med(cpu))
    add("| median convert / clang, CPU, cold cache | %.2f | |" % med(ratios(res, "cold", "cpu")))
    add("| median convert / clang, CPU, headers whole | %.2f | |" % med(ratios(res, "whole", "cpu")))
    add("| median convert / clang, wall | %.2f | |" % med(ratios(res, "b2d", "wall")))
    add("| median peak RSS convert / clang | %.2f | <= 1.0 |" % med(rss))
    add("| max peak RSS convert / clang | %.2f | |" % (max(rss) if rss else float("nan")))
    add("| median peak RSS convert / clang, headers whole | %.2f | |" % med(ratios(res, "whole", "rss")))
    add("| median tolerant-mode convert CPU | %.2f s | <= 0.15 s |" % med([r["tol"]["cpu"] for r in res]))
    add("| median tolerant-mode convert CPU, no parse cache (2-4 parses) | %.2f s | |" %
        med([r["tol_noparse"]["cpu"] for r in res]))
    add("| median tolerant-mode convert CPU, headers whole | %.2f s | |" %
        med([r["tol_whole"]["cpu"] for r in res]))
    if old:
        add("| whole corpus `batch -j2 --kernel`, speedup over 4f56706 (wall) | %.2f | >= 1.5 |" %
            (old["old"]["wall"] / old["new"]["wall"]))
        add("| the same, CPU | %.2f | |" % (old["old"]["cpu"] / old["new"]["cpu"]))
        if "cold" in old:
            add("| the same, this binary with a cold cache (wall) | %.2f | |" %
                (old["old"]["wall"] / old["cold"]["wall"]))
    if scale:
        sp = scale["j1"]["wall"] / scale["j2"]["wall"] if scale["j2"]["wall"] else float("nan")
        add("| batch -j2 speedup over -j1 (wall, %d files) | %.2f | >= 1.7 |" % (scale["files"], sp))
    for name, key in (("clang -fsyntax-only", "clang"), ("convert -p", "b2d"),
                      ("convert -p, headers whole", "whole")):
        add("| median %s time (wall / CPU) | %.2f s / %.2f s | |" %
            (name, med([r[key]["wall"] for r in res]), med([r[key]["cpu"] for r in res])))
    add("")


def old_table(add, old):
    add("## Whole corpus against commit 4f56706")
    add("")
    add("`board2dts batch --force -j2 --kernel K -p ... --out-dir DIR FILES` over the %d corpus "
        "files (every output compiled with cpp + dtc), the binary of 4f56706 and this one "
        "interleaved, minimum of %d runs each (and this one once with an empty cache, "
        "unless B2D_BENCH_NO_COLD):" %
        (old["files"], old["runs"]))
    add("")
    add("| binary | wall | CPU user+sys |")
    add("|---|---:|---:|")
    for name, label in (("old", "4f56706"), ("new", "this one"), ("cold", "this one, cold cache")):
        if name in old:
            add("| %s | %.1f s | %.1f s |" % (label, old[name]["wall"], old[name]["cpu"]))
    add("")


def probe_table(add, a, probes):
    add("## libclang parse options")
    add("")
    add("`bench/parse_opts.c`: the same file parsed with each option set (minimum of %d runs; CPU "
        "counts libclang's parse thread; the walk visits every top-level cursor, which with a "
        "preamble deserializes the headers' declarations; main bodies: the board file's function "
        "bodies clang built, which the extractor needs)." % a.runs)
    add("")
    add("| file | option set | parse CPU ms | wall ms | top-level cursors | walk CPU ms | main bodies |")
    add("|---|---|---:|---:|---:|---:|---:|")
    for f, rows in probes:
        for name, cpu, wall, top, walk, bodies in rows:
            add("| %s | %s | %.0f | %.0f | %d | %.0f | %d |" % (f, name, cpu, wall, top, walk, bodies))
    add("")


def file_table(add, res):
    add("## Per file")
    add("")
    add("CPU seconds (user+sys, minimum of the runs), peak RSS in MB; ratio = convert / clang; "
        "whole: headers parsed whole; tol: tolerant mode (warm parse cache); tol 2-4: without "
        "the parse cache.")
    add("")
    add("| file | clang CPU | convert CPU | ratio | cold | whole | clang RSS | convert RSS | RSS ratio "
        "| tol CPU | tol 2-4 | tol whole | notes |")
    add("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in res:
        c, b = r["clang"], r["b2d"]
        notes = "; ".join("%s: %s" % (k, v.replace("|", "/")[:80]) for k, v in r["errors"].items())
        add("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.0f | %.0f | %.2f | %.2f | %.2f | %.2f | %s |" % (
            r["file"], c["cpu"], b["cpu"], b["cpu"] / c["cpu"] if c["cpu"] else 0,
            r["cold"]["cpu"], r["whole"]["cpu"], c["rss"] / 1024, b["rss"] / 1024,
            b["rss"] / c["rss"] if c["rss"] else 0, r["tol"]["cpu"], r["tol_noparse"]["cpu"],
            r["tol_whole"]["cpu"], notes))
    add("")


def write(a, res, probes, scale, old, large, started, load0, load1, wall_total):
    lines = []
    add = lines.append
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
        "times include waiting for a CPU; CPU times do not, but a loaded machine slows "
        "everything, so compare the ratios of one run, not times across runs)" %
        (" ".join(load0), " ".join(load1)))
    add("- libclang 14, clang %s; %d corpus files, %d run(s) each, minimum kept; "
        "benchmark took %.0f s" % (clang_version(), len(res), a.runs, wall_total)
        + ("; every %d-th file of the corpus" % a.every if a.every > 1 else ""))
    add("")
    summary(add, res, scale, old)
    if old:
        old_table(add, old)
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
        probe_table(add, a, probes)
    file_table(add, res)
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
    ap.add_argument("--old", help="board2dts of commit 4f56706: whole-corpus batch against it")
    ap.add_argument("--old-runs", type=int, default=int(os.environ.get("B2D_BENCH_OLD_RUNS", "2")))
    ap.add_argument("--tolerant-vs", metavar="BASE_BIN",
                    help="only tolerant mode, this binary against BASE_BIN side by side, "
                         "as markdown on stdout")
    ap.add_argument("--large-only", action="store_true",
                    help="only the large-array rows, as markdown on stdout")
    a = ap.parse_args()
    if not a.large_only and not (a.kernel and a.list and a.out):
        ap.error("--kernel, --list and --out are required (except with --large-only)")
    if a.tolerant_vs:
        tmp = tempfile.mkdtemp(prefix="b2d-bench.")
        started, load0, t0 = datetime.datetime.utcnow(), loadavg(), time.time()
        try:
            res = tolerant_vs(a, load_corpus(a.list, a.every), tmp)
            print("\n".join(tolerant_vs_table(a, res, load0, loadavg(), started,
                                              time.time() - t0)))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
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
        old = against_old(a, tmp) if a.old else None
        large = large_arrays(a, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    write(a, res, probes, scale, old, large, started, load0, loadavg(), time.time() - t0)


if __name__ == "__main__":
    main()
