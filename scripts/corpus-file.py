#!/usr/bin/env python3
"""Convert and check one corpus board file; used by scripts/corpus-run.sh.

usage: corpus-file.py BUILD_DIR BOARD_FILE      (settings in the environment)

Environment (set by corpus-run.sh):
  CORPUS_BIN       board2dts binary
  CORPUS_KERNEL    kernel tree (the board file lies under it)
  CORPUS_OUT       output root; this file's outputs go to OUT/<family>/
  CORPUS_TARGET    target kernel tree for --kernel, dtc and scoring (default
                   CORPUS_KERNEL; e.g. a 6.12 tree for 6.1 board files)
  CORPUS_MODE      "p" (-p BUILD_DIR --kernel K) or "tolerant" (--kernel K only)
  CORPUS_FACTS     directory of *.facts files (selftest-*.facts are ignored)
  CORPUS_SCORE     command that scores a .dts against a fact file
  CORPUS_MIN_RECALL  a fact board below this recall is a problem
  CORPUS_TIMEOUT   seconds before a conversion counts as hung

Runs `board2dts convert ... -o OUT/<family>/ --report OUT/<family>/<base>.json`,
compiles every .dts it wrote with the kernel's cpp + dtc, checks one output
per MACHINE_START and that the report accounts for everything
`board2dts extract --json` lists (tests/scripts/lib/report_coverage.py),
scores the outputs of boards that have a fact file, and writes one JSON
object (the file's result line) to OUT/<family>/<base>.result.json.
"problems" lists what makes the whole run fail: a crash or hang, a dtc
error, a wrong number of outputs, a report that misses something the
extract lists, a fact board below the minimum recall. A clean
conversion error (exit 1 with a message) is recorded but is not a problem;
exit 2 (usage or rule file error) is.
"""
import glob
import json
import os
import re
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True	# no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests',
                                'scripts', 'lib'))
import report_coverage  # noqa: E402  (tests/scripts/lib/report_coverage.py)


def env(name, default=None):
    v = os.environ.get(name, default)
    if v is None:
        sys.exit('corpus-file.py: %s is not set' % name)
    return v


def family_of(rel, build_dir):
    """mach-* directory, with mach-s3c split by the build dir's defconfig."""
    m = re.match(r'arch/arm/mach-([^/]+)/', rel)
    fam = m.group(1) if m else 'unknown'
    if fam == 's3c':
        fam = 's3c64xx' if os.path.basename(build_dir.rstrip('/')).startswith('s3c64') \
            else 's3c24xx'
    return fam


def machine_starts(path):
    """MACHINE_START ids of non-DT machine records (start of a line)."""
    with open(path, errors='replace') as f:
        return re.findall(r'^MACHINE_START\(\s*([A-Za-z0-9_]+)', f.read(), re.M)


def read_facts_headers(facts_dir):
    out = []
    for path in sorted(glob.glob(os.path.join(facts_dir, '*.facts'))):
        if os.path.basename(path).startswith('selftest-'):
            continue
        hdr = {}
        with open(path, errors='replace') as f:
            for line in f:
                m = re.match(r'#\s*([a-z-]+):\s*(.*?)\s*$', line)
                if m:
                    hdr.setdefault(m.group(1), m.group(2))
                elif line.strip() and not line.startswith('#'):
                    break
        if 'board' in hdr:
            out.append((path, hdr))
    return out


def dtc_check(dts, kernel, timeout):
    """The kernel's cpp + dtc; returns (ok, message)."""
    dtsdir = os.path.join(kernel, 'arch/arm/boot/dts')
    cpp = ['cpp', '-nostdinc', '-I', os.path.join(kernel, 'include'), '-I', dtsdir,
           '-I', os.path.join(kernel, 'scripts/dtc/include-prefixes'),
           '-undef', '-D__DTS__', '-x', 'assembler-with-cpp', dts]
    dtc = ['dtc', '-q', '-i', dtsdir, '-I', 'dts', '-O', 'dtb', '-o', '/dev/null', '-']
    try:
        pp = subprocess.run(cpp, capture_output=True, timeout=timeout)
        if pp.returncode != 0:
            return False, 'cpp: ' + pp.stderr.decode(errors='replace').strip()
        # dtc resolves a .dtsi's /include/ beside that .dtsi (vendor
        # directories of 6.5+ trees), as the kernel's -i $(dir $<) does.
        dirs = sorted({os.path.dirname(m) for m in re.findall(
            rb'^# \d+ "([^"]+\.dtsi)"', pp.stdout, re.M)})
        dtc[2:2] = [x for d in dirs for x in ('-i', d.decode(errors='replace'))]
        d = subprocess.run(dtc, input=pp.stdout, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, 'cpp/dtc timed out'
    msg = d.stderr.decode(errors='replace').strip()
    return d.returncode == 0, msg


def coverage(convert_cmd, extract_json, rep, dts, timeout):
    """Problems of the report against `board2dts extract --json` run with the
    convert command's parse options (tests/scripts/lib/report_coverage.py)."""
    cmd = [convert_cmd[0], 'extract', '--json']
    args = iter(convert_cmd[2:])
    for a in args:
        if a in ('-p', '--kernel'):
            cmd += [a, next(args)]
        elif a in ('-o', '--report'):
            next(args)
        else:
            cmd.append(a)
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ['extract --json: no exit after %gs' % timeout]
    if p.returncode != 0:
        return ['extract --json: exit %d' % p.returncode]
    with open(extract_json, 'wb') as f:
        f.write(p.stdout)
    try:
        ext = json.loads(p.stdout.decode(errors='replace'))
    except ValueError as e:
        return ['extract --json: not JSON: %s' % e]
    return ['coverage: ' + x for x in report_coverage.coverage_problems(ext, rep, os.getcwd(), dts)]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build_dir, board = sys.argv[1], sys.argv[2]
    binary, kernel, out_root = env('CORPUS_BIN'), env('CORPUS_KERNEL'), env('CORPUS_OUT')
    mode = env('CORPUS_MODE', 'p')
    facts_dir = env('CORPUS_FACTS', '')
    score = env('CORPUS_SCORE', '/usr/bin/python3 /work/shared/eval/score.py').split()
    min_recall = float(env('CORPUS_MIN_RECALL', '0.8'))
    timeout = float(env('CORPUS_TIMEOUT', '300'))

    kernel = os.path.abspath(kernel)
    rel = os.path.relpath(os.path.abspath(board), kernel)
    kernel = os.path.abspath(env('CORPUS_TARGET', '') or kernel)
    family = family_of(rel, build_dir)
    base = os.path.splitext(os.path.basename(board))[0]
    odir = os.path.join(out_root, family)
    os.makedirs(odir, exist_ok=True)
    report = os.path.join(odir, base + '.json')
    errfile = os.path.join(odir, base + '.stderr')
    # Outputs of an earlier run into the same directory must not count.
    for old in [os.path.join(odir, base + '.dts'), report, errfile,
                os.path.join(odir, base + '.extract.json')] + \
            glob.glob(glob.escape(os.path.join(odir, base)) + '.*.dts'):
        if os.path.exists(old):
            os.remove(old)

    cmd = [binary, 'convert']
    if mode != 'tolerant':
        cmd += ['-p', build_dir]
    cmd += ['--kernel', kernel, board, '-o', odir + '/', '--report', report]

    res = {'file': rel, 'family': family, 'build_dir': build_dir, 'mode': mode,
           'command': ' '.join(cmd)}
    problems = []
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
        rc, stderr, timed_out = p.returncode, p.stderr, False
    except subprocess.TimeoutExpired as e:
        rc, stderr, timed_out = None, e.stderr or b'', True
    res['seconds'] = round(time.monotonic() - t0, 3)
    stderr = stderr.decode(errors='replace')
    with open(errfile, 'w') as f:
        f.write(stderr)
    lines = [l for l in stderr.splitlines() if l.strip()]
    res['exit'] = rc
    res['signal'] = None
    res['timeout'] = timed_out
    if timed_out:
        problems.append('hung: no exit after %gs' % timeout)
    elif rc < 0 or rc > 128:
        sig = -rc if rc < 0 else rc - 128
        res['signal'] = sig
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = 'signal %d' % sig
        problems.append('crashed: %s' % name)
    elif rc == 2:
        # Usage or rule-file error: the run itself is broken, not this file.
        problems.append('exit 2 (usage or rule file error): %s'
                        % next((l for l in stderr.splitlines() if 'error' in l), '?'))
    res['errors'] = [l for l in lines if ': error:' in l][:20]
    res['warnings'] = sum(1 for l in lines if ': warning:' in l)
    res['stderr_lines'] = len(lines)
    res['stderr_tail'] = lines[-5:]
    ok = rc == 0

    # One output per MACHINE_START.
    expected = machine_starts(board)
    res['machines_expected'] = expected
    outs = []
    single = os.path.join(odir, base + '.dts')
    if os.path.exists(single):
        outs.append((single, expected[0] if len(expected) == 1 else None))
    for f in sorted(glob.glob(glob.escape(os.path.join(odir, base)) + '.*.dts')):
        outs.append((f, os.path.basename(f)[len(base) + 1:-len('.dts')]))
    if ok and len(outs) != len(expected):
        problems.append('%d outputs for %d MACHINE_START records' % (len(outs), len(expected)))
    if not ok and outs:
        problems.append('failed (exit %s) but left %d output(s)' % (rc, len(outs)))

    # Every output compiles.
    res['outputs'] = []
    for path, mid in outs:
        dok, msg = dtc_check(path, kernel, timeout)
        o = {'dts': os.path.relpath(path, out_root), 'machine': mid, 'dtc_ok': dok}
        if not dok:
            o['dtc_error'] = msg[:2000]
            first = next((l for l in msg.splitlines() if 'rror' in l), msg.splitlines()[0] if msg else '')
            problems.append('dtc: %s: %s' % (os.path.basename(path), first))
        res['outputs'].append(o)

    # The report accounts for everything `extract --json` lists (and its counts).
    counts = {'extracted': 0, 'converted': 0, 'not_converted': 0, 'todo': 0}
    res['report_machines'] = []
    if ok:
        try:
            with open(report) as f:
                rep = json.load(f)
        except (OSError, ValueError) as e:
            problems.append('report unreadable: %s' % e)
            rep = {}
        machines = rep.get('machines') if isinstance(rep, dict) else None
        if rep and (not isinstance(machines, list) or not machines):
            problems.append('report has no machines')
        for m in machines or []:
            mid = m.get('machine') or '?'
            c = m.get('counts') or {}
            try:
                got = {k: int(c[k]) for k in counts}
            except (KeyError, TypeError, ValueError):
                problems.append('%s: report lacks the counts %s' % (mid, ', '.join(counts)))
                continue
            res['report_machines'].append(dict(got, machine=mid))
            for k in counts:
                counts[k] += got[k]
        if machines and sorted(m['machine'] for m in res['report_machines']) != sorted(expected):
            problems.append('report machines %s != MACHINE_START %s'
                            % (sorted(m['machine'] for m in res['report_machines']), sorted(expected)))
        if rep:
            problems += coverage(cmd, os.path.join(odir, base + '.extract.json'), rep,
                                 {mid: path for path, mid in outs if mid}, timeout)
    res['counts'] = counts

    # Fact boards: score the machine's output.
    res['facts'] = []
    for fpath, hdr in read_facts_headers(facts_dir) if facts_dir else []:
        if hdr.get('board') != rel:
            continue
        mid = hdr.get('machine')
        dts = next((p for p, m in outs if m == mid), None)
        if dts is None and len(outs) == 1 and len(expected) == 1:
            dts = outs[0][0]
        fr = {'facts': os.path.basename(fpath), 'machine': mid, 'passed': 0,
              'total': None, 'recall': 0.0, 'dtc_ok': False}
        if dts is None:
            fr['error'] = 'no output for machine %s' % mid
        else:
            fr['dts'] = os.path.relpath(dts, out_root)
            try:
                s = subprocess.run(score + ['--json', '--facts', fpath, '--kernel', kernel, dts],
                                   capture_output=True, timeout=timeout)
                r = json.loads(s.stdout.decode(errors='replace'))
                fr.update(passed=r.get('passed', 0), total=r.get('total'),
                          recall=r.get('recall', 0.0), dtc_ok=r.get('dtc_ok', False))
                if r.get('error'):
                    fr['error'] = r['error'][:2000]
                fr['failing'] = [f['line'] + '  [' + str(f.get('reason')) + ']'
                                 for f in r.get('facts', []) if not f.get('ok')][:100]
            except (subprocess.TimeoutExpired, ValueError) as e:
                fr['error'] = 'score.py: %s' % (e if isinstance(e, subprocess.TimeoutExpired)
                                                else s.stderr.decode(errors='replace').strip()[:500])
        if fr['recall'] < min_recall:
            problems.append('%s: recall %.3f < %.2f (%s)' % (fr['facts'], fr['recall'], min_recall,
                                                             fr.get('error', '').splitlines()[0]
                                                             if fr.get('error') else
                                                             '%s/%s facts' % (fr['passed'], fr['total'])))
        res['facts'].append(fr)

    res['problems'] = problems
    with open(os.path.join(odir, base + '.result.json'), 'w') as f:
        json.dump(res, f, sort_keys=True)
        f.write('\n')


if __name__ == '__main__':
    main()
