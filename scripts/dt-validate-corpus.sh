#!/usr/bin/env bash
# dt-validate column of the corpus: validate every .dts of a corpus-run.sh
# output directory against the kernel's binding schemas, board-level nodes
# only (board2dts convert --validate), and write OUTDIR/validate.tsv:
#
#   dts<TAB>file<TAB>machine<TAB>errors<TAB>kinds
#
# dts: the .dts relative to OUTDIR; errors: dt-validate errors in
# board-level nodes (-1: not validated); kinds: the messages, `; `-joined,
# node names and numbers normalised. scripts/corpus-table.py reads it.
# Each board file is converted again with the command recorded in
# results.jsonl plus --validate (outputs are deterministic, so the .dts
# validated is the one in OUTDIR; a mismatch is reported). A summary of the
# most frequent error kinds goes to stderr.
#
# usage: dt-validate-corpus.sh OUTDIR [--binary PATH] [--jobs N]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
OUT=${1:?usage: dt-validate-corpus.sh OUTDIR [--binary PATH] [--jobs N]}
shift
BIN=$ROOT/build/board2dts
JOBS=$(nproc 2>/dev/null || echo 2)
while [ $# -gt 0 ]; do
	case "$1" in
	--binary) BIN=${2:?}; shift 2 ;;
	--jobs|-j) JOBS=${2:?}; shift 2 ;;
	*) echo "dt-validate-corpus.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
[ -s "$OUT/results.jsonl" ] || { echo "dt-validate-corpus.sh: no $OUT/results.jsonl (run scripts/corpus-run.sh --out $OUT)" >&2; exit 2; }
command -v dt-validate >/dev/null || { echo "dt-validate-corpus.sh: dt-validate not installed (apt-get install dt-schema)" >&2; exit 77; }
[ -x "$BIN" ] || { echo "dt-validate-corpus.sh: no binary $BIN (--binary)" >&2; exit 2; }

python3 - "$OUT" "$BIN" "$JOBS" <<'PY'
import collections, concurrent.futures, json, os, re, shlex, subprocess, sys, tempfile
out, binary, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = [json.loads(l) for l in open(os.path.join(out, 'results.jsonl')) if l.strip()]
rows = [r for r in rows if r.get('exit') == 0 and r.get('outputs') and r.get('command')]
tmp = tempfile.mkdtemp(prefix='b2d-dtval.')

def command(r, odir):
    a = shlex.split(r['command'])
    a[0] = binary
    res, i = [], 0
    while i < len(a):
        if a[i] in ('-o', '--report', '--dtb'):
            i += 2
            continue
        res.append(a[i])
        i += 1
    return res + ['-o', odir + '/', '--validate']

def kind(msg):
    m = re.sub(r'\[[^\]]*\]\s*$', '', msg)
    m = re.sub(r'\([^()]*\.c:\d+\)\s*$', '', m).strip()
    m = re.sub(r'@[0-9a-fA-F]+', '@N', m)
    m = re.sub(r'-\d+\b', '-N', m)
    m = re.sub(r'\b\d+\b', 'N', m)
    return m

def one(r):
    odir = os.path.join(tmp, r['family'], os.path.basename(r['file'])[:-2])
    os.makedirs(odir, exist_ok=True)
    p = subprocess.run(command(r, odir), capture_output=True, text=True)
    res = []
    for o in r['outputs']:
        name = os.path.basename(o['dts'])
        gen = os.path.join(odir, name)
        errs = [l for l in p.stderr.splitlines()
                if l.startswith(gen + ':') and ': warning: ' in l]
        dtc = [l for l in p.stderr.splitlines() if l.startswith(gen + ':') and ': error: ' in l]
        checked = p.returncode == 0 and 'binding schemas not checked' not in p.stderr
        same = os.path.exists(gen) and open(gen, 'rb').read() == open(os.path.join(out, o['dts']), 'rb').read()
        msgs = [kind(l.split(': warning: ', 1)[1]) for l in errs]
        res.append((o['dts'], r['file'], o['machine'], len(errs) + len(dtc) if checked else -1,
                    msgs, same, [l.split(': warning: ', 1)[1] for l in errs]))
    return res

# Build the processed schema once before going parallel.
first = sorted(rows, key=lambda r: r['file'])
results = []
if first:
    results += one(first[0])
with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
    for res in ex.map(one, first[1:]):
        results += res
results.sort()
with open(os.path.join(out, 'validate.tsv'), 'w') as f:
    f.write('dts\tfile\tmachine\terrors\tkinds\n')
    for dts, file, mach, n, msgs, same, full in results:
        f.write('%s\t%s\t%s\t%d\t%s\n' % (dts, file, mach, n, '; '.join(msgs).replace('\t', ' ')))
w = sys.stderr.write
checked = [r for r in results if r[3] >= 0]
w('dt-validate-corpus: %d outputs, %d validated, %d with board-level errors, %d errors\n' % (
    len(results), len(checked), sum(1 for r in checked if r[3] > 0), sum(r[3] for r in checked)))
stale = [r[0] for r in results if not r[5]]
if stale:
    w('note: %d outputs differ from the regenerated .dts (binary or rules changed since the run)\n' % len(stale))
c = collections.Counter(k for r in checked for k in r[4])
for k, n in c.most_common(25):
    w('%5d  %s\n' % (n, k))
w('results: %s\n' % os.path.join(out, 'validate.tsv'))
subprocess.run(['rm', '-rf', tmp])
PY
