#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the PXA2xx pin groups of a converted .dts against the target tree.

usage: pxa_pins_check.py OUT.dts DRIVER.c MFP_HEADER.h... [--min N]

No PXA25x/PXA27x board of the 6.1 tree has an upstream .dts with pin groups
(and the tree has no binding document for marvell,pxa2{5,7}x-pinctrl: the
driver parses the generic pins/function form), so each group is checked
against what the kernel itself says, independently of board2dts's parser:

- every `pins = "Pn", ...; function = "F";` names pins the driver's table
  (PXA_GPIO_PIN / PXA_GPIO_ONLY_PIN / PXA_PIN(PXA_PINCTRL_PIN(n), ...))
  lists, each with function F (gpio_in/gpio_out for the GPIO forms);
- the board macro of each pin (the annotation comment: `GPIO32_MMC_CLK`),
  looked up in the MFP headers (`MFP_CFG_OUT(GPIO32, AF2, DRIVE_LOW)`), has
  the pin number, and the (direction, AF) of the driver's entry for F.

Prints one line per problem; exit 1 on any, or when fewer than N (default
1) pins were checked against their macro.
"""
import re
import sys


def driver_table(text):
    """pin -> list of (dir, af, name); GPIO forms add (0, 0, gpio_in), (1, 0, gpio_out)."""
    pins = {}
    for m in re.finditer(r'\b(PXA_GPIO_PIN|PXA_GPIO_ONLY_PIN|PXA_PIN)\(\s*PXA_PINCTRL_PIN\((\d+)\)', text):
        if text[max(0, m.start() - 8):m.start()].strip().endswith('define'):
            continue
        pin = int(m.group(2))
        # the entry runs to the next pin macro
        nxt = re.search(r'\bPXA_(GPIO_PIN|GPIO_ONLY_PIN|PIN)\(\s*PXA_PINCTRL_PIN\(', text[m.end():])
        body = text[m.end():m.end() + nxt.start()] if nxt else text[m.end():]
        fs = []
        if m.group(1) != 'PXA_PIN':
            fs += [(0, 0, 'gpio_in'), (1, 0, 'gpio_out')]
        for f in re.finditer(r'PXA_FUNCTION\(\s*(\d+)\s*,\s*(\d+)\s*,\s*"([^"]*)"\s*\)', body):
            fs.append((int(f.group(1)), int(f.group(2)), f.group(3)))
        pins[pin] = fs
    return pins


def mfp_macros(texts):
    """macro name -> (pin, af, dir) for MFP_CFG_IN/OUT(GPIOn, AFx[, state])."""
    out = {}
    for text in texts:
        for m in re.finditer(r'#define\s+(\w+)\s+MFP_CFG_(IN|OUT)\(\s*GPIO(\d+)\s*,\s*AF(\d)', text):
            out[m.group(1)] = (int(m.group(3)), int(m.group(4)), 1 if m.group(2) == 'OUT' else 0)
    return out


def groups(dts):
    """(line number, [pin numbers], [macro spellings], function) of each pins/function pair."""
    lines = dts.splitlines()
    res = []
    for i, line in enumerate(lines):
        m = re.match(r'\s*pins = ((?:"P\d+"(?:, )?)+);(?:\s*/\* \S+:\d+ (.*) \*/)?', line)
        if not m:
            continue
        pins = [int(p) for p in re.findall(r'"P(\d+)"', m.group(1))]
        macros = [s.strip() for s in (m.group(2) or '').split(',')] if m.group(2) else []
        f = re.match(r'\s*function = "([^"]*)";', lines[i + 1]) if i + 1 < len(lines) else None
        res.append((i + 1, pins, macros, f.group(1) if f else None))
    return res


def main(argv):
    minimum = 1
    if '--min' in argv:
        k = argv.index('--min')
        minimum = int(argv[k + 1])
        argv = argv[:k] + argv[k + 2:]
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    dts = open(argv[1]).read()
    table = driver_table(open(argv[2]).read())
    macros = mfp_macros(open(p).read() for p in argv[3:])
    problems = []
    checked = 0
    for line, pins, spellings, fn in groups(dts):
        if fn is None:
            problems.append('%s:%d: pins without a function on the next line' % (argv[1], line))
            continue
        for k, pin in enumerate(pins):
            entries = [e for e in table.get(pin, []) if e[2] == fn]
            if pin not in table:
                problems.append('%s:%d: P%d is no pin of the driver' % (argv[1], line, pin))
                continue
            if not entries:
                problems.append('%s:%d: the driver has no function "%s" on P%d' % (argv[1], line, fn, pin))
                continue
            name = spellings[k].split('|')[0].strip() if k < len(spellings) else ''
            if name not in macros:
                continue
            mpin, af, d = macros[name]
            if mpin != pin:
                problems.append('%s:%d: %s is GPIO%d, not P%d' % (argv[1], line, name, mpin, pin))
            elif not any(e[0] == d and e[1] == af for e in entries):
                problems.append('%s:%d: %s is AF%d %s, "%s" on P%d is not' %
                                (argv[1], line, name, af, 'out' if d else 'in', fn, pin))
            checked += 1
    for p in problems:
        print(p)
    if checked < minimum:
        print('%s: only %d pins checked against their MFP macro (expected at least %d)' %
              (argv[1], checked, minimum))
        return 1
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
