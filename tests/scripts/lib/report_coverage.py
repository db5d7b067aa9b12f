#!/usr/bin/env python3
"""Does each machine's report account for what the extractor saw?

usage: report_coverage.py [--mutants] EXTRACT.json REPORT.json [--dts-dir DIR]

EXTRACT.json is `board2dts extract --json FILE.c`, REPORT.json the
`convert --report` of the same file with the same options. Independent of
the report's own counts (docs/report.md, "Coverage"): for every machine of
the report

  - its MACHINE_START is a `machine` fact at the record's file:line;
  - every call of every board function the machine reaches (the report's
    `functions`, which must all be functions of the extract) is a `call`
    fact at the call's file:line, and every store into a file-scope
    variable or through a parameter (`mi->bank[0].size = ...`) is a `store` fact at its file:line (as many facts at that
    file:line and kind as the extract has calls or stores there);
  - every file-scope variable with a brace initializer that sets anything
    (not only zeros and NULLs) has a fact (`variable`, `field` or `store`)
    at a line of its initializer (from its declaration line to the last
    line of any value in it);
  - with --dts-dir (the `convert -o DIR/` directory: DIR/BASE.dts for a
    file with one machine, else DIR/BASE.MACHINE.dts), the .dts written for
    the machine holds as many TODO comments as the report's `todos` has
    entries and its `counts.todo` says.

Prints one line per problem; exit 1 when there is one, 2 on bad usage.
--mutants checks the check instead: the report with one fact dropped (the
first `call`, `store`, `machine` fact; every fact at the lines of the first
variable that has any; one `todos` entry) must each give a problem; exit 1
when one of them gives none. Also imported by scripts/corpus-file.py.
"""
import collections
import json
import os
import re
import sys

REPORT_VERSION = 2
TODO_LINE = re.compile(r'^\s*(/\*| \*) TODO[ :]')


def _real(path, base):
    if not path:
        return None
    return os.path.realpath(path if os.path.isabs(path) else os.path.join(base, path))


def _last_line(value, line):
    """The largest `line` in a VALUE tree (its initializer's last line)."""
    if isinstance(value, dict):
        if isinstance(value.get('line'), int):
            line = max(line, value['line'])
        for v in value.values():
            line = _last_line(v, line)
    elif isinstance(value, list):
        for v in value:
            line = _last_line(v, line)
    return line


def _is_zero(value):
    """Nothing set: C's zero-initialised members (0, NULL) all the way down."""
    if isinstance(value, dict):
        kind = value.get('kind')
        if kind == 'list':
            return all(_is_zero(v) for v in value.get('fields', []))
        return kind == 'null' or (kind == 'int' and value.get('value') == 0)
    return True


def _facts_by(facts, base):
    """(kind, realpath, line) -> number of facts."""
    c = collections.Counter()
    for f in facts:
        c[(f.get('kind'), _real(f.get('file'), base), f.get('line'))] += 1
    return c


def _need(problems, have, mid, kind, src, line, n, what):
    if have[(kind, src, line)] < n:
        problems.append('%s: %s:%s: %s: %d %s fact(s) expected, the report has %d'
                        % (mid, os.path.basename(src), line, what, n, kind,
                           have[(kind, src, line)]))


def _check_functions(problems, ext, m, have, src, base):
    mid = m.get('machine')
    funcs = {f['name']: f for f in ext.get('functions', [])}
    varnames = {v['name'] for v in ext.get('variables', [])}
    for rf in m.get('functions') or []:
        fn = funcs.get(rf.get('name'))
        if fn is None:
            problems.append('%s: reached function %s is not in the extract' % (mid, rf.get('name')))
            continue
        fsrc = _real(fn['file'], base) if fn.get('file') else src
        calls = collections.Counter(c['line'] for c in fn.get('calls', []))
        params = set(p for p in fn.get('params') or [] if p)
        stores = collections.Counter(s['line'] for s in fn.get('stores', [])
                                     if s.get('var') in varnames or
                                     (s.get('var') in params and s.get('path')))
        for line, n in sorted(calls.items()):
            _need(problems, have, mid, 'call', fsrc, line, n, 'call in %s' % fn['name'])
        for line, n in sorted(stores.items()):
            _need(problems, have, mid, 'store', fsrc, line, n, 'store in %s' % fn['name'])


def _check_variables(problems, ext, m, src, base):
    mid = m.get('machine')
    lines = collections.defaultdict(set)
    for f in m.get('facts', []):
        if f.get('kind') in ('variable', 'field', 'store') and isinstance(f.get('line'), int):
            lines[_real(f.get('file'), base)].add(f['line'])
    for v in ext.get('variables', []):
        init = v.get('init')
        if not isinstance(init, dict) or init.get('kind') != 'list' or _is_zero(init):
            continue
        first, last = v['line'], _last_line(init, v['line'])
        vsrc = _real(v['file'], base) if v.get('file') else src
        if not any(first <= line <= last for line in lines[vsrc]):
            problems.append('%s: %s:%d-%d: variable %s: no fact at a line of its initializer'
                            % (mid, os.path.basename(vsrc), first, last, v['name']))


def _check_dts(problems, m, dts):
    mid = m.get('machine')
    with open(dts, errors='replace') as f:
        written = sum(1 for line in f if TODO_LINE.match(line))
    todos = len(m.get('todos') or [])
    counted = (m.get('counts') or {}).get('todo')
    if not written == todos == counted:
        problems.append('%s: %d TODO comments in %s, %d entries in todos, counts.todo %s'
                        % (mid, written, os.path.basename(dts), todos, counted))


def coverage_problems(ext, rep, base='.', dts=None):
    """Problems (strings) of report rep against extract ext; dts: {machine: path}."""
    problems = []
    if not isinstance(rep, dict) or rep.get('version') != REPORT_VERSION:
        return ['report version %r, expected %d' % (rep.get('version') if isinstance(rep, dict)
                                                    else None, REPORT_VERSION)]
    src = _real(ext.get('file'), base)
    machines = {x['id']: x for x in ext.get('machines', [])}
    if not rep.get('machines'):
        problems.append('report has no machines')
    for m in rep.get('machines') or []:
        mid = m.get('machine')
        have = _facts_by(m.get('facts') or [], base)
        if mid not in machines:
            problems.append('%s: not a MACHINE_START of the extract' % mid)
        else:
            _need(problems, have, mid, 'machine', src, machines[mid]['line'], 1, 'MACHINE_START')
        if 'functions' not in m:
            problems.append('%s: report lists no reached functions' % mid)
        _check_functions(problems, ext, m, have, src, base)
        _check_variables(problems, ext, m, src, base)
        if dts and mid in dts:
            _check_dts(problems, m, dts[mid])
    return problems


def dts_files(rep, dts_dir, base):
    """{machine: .dts path} for the outputs of `convert -o DTS_DIR/` of BASE.c."""
    out = {}
    machines = [m.get('machine') for m in rep.get('machines') or []]
    for mid in machines:
        one = os.path.join(dts_dir, base + '.dts')
        path = one if len(machines) == 1 and os.path.exists(one) \
            else os.path.join(dts_dir, '%s.%s.dts' % (base, mid))
        if os.path.exists(path):
            out[mid] = path
    return out


def _drop(rep, pick):
    """A copy of rep without the first machine's facts that pick(facts) names."""
    r = json.loads(json.dumps(rep))
    m = r['machines'][0]
    gone = pick(m['facts'])
    if not gone:
        return None
    m['facts'] = [f for i, f in enumerate(m['facts']) if i not in gone]
    return r


def _first(kind):
    return lambda facts: next(({i} for i, f in enumerate(facts) if f['kind'] == kind), None)


def _first_file_store(ext):
    """The first `store` fact the check requires: one at the line of a store
    into a file-scope variable (a store into a SoC device the file does not
    define, tegra_sdhci_device3.dev.platform_data, is a fact the check does
    not ask for)."""
    varnames = {v['name'] for v in ext.get('variables', [])}
    lines = {s['line'] for fn in ext.get('functions', []) for s in fn.get('stores', [])
             if s.get('var') in varnames}
    return lambda facts: next(({i} for i, f in enumerate(facts)
                               if f['kind'] == 'store' and f.get('line') in lines), None)


def _variable_facts(ext, base):
    def pick(facts):
        for v in ext.get('variables', []):
            if isinstance(v.get('init'), dict) and v['init'].get('kind') == 'list' \
                    and not _is_zero(v['init']):
                first, last = v['line'], _last_line(v['init'], v['line'])
                gone = {i for i, f in enumerate(facts)
                        if f['kind'] in ('variable', 'field', 'store')
                        and isinstance(f.get('line'), int) and first <= f['line'] <= last}
                if gone:
                    return gone
        return None
    return pick


def mutant_escapes(ext, rep, base='.', dts=None):
    """Names of the deliberately broken reports coverage_problems() accepts."""
    mutants = [('call', _drop(rep, _first('call'))), ('store', _drop(rep, _first_file_store(ext))),
               ('machine', _drop(rep, _first('machine'))),
               ('variable', _drop(rep, _variable_facts(ext, base)))]
    if dts and rep['machines'][0].get('todos'):
        r = json.loads(json.dumps(rep))
        r['machines'][0]['todos'].pop()
        mutants.append(('todos entry', r))
    return [name for name, r in mutants if r is not None and not coverage_problems(ext, r, base, dts)]


def main(argv):
    args, dts_dir, mutants = [], None, False
    it = iter(argv[1:])
    for a in it:
        if a == '--dts-dir':
            dts_dir = next(it, None)
        elif a == '--mutants':
            mutants = True
        else:
            args.append(a)
    if len(args) != 2 or (dts_dir is None and '--dts-dir' in argv):
        print(__doc__.split('\n\n')[1].strip(), file=sys.stderr)
        return 2
    try:
        with open(args[0]) as f:
            ext = json.load(f)
        with open(args[1]) as f:
            rep = json.load(f)
    except (OSError, ValueError) as e:
        print('report_coverage.py: %s' % e, file=sys.stderr)
        return 2
    base = os.path.splitext(os.path.basename(ext.get('file') or ''))[0]
    dts = dts_files(rep, dts_dir, base) if dts_dir else None
    if mutants:
        escaped = mutant_escapes(ext, rep, os.getcwd(), dts)
        for name in escaped:
            print('a report without its first %s fact passes the coverage check' % name)
        return 1 if escaped else 0
    problems = coverage_problems(ext, rep, os.getcwd(), dts)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
