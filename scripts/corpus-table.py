#!/usr/bin/env python3
"""Turn corpus-run.sh results into docs/corpus.md (Markdown on stdout).

usage: corpus-table.py RUN_DIR [TOLERANT_RUN_DIR] [--target TARGET_RUN_DIR]

RUN_DIR is the --out of a `scripts/corpus-run.sh` run with -p (compilation
database) mode, TOLERANT_RUN_DIR that of a `--tolerant` run, TARGET_RUN_DIR
that of a -p run with `--target` (another kernel tree, e.g. 6.12, as the
target); each holds results.jsonl and run.json. Standard library only.
"""
import collections
import json
import os
import re
import sys

REGEN = ('bash scripts/corpus-report.sh    # runs: bash scripts/corpus-run.sh --out /tmp/corpus; '
         'bash scripts/corpus-run.sh --tolerant --out /tmp/corpus-tolerant; '
         'bash scripts/corpus-run.sh --target $(bash scripts/kernel-tree.sh --version 6.12) '
         '--out /tmp/corpus-6.12; python3 scripts/corpus-table.py /tmp/corpus '
         '/tmp/corpus-tolerant --target /tmp/corpus-6.12 > docs/corpus.md')


def load(d):
    rows = []
    with open(os.path.join(d, 'results.jsonl')) as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
    try:
        with open(os.path.join(d, 'run.json')) as f:
            meta = json.load(f)
    except (OSError, ValueError):
        meta = {}
    return rows, meta


def pct(a, b):
    return '–' if not b else '%.0f%%' % (100.0 * a / b)


def cell(s):
    return str(s).replace('|', '\\|').replace('\n', ' ')


def short(s, n=200):
    s = ' '.join(str(s).split())
    return s if len(s) <= n else s[:n - 1] + '…'


def ok(r):
    return r.get('exit') == 0


def outputs(r):
    return r.get('outputs') or []


def count(r, k):
    c = r.get('counts') or {}
    if k == 'not_converted' and k not in c:
        k = 'todo'	# results written before report format 2: todo was facts not converted
    return c.get(k, 0) or 0


def by_family(rows):
    fams = {}
    for r in rows:
        fams.setdefault(r['family'], []).append(r)
    return fams


def stats(rs):
    return {
        'files': len(rs),
        'machines': sum(len(r.get('machines_expected') or []) for r in rs),
        'ok': sum(1 for r in rs if ok(r)),
        'outputs': sum(len(outputs(r)) for r in rs),
        'dtc': sum(1 for r in rs for o in outputs(r) if o.get('dtc_ok')),
        'dtc_files': sum(1 for r in rs if ok(r) and all(o.get('dtc_ok') for o in outputs(r))),
        'extracted': sum(count(r, 'extracted') for r in rs),
        'converted': sum(count(r, 'converted') for r in rs),
        'todo': sum(count(r, 'not_converted') for r in rs),
        'crashed': sum(1 for r in rs if r.get('signal') or r.get('timeout')),
        'problems': sum(1 for r in rs if r.get('problems')),
        'seconds': sum(r.get('seconds') or 0 for r in rs),
    }


def validated(d):
    """'clean / validated (errors)' from scripts/dt-validate-corpus.sh's validate.tsv, or None."""
    try:
        with open(os.path.join(d, 'validate.tsv')) as f:
            n = [int(l.split('\t')[3]) for l in list(f)[1:] if l.count('\t') >= 4]
    except (OSError, ValueError):
        return None
    n = [x for x in n if x >= 0]
    return '%d / %d (%d errors)' % (sum(1 for x in n if x == 0), len(n), sum(n))


def table(head, rows, align=None):
    out = ['| ' + ' | '.join(head) + ' |',
           '|' + '|'.join(align or (['---'] + ['--:'] * (len(head) - 1))) + '|']
    out += ['| ' + ' | '.join(cell(c) for c in r) + ' |' for r in rows]
    return out


def describe(meta):
    when = meta.get('started', '?')
    rev = meta.get('git', '?') + (' + uncommitted changes' if meta.get('git_dirty') else '')
    return ('%s, board2dts %s (%s), %s on %s (%s, %s CPUs, %s); %d jobs, %s s wall'
            % (when, rev, meta.get('version') or '?', meta.get('mode') == 'tolerant' and
               'tolerant mode' or '-p mode', meta.get('host', '?'), meta.get('cpu', '?'),
               meta.get('cpus', '?'), meta.get('system', '?'), meta.get('jobs', 0),
               meta.get('wall_seconds', '?')))


def target_section(w, L, fams, tot, target_dir):
    """The 6.1 corpus converted against another kernel tree, next to 6.1."""
    grows, gmeta = load(target_dir)
    gfams = by_family(grows)
    w('## Against another target kernel')
    w('')
    w('The same board files and build directories (-p mode), converted with `--kernel` '
      'pointing at another tree: `%s` (`scripts/corpus-run.sh --target`). The SoC `.dtsi` '
      'is found there by name in any layout (vendor subdirectories since 6.5); a SoC whose '
      '`.dtsi` the target lacks converts without one (its devices stay TODOs, with a '
      'warning). Run: %s. Fact boards scored against that tree.' % (gmeta.get('target') or
                                                                  gmeta.get('kernel', '?'),
                                                                  describe(gmeta)))
    w('')
    body = []
    for fam in sorted(set(fams) | set(gfams)):
        s, g = stats(fams.get(fam, [])), stats(gfams.get(fam, []))
        body.append([fam, '%d / %d' % (g['ok'], g['files']), '%d / %d' % (g['dtc'], g['outputs']),
                     g['converted'], s['converted'], pct(g['converted'], g['extracted'])])
    g = stats(grows)
    body.append(['**total**', '%d / %d' % (g['ok'], g['files']), '%d / %d' % (g['dtc'], g['outputs']),
                 g['converted'], tot['converted'], pct(g['converted'], g['extracted'])])
    L.extend(table(['family', 'files converting', 'dtc-clean outputs', 'facts converted (target)',
                    'facts converted (6.1)', 'converted % (target)'], body))
    w('')
    for r in grows:
        for f in r.get('facts') or []:
            w('- recall against the target, %s (%s): %.3f' % (os.path.basename(r['file']),
                                                              f['machine'], f['recall']))
    w('')


def todo_key(reason):
    """A TODO reason with its particulars (strings, C text, names, numbers) blanked."""
    k = re.sub(r'"[^"]*"', '"…"', reason or '?')
    k = re.sub(r'`[^`]*`', '`…`', k)
    k = re.sub(r'\b[A-Za-z_][A-Za-z0-9_.]*\(\)', '…()', k)
    k = re.sub(r'\d+', 'N', k)
    return short(k, 150)


def todo_section(w, L, rows, top=30):
    """The -p run's TODO facts by reason, from each file's --report."""
    keys, fams = collections.Counter(), collections.defaultdict(collections.Counter)
    total = 0
    for r in rows:
        cmd = (r.get('command') or '').split()
        if '--report' not in cmd or cmd.index('--report') + 1 >= len(cmd):
            continue
        try:
            with open(cmd[cmd.index('--report') + 1]) as f:
                rep = json.load(f)
        except (OSError, ValueError):
            continue
        for m in rep.get('machines', []):
            for x in m.get('facts', []):
                if x.get('fate') == 'converted':
                    continue
                k = todo_key(x.get('reason'))
                keys[k] += 1
                fams[k][r.get('family', '?')] += 1
                total += 1
    if not total:
        return
    w('## What stays a TODO (-p mode)')
    w('')
    w('The %d facts the -p run left as TODOs, by reason (strings, C text, names and '
      'numbers blanked), the %d most common of %d reasons; *families*: where they are, '
      'most first. Most are devices whose SoC has no `.dtsi` in the target (omap1, '
      'ep93xx, mv78xx0, sa1100, the S3C24xx GPIO banks), platform data no binding '
      'describes, or register writes a driver or the bootloader does in DT systems.'
      % (total, min(top, len(keys)), len(keys)))
    w('')
    body = []
    for k, n in keys.most_common(top):
        where = ', '.join('%s %d' % fc for fc in fams[k].most_common(3))
        body.append([n, pct(n, total), k, where])
    L.extend(table(['facts', 'share', 'reason', 'families'], body, ['--:', '--:', '---', '---']))
    w('')


def eras_section(w):
    """docs/eras.md (hand-written: historic board files and era twins), one
    heading level down, so the per-era figures are in this file too."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'docs', 'eras.md')
    try:
        text = open(path).read()
    except OSError:
        return
    w('## Board files of other kernel eras (from docs/eras.md)')
    w('')
    for line in text.splitlines()[1:]:
        w('#' + line if line.startswith('#') else line)
    w('')


def main():
    args = sys.argv[1:]
    target_dir = None
    if '--target' in args:
        i = args.index('--target')
        if i + 1 >= len(args):
            sys.exit(__doc__)
        target_dir = args[i + 1]
        del args[i:i + 2]
    sys.argv[1:] = args
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    rows, meta = load(sys.argv[1])
    trows, tmeta = load(sys.argv[2]) if len(sys.argv) == 3 else (None, None)
    fams = by_family(rows)
    tfams = by_family(trows) if trows is not None else {}
    tot = stats(rows)
    ttot = stats(trows) if trows is not None else None
    L = []
    w = L.append

    w('# Real-kernel corpus: results')
    w('')
    w('Every legacy board file of Debian\'s `linux-source-6.1` that a clang build '
      'reaches (see [kernel-corpus.md](kernel-corpus.md); `riscpc.c` is the one '
      'file no clang build reaches) converted with `board2dts convert -p BUILD_DIR '
      '--kernel K FILE -o OUT/<family>/ --report ...` (*-p mode*), and again with '
      'only `--kernel` (*tolerant mode*). Each `.dts` written is compiled with the '
      'kernel\'s `cpp` + `dtc`; each file must give one output per `MACHINE_START`, '
      'and each report machine must satisfy converted + TODO = extracted. '
      'Generated by `scripts/corpus-table.py`; do not edit by hand. Regenerate with:')
    w('')
    w('    ' + REGEN)
    w('')
    w('- -p run: ' + describe(meta))
    if tmeta is not None:
        w('- tolerant run: ' + describe(tmeta))
    w('- kernel tree: `%s`' % meta.get('kernel', '?'))
    w('')

    # Totals.
    w('## Totals')
    w('')
    w('| | -p mode |' + (' tolerant mode |' if ttot else ''))
    w('|---|--:|' + ('--:|' if ttot else ''))

    def line(name, f):
        w('| %s | %s |%s' % (name, f(tot), (' %s |' % f(ttot)) if ttot else ''))
    line('board files', lambda s: s['files'])
    line('machine records (`MACHINE_START`)', lambda s: s['machines'])
    line('files converted without error', lambda s: '%d (%s)' % (s['ok'], pct(s['ok'], s['files'])))
    line('outputs written', lambda s: s['outputs'])
    line('outputs dtc-clean', lambda s: '%d (%s)' % (s['dtc'], pct(s['dtc'], s['outputs'])))
    line('files converted with every output dtc-clean',
         lambda s: '%d (%s)' % (s['dtc_files'], pct(s['dtc_files'], s['files'])))
    line('facts extracted (summed over report machines)', lambda s: s['extracted'])
    line('facts converted', lambda s: '%d (%s)' % (s['converted'], pct(s['converted'], s['extracted'])))
    line('facts left as TODO', lambda s: s['todo'])
    line('crashes or hangs', lambda s: s['crashed'])
    line('files with a failed check (below)', lambda s: s['problems'])
    line('conversion time, summed (s)', lambda s: '%.0f' % s['seconds'])
    val = [validated(d) for d in sys.argv[1:3]]
    if val[0]:
        w('| outputs dt-validate clean in board-level nodes (`scripts/dt-validate-corpus.sh`) '
          '| %s |%s' % (val[0], (' %s |' % (val[1] or '–')) if ttot else ''))
    if ttot:
        w('| tolerant survival: facts converted, tolerant / -p | | %s |'
          % pct(ttot['converted'], tot['converted']))
    facts = [(r, f) for r in rows for f in r.get('facts') or []]
    for r, f in facts:
        w('| recall, %s (%s) | %s |%s' % (
            os.path.basename(r['file']), f['machine'], '%.3f' % f['recall'],
            (' %s |' % next(('%.3f' % g['recall'] for tr in trows if tr['file'] == r['file']
                             for g in tr.get('facts') or [] if g['facts'] == f['facts']), '–'))
            if ttot else ''))
    w('')

    # Per family.
    w('## Per family (-p mode)')
    w('')
    w('Family: the `mach-*` directory; `mach-s3c` split into s3c24xx (s3c2410_defconfig) '
      'and s3c64xx (s3c6400_defconfig). *Converted*: exit status 0. *dtc-clean*: outputs '
      'that compile. Facts: summed report counts over all machines of all files '
      '(a fact shared by two machines of one file counts twice).')
    w('')
    body = []
    for fam in sorted(fams):
        s = stats(fams[fam])
        body.append([fam, s['files'], s['machines'], s['ok'], '%d / %d' % (s['dtc'], s['outputs']),
                     s['extracted'], s['converted'], s['todo'], pct(s['converted'], s['extracted']),
                     '%.1f' % s['seconds']])
    s = tot
    body.append(['**total**', s['files'], s['machines'], s['ok'], '%d / %d' % (s['dtc'], s['outputs']),
                 s['extracted'], s['converted'], s['todo'], pct(s['converted'], s['extracted']),
                 '%.1f' % s['seconds']])
    L.extend(table(['family', 'board files', 'machines', 'converted without error',
                    'dtc-clean outputs', 'facts extracted', 'facts converted', 'facts TODO',
                    'converted %', 'time (s)'], body, ['---'] + ['--:'] * 9))
    w('')

    # Fact boards.
    w('## Fact boards')
    w('')
    w('Scored with `/usr/bin/python3 /work/shared/eval/score.py --facts F --kernel K OUT.dts` '
      'against the hand-written fact files in `/work/shared/eval/facts/` (facts the upstream '
      '`.dts` states and the board file carries). The -p run fails below recall 0.8.')
    w('')
    body = []
    for r, f in facts:
        tf = None
        if trows is not None:
            tf = next((g for tr in trows if tr['file'] == r['file']
                       for g in tr.get('facts') or [] if g['facts'] == f['facts']), None)

        def sc(x):
            if x is None:
                return '–'
            t = '%s/%s = %.3f' % (x['passed'], x['total'] if x['total'] is not None else '?', x['recall'])
            if not x.get('dtc_ok'):
                t += ' (dtc failed)' if x.get('dts') else ' (no output)'
            return t
        row = [r['file'], f['machine'], f['facts'], sc(f)]
        if trows is not None:
            row.append(sc(tf))
        body.append(row)
    head = ['board file', 'machine', 'facts', 'recall (-p)']
    if trows is not None:
        head.append('recall (tolerant)')
    L.extend(table(head, body, ['---'] * 3 + ['--:'] * (len(head) - 3)))
    w('')

    # Tolerant survival.
    if trows is not None:
        w('## Tolerant mode survival')
        w('')
        w('Tolerant mode (no compilation database: bundled model headers, `-nostdinc`, '
          'token fallback) against -p mode, same files. *Survival*: facts converted in '
          'tolerant mode / facts converted in -p mode.')
        w('')
        body = []
        for fam in sorted(set(fams) | set(tfams)):
            s, t = stats(fams.get(fam, [])), stats(tfams.get(fam, []))
            body.append([fam, '%d / %d' % (t['ok'], t['files']), '%d / %d' % (t['dtc'], t['outputs']),
                         t['converted'], s['converted'], pct(t['converted'], s['converted'])])
        s, t = tot, ttot
        body.append(['**total**', '%d / %d' % (t['ok'], t['files']), '%d / %d' % (t['dtc'], t['outputs']),
                     t['converted'], s['converted'], pct(t['converted'], s['converted'])])
        L.extend(table(['family', 'files converting (tolerant)', 'dtc-clean outputs (tolerant)',
                        'facts converted (tolerant)', 'facts converted (-p)', 'survival'], body))
        w('')

    if target_dir:
        target_section(w, L, fams, tot, target_dir)
    todo_section(w, L, rows)
    eras_section(w)

    # Failures.
    def failures(title, rs):
        bad = [r for r in rs if r.get('problems') or not ok(r)]
        w('### %s: %d file(s)' % (title, len(bad)))
        w('')
        if not bad:
            w('None.')
            w('')
            return
        body = []
        for r in bad:
            msgs = list(r.get('problems') or [])
            if not ok(r) and not any(m.startswith(('crashed', 'hung', 'exit 2')) for m in msgs):
                msgs.insert(0, 'exit %s: %s' % (r.get('exit'), (r.get('errors') or r.get('stderr_tail')
                                                                  or ['(no message)'])[0]))
            body.append([r['file'], '<br>'.join(short(m) for m in msgs)])
        L.extend(table(['board file', 'what failed'], body, ['---', '---']))
        w('')

    w('## Failures')
    w('')
    w('Files whose conversion failed or that failed a check: crash or hang, '
      'non-zero exit (first error line), dtc error (first line), wrong number of outputs, '
      'a report that misses something `extract --json` lists, fact recall below the minimum. '
      'Full stderr and dtc messages: `OUT/<family>/<base>.stderr` and `OUT/results.jsonl`.')
    w('')
    failures('-p mode', rows)
    if trows is not None:
        failures('tolerant mode', trows)

    sys.stdout.write('\n'.join(L).rstrip('\n') + '\n')


if __name__ == '__main__':
    main()
