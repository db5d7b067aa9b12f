#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the PXA3xx pin groups of a conversion against the kernel's headers.

usage: pxa3xx_pins_check.py REPORT.json OUT.dts MACH_PXA_DIR [--min N]

Each MFP word the report says became `&pinctrl: <MFP_PIN_PXA3x0(n) MFP_AFa>,
MFP_DSxxX[, pull-up|pull-down][, MFP_LPM_...]` is looked up, by the macro
name of its C text (`littleton_mfp_cfg[3] = GPIO3_MMC1_DAT0`), in the SoC's
own header of the kernel tree (mfp-pxa300.h for MFP_PIN_PXA300/310,
mfp-pxa320.h for MFP_PIN_PXA320, and mfp-pxa3xx.h's GPIOn_GPIO), independently of board2dts's parser.
A PXA93x word (`<0x500 MFP_AF1>`, the offset of pxa930.c's map) is looked up in
mfp-pxa930.h, and its pin's MFP_ADDR() entry of pxa930.c must give the cell.
For the others:

- the header's MFP_CFG*(GPIOn[_2], AFa, ...) has that pin and AF;
- its drive strength (MFP_CFG_DRV / MFP_CFG_X, else the default DS03X) and
  low-power state (MFP_CFG_LPM / MFP_CFG_X) are the ones the report names,
  with what the board's word ORs in (`| MFP_PULL_HIGH`, `| MFP_LPM_FLOAT`);
- the .dts has the cell `<MFP_PIN_PXA3x0(n) MFP_AFa>` in a pinctrl-single,pins,
  or says a later word of the board set that pin again.
A word spelled MFP_CFG*(GPIOn, AFa, ...) in the board is read as it is.

Prints one line per problem; exit 1 on any, or fewer than N words checked.
"""
import json
import os
import re
import sys


CFG = r'MFP_CFG(_DRV|_LPM|_X)?\(\s*([A-Za-z]\w*)\s*,\s*(AF\d)\s*(?:,\s*(\w+))?\s*(?:,\s*(\w+))?\s*\)'


def decode(kind, pin, af, a3, a4):
    ds, lpm = 'DS03X', None
    if kind == '_DRV':
        ds = a3
    elif kind == '_LPM':
        lpm = a3
    elif kind == '_X':
        ds, lpm = a3, a4
    return (pin, af, ds, lpm)


def header_macros(path):
    out = {}
    for m in re.finditer(r'#define\s+(\w+)\s+' + CFG, open(path).read()):
        out[m.group(1)] = decode(*m.groups()[1:])
    return out


def main():
    args = sys.argv[1:]
    minimum = 1
    if '--min' in args:
        i = args.index('--min')
        minimum = int(args[i + 1])
        del args[i:i + 2]
    report, dts, mach = args
    text = open(dts).read()
    common = header_macros(mach + '/mfp-pxa3xx.h')	# GPIOn_GPIO of every PXA3xx
    headers = {v: dict(common, **header_macros(mach + '/mfp-pxa%s.h' % h))
               for v, h in (('300', '300'), ('310', '300'), ('320', '320'))}
    headers['930'] = dict(common, **header_macros(mach + '/mfp-pxa930.h'))
    # pxa930.c's MFP_ADDR(pin, offset) map (the PXA93x: cells are offsets)
    addr = {}
    if os.path.exists(mach + '/pxa930.c'):
        src = open(mach + '/pxa930.c').read()
        table = src.split('pxa930_mfp_addr_map[]', 1)[1].split('};', 1)[0]
        addr = {p: int(o, 0) for p, o in re.findall(r'MFP_ADDR\(\s*(\w+)\s*,\s*(\w+)\s*\)', table)}
    problems, checked = [], 0
    for m in json.load(open(report))['machines']:
        for f in m['facts']:
            b = f.get('became') or ''
            got = re.match(r'&pinctrl: <(0x[0-9a-f]+) (MFP_AF(\d)|(\d))>, MFP_(DS\d\dX).*\(MFPR offset: pxa930_mfp_addr_map', b)
            if f['fate'] == 'converted' and got:
                off, cell_af, af1, af2, ds = got.groups()
                word = f['what'].split(' = ', 1)[-1]
                name = re.match(r'\w+', word).group(0)
                inline = re.match(CFG, word)
                h = decode(*inline.groups()) if inline else headers['930'].get(name)
                if not h:
                    problems.append('%s: %s not in mfp-pxa930.h' % (f['what'], name))
                    continue
                pin, af, hds, _ = h
                if addr.get(pin) != int(off, 16):
                    problems.append('%s: pxa930.c puts %s at %s, the cell says %s' %
                                    (name, pin, hex(addr[pin]) if pin in addr else 'no offset', off))
                if af != 'AF%s' % (af1 or af2):
                    problems.append('%s: the header says %s, the cell AF%s' % (name, af, af1 or af2))
                if hds != ds:
                    problems.append('%s: the header says %s, the report %s' % (name, hds, ds))
                if '<%s %s>' % (off, cell_af) not in text:
                    problems.append('%s: <%s %s> not in the .dts' % (name, off, cell_af))
                checked += 1
                continue
            got = re.match(r'&pinctrl: <MFP_PIN_PXA(300|310|320)(_2)?\((\d+)\) (MFP_AF(\d)|(\d))>, MFP_(DS\d\dX)(.*)', b)
            if f['fate'] != 'converted' or not got:
                continue
            variant, two, n, cell_af, af1, af2, ds, rest = got.groups()
            word = f['what'].split(' = ', 1)[-1]
            name = re.match(r'\w+', word).group(0)
            inline = re.match(CFG, word)
            h = decode(*inline.groups()) if inline else headers[variant].get(name)
            if not h:
                problems.append('%s: %s not in the header of the PXA%s' % (f['what'], name, variant))
                continue
            pin, af, hds, hlpm = h
            if pin != 'GPIO%s%s' % (n, two or ''):
                problems.append('%s: the header says %s, the cell pin %s%s' % (name, pin, n, two or ''))
            if af != 'AF%s' % (af1 or af2):
                problems.append('%s: the header says %s, the cell AF%s' % (name, af, af1 or af2))
            if hds != ds:
                problems.append('%s: the header says %s, the report %s' % (name, hds, ds))
            lpm = re.search(r'MFP_LPM_(\w+)', rest)
            want = re.search(r'MFP_LPM_(DRIVE_LOW|DRIVE_HIGH|PULL_LOW|PULL_HIGH|FLOAT|INPUT)\b', word)
            want = want.group(1) if want else hlpm
            if (lpm.group(1) if lpm else None) != want:
                problems.append('%s: low-power state %s in the C, %s in the report' %
                                (word, want, lpm.group(1) if lpm else None))
            pull = 'pull-up' if 'MFP_PULL_HIGH' in word else 'pull-down' if 'MFP_PULL_LOW' in word else None
            if pull and pull not in rest or not pull and 'pull-' in rest:
                problems.append('%s: pull %s, report %s' % (word, pull, rest))
            cell = '<MFP_PIN_PXA%s%s(%s) %s>' % (variant, two or '', n, cell_af)
            later = re.search(r'set again: [^\n]*after %s at line %d;' % (cell_af, f['line']), text)
            if cell not in text and not later:
                problems.append('%s: %s not in the .dts' % (name, cell))
            checked += 1
    for p in problems:
        print(p)
    if checked < minimum:
        print('only %d words checked (expected %d+)' % (checked, minimum))
        return 1
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
