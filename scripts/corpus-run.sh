#!/usr/bin/env bash
# Convert every real-kernel corpus board file and check the results.
# See docs/kernel-corpus.md (preparing the corpus) and docs/corpus.md (results).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)

usage() {
	cat <<USAGE
usage: $(basename "$0") [--tolerant] [--subset N [--include a,b]] [--families a,b]
                     [--files a,b] [--jobs N] [--out DIR] [--binary PATH] [--cache DIR]
                     [--min-recall R] [--timeout S] [--target KDIR]

For every board file that scripts/kernel-corpus.sh --list prints, run
  board2dts convert -p BUILD_DIR --kernel K FILE -o OUT/<family>/ \\
                    --report OUT/<family>/<base>.json
(--tolerant: no -p, only --kernel), recording exit status, stderr and time;
compile every .dts written with the kernel's cpp + dtc; check one output per
MACHINE_START and that every report machine accounts for what extract --json lists;
score the boards that have a fact file (\$B2D_FACTS, default
/work/shared/eval/facts/*.facts, selftest-* ignored) with score.py
(\$B2D_SCORE, default /work/shared/eval/score.py, run by /usr/bin/python3).

Family: the mach-* directory; mach-s3c is split into s3c24xx and s3c64xx by
build dir. Results: OUT/results.jsonl (one JSON object per board file),
OUT/results.tsv, OUT/run.json (how, when, where), per file
OUT/<family>/<base>.{dts,json,stderr,result.json}. BOARD2DTS_RULES, when set,
is passed on; B2D_CORPUS_REV names the source revision of the binary in
run.json (default: this repository's HEAD, and whether its tree is dirty).

  --tolerant        tolerant mode (no compilation database)
  --subset N        only the first N files (by name) of each family, plus the
                    fact boards
  --include a,b     with --subset: also these board files (base names)
  --families a,b    only these families (e.g. s3c64xx,davinci,orion5x)
  --files a,b       only board files with these base names (e.g. mach-mini6410.c)
  --jobs N          parallel conversions (default: nproc)
  --out DIR         output root (default /tmp/corpus, /tmp/corpus-tolerant)
  --binary PATH     board2dts (default: build/board2dts of this repository)
  --cache DIR       corpus cache (default \$B2D_CACHE or /var/tmp/b2d)
  --min-recall R    a fact board below R fails the run (default 0.8; 0 in
                    tolerant mode)
  --timeout S       seconds before a conversion counts as hung (default 300)
  --target KDIR     convert against another kernel tree (its .dtsi files,
                    drivers, bindings: e.g. scripts/kernel-tree.sh --version
                    6.12); the board files and build dirs stay the 6.1 corpus

Exit status: 0 when no file crashed or hung, every output compiles, every
file that converted wrote one output per MACHINE_START and a report that
accounts for everything \`board2dts extract --json\` lists
(tests/scripts/lib/report_coverage.py), and every fact board reaches the
minimum recall; 1 otherwise;
2 for a usage error; 77 when the corpus list is empty (not prepared).
A conversion that fails cleanly (exit 1 with an error message) is listed but
does not fail the run; exit 2 (usage or rule file error) does.
USAGE
}

MODE=p
SUBSET=0
FAMILIES=""
FILES=""
INCLUDE=""
JOBS=$(nproc 2>/dev/null || echo 2)
OUT=""
BIN=""
CACHE=${B2D_CACHE:-/var/tmp/b2d}
MIN_RECALL=""
TIMEOUT=300
TARGET=""
ARGS="$*"

need() { [ -n "${2:-}" ] || { echo "$(basename "$0"): $1 needs a value" >&2; exit 2; }; }
while [ $# -gt 0 ]; do
	case "$1" in
	--tolerant) MODE=tolerant; shift ;;
	--subset) need "$1" "${2:-}"; SUBSET=$2; shift 2 ;;
	--families) need "$1" "${2:-}"; FAMILIES=$2; shift 2 ;;
	--files) need "$1" "${2:-}"; FILES=$2; shift 2 ;;
	--include) need "$1" "${2:-}"; INCLUDE=$2; shift 2 ;;
	--jobs|-j) need "$1" "${2:-}"; JOBS=$2; shift 2 ;;
	--out) need "$1" "${2:-}"; OUT=$2; shift 2 ;;
	--binary) need "$1" "${2:-}"; BIN=$2; shift 2 ;;
	--cache) need "$1" "${2:-}"; CACHE=$2; shift 2 ;;
	--min-recall) need "$1" "${2:-}"; MIN_RECALL=$2; shift 2 ;;
	--timeout) need "$1" "${2:-}"; TIMEOUT=$2; shift 2 ;;
	--target) need "$1" "${2:-}"; TARGET=$2; shift 2 ;;
	-h|--help) usage; exit 0 ;;
	*) echo "$(basename "$0"): unknown argument: $1" >&2; usage >&2; exit 2 ;;
	esac
done
case "$SUBSET" in *[!0-9]*) echo "--subset needs a number" >&2; exit 2 ;; esac
case "$JOBS" in ''|*[!0-9]*|0) echo "--jobs needs a positive number" >&2; exit 2 ;; esac

[ -n "$OUT" ] || { [ $MODE = tolerant ] && OUT=/tmp/corpus-tolerant || OUT=/tmp/corpus; }
[ -n "$BIN" ] || BIN=$ROOT/build/board2dts
[ -n "$MIN_RECALL" ] || { [ $MODE = tolerant ] && MIN_RECALL=0 || MIN_RECALL=0.8; }
[ -x "$BIN" ] || { echo "$(basename "$0"): no board2dts binary at $BIN (--binary)" >&2; exit 2; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
FACTS_DIR=${B2D_FACTS:-/work/shared/eval/facts}
# B2D_SCORE is score.py's path, as for the tests (tests/scripts/lib/common.sh).
SCORE="/usr/bin/python3 ${B2D_SCORE:-/work/shared/eval/score.py}"
[ -d "$FACTS_DIR" ] || { echo "$(basename "$0"): no fact files ($FACTS_DIR): scoring skipped" >&2; FACTS_DIR=""; }
if [ -n "$FACTS_DIR" ] && ! ${SCORE%% *} -c 'import libfdt' 2>/dev/null; then
	echo "$(basename "$0"): score.py needs python3-libfdt: scoring skipped" >&2
	FACTS_DIR=""
fi

LIST=$(bash "$HERE/kernel-corpus.sh" --cache "$CACHE" --list 2>/dev/null || true)
if [ -z "$LIST" ]; then
	echo "$(basename "$0"): the corpus list is empty: run scripts/kernel-corpus.sh first" >&2
	exit 77
fi
KERNEL=$(bash "$HERE/kernel-tree.sh" --cache "$CACHE")

# Fact boards (kernel-relative paths), always part of a subset.
FACT_BOARDS=""
if [ -n "$FACTS_DIR" ]; then
	FACT_BOARDS=$(for f in "$FACTS_DIR"/*.facts; do
		case "$(basename "$f")" in selftest-*) continue ;; esac
		sed -n 's/^# board: *//p' "$f" | head -1
	done | sort -u)
fi

# Select: BUILD_DIR<TAB>FILE<TAB>family, sorted by family then file name.
SELECTED=$(printf '%s\n' "$LIST" | awk -F'\t' -v K="$KERNEL/" \
	-v subset="$SUBSET" -v fams=",$FAMILIES," -v files=",$FILES," -v inc=",$INCLUDE," -v facts="$FACT_BOARDS" '
	BEGIN { n = split(facts, fa, "\n"); for (i = 1; i <= n; i++) fact[fa[i]] = 1 }
	NF == 2 {
		rel = $2; sub("^" K, "", rel)
		fam = rel; sub("^arch/arm/mach-", "", fam); sub("/.*", "", fam)
		if (fam == "s3c") { b = $1; sub(".*/", "", b); fam = (b ~ /^s3c64/) ? "s3c64xx" : "s3c24xx" }
		base = rel; sub(".*/", "", base)
		if (fams != ",," && index(fams, "," fam ",") == 0) next
		if (files != ",," && index(files, "," base ",") == 0) next
		print fam "\t" base "\t" $1 "\t" $2 "\t" ((rel in fact) || index(inc, "," base ",") > 0)
	}' | sort -t '	' -k1,1 -k2,2 | awk -F'\t' -v subset="$SUBSET" '
	{ n[$1]++; if (subset == 0 || n[$1] <= subset || $5 == 1) print $3 "\t" $4 "\t" $1 }')
if [ -z "$SELECTED" ]; then
	echo "$(basename "$0"): no board file matches the selection" >&2
	exit 2
fi
NFILES=$(printf '%s\n' "$SELECTED" | grep -c .)

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
rm -f "$OUT/results.jsonl" "$OUT/results.tsv" "$OUT/run.json"
# Results of files outside this selection (an earlier, larger run) must not
# be mixed in: remove every per-file result first.
find "$OUT" -mindepth 2 -maxdepth 2 -name '*.result.json' -delete

export CORPUS_BIN=$BIN CORPUS_KERNEL=$KERNEL CORPUS_OUT=$OUT CORPUS_MODE=$MODE \
	CORPUS_FACTS=$FACTS_DIR CORPUS_SCORE=$SCORE CORPUS_MIN_RECALL=$MIN_RECALL \
	CORPUS_TIMEOUT=$TIMEOUT CORPUS_TARGET=$TARGET
echo "corpus-run: $NFILES board files, mode $MODE, $JOBS jobs, binary $BIN, out $OUT" >&2
start=$(date +%s)
# xargs exits non-zero when a worker does; the per-file results say why.
printf '%s\n' "$SELECTED" | cut -f1,2 | tr '\t' '\n' |
	xargs -d '\n' -n 2 -P "$JOBS" python3 "$HERE/corpus-file.py" || true
end=$(date +%s)

# Collect, in selection order; a file without a result line is a worker crash.
printf '%s\n' "$SELECTED" | while IFS='	' read -r bdir file fam; do
	res=$OUT/$fam/$(basename "$file" .c).result.json
	if [ -s "$res" ]; then
		cat "$res"
	else
		python3 -c 'import json,sys; print(json.dumps({"file": sys.argv[1], "family": sys.argv[2],
			"build_dir": sys.argv[3], "mode": sys.argv[4], "exit": None, "signal": None,
			"timeout": False, "problems": ["corpus-file.py wrote no result"]}, sort_keys=True))' \
			"${file#$KERNEL/}" "$fam" "$bdir" "$MODE"
	fi
done >"$OUT/results.jsonl"

python3 - "$OUT" "$MODE" "$BIN" "$KERNEL" "$JOBS" "$start" "$end" "$ROOT" "$ARGS" "$TARGET" <<'PY'
import json, os, platform, subprocess, sys, time
out, mode, binary, kernel, jobs, start, end, root, args, target = sys.argv[1:]
rows = [json.loads(l) for l in open(os.path.join(out, 'results.jsonl')) if l.strip()]

def git(*a):
    try:
        return subprocess.run(['git', '-C', root] + list(a), capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        return ''

try:
    version = subprocess.run([binary, '--version'], capture_output=True, text=True).stdout.strip()
except OSError:
    version = ''
try:
    cpu = next((l.split(':', 1)[1].strip() for l in open('/proc/cpuinfo')
                if l.startswith('model name')), platform.processor())
except OSError:
    cpu = platform.processor()
meta = {'mode': mode, 'binary': binary, 'version': version, 'kernel': kernel,
        'target': target or kernel,
        'jobs': int(jobs), 'args': args, 'files': len(rows),
        'started': time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(int(start))),
        'wall_seconds': int(end) - int(start),
        'git': os.environ.get('B2D_CORPUS_REV') or git('rev-parse', '--short', 'HEAD'),
        'git_dirty': False if os.environ.get('B2D_CORPUS_REV') else
        bool(git('status', '--porcelain', '--untracked-files=no')),
        'rules': os.environ.get('BOARD2DTS_RULES', '(built-in)'),
        'host': platform.node(), 'cpu': cpu, 'cpus': os.cpu_count(),
        'system': '%s %s %s' % (platform.system(), platform.release(), platform.machine())}
with open(os.path.join(out, 'run.json'), 'w') as f:
    json.dump(meta, f, indent=1, sort_keys=True)
    f.write('\n')

cols = ['family', 'file', 'exit', 'signal', 'seconds', 'machines', 'outputs', 'dtc_ok',
        'extracted', 'converted', 'not_converted', 'todo', 'recall', 'problems', 'error']
with open(os.path.join(out, 'results.tsv'), 'w') as f:
    f.write('\t'.join(cols) + '\n')
    for r in rows:
        outs = r.get('outputs', [])
        c = r.get('counts', {})
        rec = ','.join('%.3f' % x['recall'] for x in r.get('facts', []))
        err = (r.get('errors') or [''])[0] if r.get('exit') != 0 else ''
        vals = [r['family'], r['file'], r.get('exit'), r.get('signal'), r.get('seconds'),
                len(r.get('machines_expected', [])), len(outs),
                sum(1 for o in outs if o['dtc_ok']), c.get('extracted'), c.get('converted'),
                c.get('not_converted'), c.get('todo'), rec, '; '.join(r.get('problems', [])), err]
        f.write('\t'.join('' if v is None else str(v).replace('\t', ' ') for v in vals) + '\n')

# Summary on stderr.
fams = {}
for r in rows:
    fams.setdefault(r['family'], []).append(r)
w = sys.stderr.write
w('%-10s %5s %5s %5s %7s %9s %9s\n' % ('family', 'files', 'ok', 'dtc', 'outputs', 'converted',
                                       'not conv.'))
for fam in sorted(fams):
    rs = fams[fam]
    w('%-10s %5d %5d %5d %7d %9d %9d\n' % (
        fam, len(rs), sum(1 for r in rs if r.get('exit') == 0),
        sum(1 for r in rs for o in r.get('outputs', []) if o['dtc_ok']),
        sum(len(r.get('outputs', [])) for r in rs),
        sum(r.get('counts', {}).get('converted', 0) for r in rs),
        sum(r.get('counts', {}).get('not_converted', 0) for r in rs)))
for r in rows:
    for fr in r.get('facts', []):
        w('facts %s (%s %s): recall %s/%s = %.3f%s\n' % (
            fr['facts'], r['file'], fr['machine'], fr['passed'], fr['total'], fr['recall'],
            '' if fr.get('dtc_ok') else '  (dtc failed)'))
failed = [r for r in rows if r.get('exit') != 0 and not r.get('problems')]
for r in failed:
    w('failed: %s: exit %s: %s\n' % (r['file'], r.get('exit'),
                                    (r.get('errors') or r.get('stderr_tail') or ['?'])[0]))
bad = [r for r in rows if r.get('problems')]
for r in bad:
    for p in r['problems']:
        w('PROBLEM: %s: %s\n' % (r['file'], p))
w('corpus-run: %d files, %d converted, %d failed cleanly, %d with problems (%ds); results in %s\n'
  % (len(rows), sum(1 for r in rows if r.get('exit') == 0), len(failed), len(bad),
     int(end) - int(start), os.path.join(out, 'results.jsonl')))
sys.exit(1 if bad else 0)
PY
