#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Checks of the --html review page for tests/scripts/html.sh.

  html_check.py page DOM.html PAGE.html DTS REPORT.json BOARD.c [MACHINE] [--against TEXT]
      DOM.html is chromium's --dump-dom of PAGE.html#selftest. Compares the
      page's own findings (<pre id="selftest">, written by its script in the
      browser) with counts taken independently: properties from the .dts
      text, TODOs from the report, lines from the files; checks the keyboard
      moved the focus from TODO to TODO, that every link resolved, and that
      PAGE.html loads nothing from outside (no src=, no link to another file).
  html_check.py index DOM.html DIR
      Every page link of batch's index.html (as rendered) names a file of DIR
      that exists, one per .dts in DIR.
Prints "ok: ..." lines; on a failure prints "FAIL: ..." and exits 1.
"""
import html.parser
import json
import os
import re
import sys

failed = False


def check(ok, what):
    global failed
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failed = True


def selftest(dom):
    m = re.search(r'<pre id="selftest">(.*?)</pre>', dom, re.S)
    if not m:
        return None
    out = {}
    for line in html.unescape(m.group(1)).splitlines():
        k, _, v = line.partition("=")
        out[k] = v
    return out


def dts_properties(text):
    """Property assignments of a .dts, counted from its text."""
    # strings and comments, left to right (a comment may hold a quote)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"|/\*.*?\*/|//[^\n]*',
                  lambda m: '""' if m.group(0)[0] == '"' else " ", text, flags=re.S)
    text = re.sub(r"^\s*#include[^\n]*", " ", text, flags=re.M)
    n = 0
    # A statement is what lies between two of { } ;, and it is a property when
    # it ends in ';' (not a node opening '{' nor the '};' of a node's end).
    for m in re.finditer(r"([^{};]*)([{};])", text):
        body, end = m.group(1).strip(), m.group(2)
        if end == ";" and body and not body.startswith("/dts-v1/"):
            n += 1
    return n


class Refs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.external = []
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            self.scripts += 1
        if tag in ("link", "img", "iframe", "object", "embed"):
            self.external.append(tag)
        for k, v in attrs:
            if k == "src" or (k == "href" and v is not None and not v.startswith("#")):
                self.external.append(f"{tag} {k}={v}")


def page(dom_path, page_path, dts_path, report_path, board_path, machine=None, against=None):
    dom = open(dom_path, encoding="utf-8", errors="replace").read()
    src = open(page_path, encoding="utf-8").read()
    dts = open(dts_path, encoding="utf-8").read()
    rep = json.load(open(report_path))
    board = open(board_path, "rb").read()
    name = os.path.basename(page_path)
    machines = rep["machines"]
    mach = [m for m in machines if machine is None or m["machine"] == machine]
    check(len(mach) == 1, f"{name}: one machine in the report to compare with")
    if failed:
        return
    mach = mach[0]
    st = selftest(dom)
    check(st is not None, f"{name}: the page's self-test ran in the browser and wrote its findings")
    if st is None:
        return
    nprops = dts_properties(dts)
    ntodo = mach["counts"]["todo"]
    check(int(st["props"]) == nprops,
          f"{name}: property rows {st['props']} == properties in the .dts {nprops}")
    check(int(st["todo_rows"]) == ntodo == len(mach["todos"]),
          f"{name}: TODO rows {st['todo_rows']} == report counts.todo {ntodo}")
    check(int(st["todo_items"]) == ntodo and int(st["todo_classes_sum"]) == ntodo,
          f"{name}: TODO list {st['todo_items']} and class counts {st['todo_classes_sum']} == {ntodo}")
    ncomments = len(re.findall(r"^\s*(?:/\*| \*) TODO ", dts, re.M))
    check(ncomments == ntodo, f"{name}: {ncomments} TODO comments in the .dts == {ntodo}")
    nclines = board.count(b"\n") + (0 if board.endswith(b"\n") or not board else 1)
    check(int(st["c_lines"]) == nclines, f"{name}: board-file lines {st['c_lines']} == {nclines}")
    ndlines = dts.count("\n")
    check(int(st["d_lines"]) == ndlines, f"{name}: .dts lines {st['d_lines']} == {ndlines}")
    check(int(st["c_links"]) >= nprops and st["c_links_bad"] == "0",
          f"{name}: {st['c_links']} links to board-file lines, {st['c_links_bad']} unresolved")
    check(int(st["d_links"]) > 0 and st["d_links_bad"] == "0",
          f"{name}: {st['d_links']} links to .dts lines, {st['d_links_bad']} unresolved")
    if ntodo:
        check(st["first_todo"].startswith("d-") and st["key_n"] == st["first_todo"],
              f"{name}: n focused the first TODO ({st['key_n']} == {st['first_todo']})")
        check(st["key_j"] == st["second_todo"],
              f"{name}: j focused the next TODO ({st['key_j']} == {st['second_todo']})")
        check(st["key_p"] == st["first_todo"],
              f"{name}: p went back ({st['key_p']} == {st['first_todo']})")
    check(st["scripts"] == "1", f"{name}: one script in the rendered page ({st['scripts']})")
    check(st["c_title"] == board_path_shown(rep, mach),
          f"{name}: the board file's name as text: {st['c_title']!r}")
    refs = Refs()
    refs.feed(src)
    check(not refs.external and refs.scripts == 1,
          f"{name}: self-contained (external references: {refs.external[:3]})")
    if against:
        against_counts(name, st, dom, against)


def board_path_shown(rep, mach):
    return mach.get("source") or rep["source"]


def against_counts(name, st, dom, text_path):
    text = open(text_path).read()
    g = re.search(r"generated board-level properties: \d+ \((\d+) matched, (\d+) differ, (\d+) only", text)
    u = re.search(r"upstream board-level properties: \d+ \(\d+ matched, \d+ differ, (\d+) lacking", text)
    check(g is not None and u is not None, f"{name}: --against text report has its summary")
    if not g or not u:
        return
    for key, want in (("matched", g.group(1)), ("differs", g.group(2)),
                      ("only-generated", g.group(3)), ("lacking", u.group(1))):
        m = re.search(rf'id="n-{key}">(\d+)<', dom)
        check(m is not None and m.group(1) == want, f"{name}: {key} {m and m.group(1)} == report's {want}")
    gen = int(g.group(1)) + int(g.group(2)) + int(g.group(3))
    check(0 < int(st["status_rows"]) <= gen,
          f"{name}: {st['status_rows']} property rows show a status (of {gen})")
    check(st["lacking_items"] == u.group(1),
          f"{name}: {st['lacking_items']} upstream-only properties listed == {u.group(1)}")
    check(int(st["lacking_linked"]) > 0 or u.group(1) == "0",
          f"{name}: {st['lacking_linked']} of them linked to their likely board-file line")


def index(dom_path, out_dir):
    dom = open(dom_path, encoding="utf-8", errors="replace").read()
    links = [html.unescape(h) for h in re.findall(r'<a class="page" href="([^"]*)"', dom)]
    dts = sorted(f for f in os.listdir(out_dir) if f.endswith(".dts"))
    check(len(links) == len(dts) and len(dts) > 0,
          f"index.html: {len(links)} page links, {len(dts)} .dts files")
    missing = [h for h in links if not os.path.isfile(os.path.join(out_dir, h))]
    check(not missing, f"index.html: every link names an existing page (missing: {missing[:3]})")
    want = sorted(d[:-4] + ".html" for d in dts)
    check(sorted(links) == want, "index.html: one page per .dts, named like it")


def main(argv):
    if len(argv) >= 2 and argv[1] == "index":
        index(argv[2], argv[3])
    elif len(argv) >= 7 and argv[1] == "page":
        rest = argv[7:]
        against = None
        if "--against" in rest:
            i = rest.index("--against")
            against = rest[i + 1]
            rest = rest[:i] + rest[i + 2:]
        page(argv[2], argv[3], argv[4], argv[5], argv[6], rest[0] if rest else None, against)
    else:
        print(__doc__)
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
