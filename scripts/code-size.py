#!/usr/bin/python3
"""Code size rules (docs/design.md, "Code size rules"): no C source file over
600 lines, no function body over 80 lines.

    code-size.py [--exceptions FILE] [--max-file N] [--max-func N] [ROOT]

Reads every .c and .h file of the project below ROOT (default: the
repository this script lives in): common/ extractor/ kernel/ engine/ graph/
emitter/ review/ cli/ pipeline/ fuzz/ bench/ tests/unit/, and nothing else
(samples/ and fuzz/corpus/ hold board files that are input data, tests/data/
fixture data, build*/ generated files). Prints one line per offender,

    path: 1046 lines (max 600)
    path:120: function synth_walk: 143 lines (max 80)

and exits 1 when there is one. A function's length counts the lines from
its opening brace to its closing brace, both included.

The exceptions file (one entry a line, '#' starts a comment) lists known
offenders: `path` for a file over the limit, `path:function` for a function.
Entries are allowed only under engine/, kernel/ and cli/ (being reworked
elsewhere); an entry anywhere else, or one that no longer matches an
offender, is an error (so the list can only shrink).

Functions are found by counting braces in the text with comments, string and
character literals and preprocessor lines blanked: a '{' at file level whose
header (the text since the previous ';', '}' or directive) ends in ')' and
holds no '=' opens a function body. Unbalanced braces are an error, never a
silent pass.
"""
import argparse
import os
import re
import sys

DIRS = ["common", "extractor", "kernel", "engine", "graph", "emitter",
        "review", "cli", "pipeline", "fuzz", "bench", os.path.join("tests", "unit")]
SKIP_DIRS = {os.path.join("fuzz", "corpus")}
EXCEPTION_DIRS = ("engine/", "kernel/", "cli/")


def sources(root):
    """The project's .c/.h files below root, sorted, as paths relative to root."""
    out = []
    for top in DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            rel_dir = os.path.relpath(dirpath, root)
            dirnames[:] = [d for d in dirnames
                           if os.path.join(rel_dir, d) not in SKIP_DIRS]
            out += [os.path.join(rel_dir, f) for f in filenames
                    if f.endswith((".c", ".h"))]
    return sorted(out)


def blank(text):
    """text with comments, literals and preprocessor lines replaced by spaces;
    newlines are kept, so offsets map to the same line numbers."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True

    def wipe(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if line_start and DIRECTIVE.match(text, i):
            j = i
            while True:  # a directive, with its continuation lines
                j = text.find("\n", j)
                if j < 0:
                    j = n
                elif text[j - 1] == "\\":
                    j += 1
                    continue
                break
            wipe(i, j)  # comments inside the directive go with it
            i = j
            continue
        line_start = c == "\n"
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            wipe(i, j)
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            wipe(i, min(j + 1, n))
            i = j + 1
        else:
            i += 1
    return "".join(out)


DIRECTIVE = re.compile(r"[ \t]*#")
NAME_BEFORE_PAREN = re.compile(r"([A-Za-z_]\w*)\s*\($")


def function_name(header):
    """The identifier before the first '(' at parenthesis depth 0."""
    depth = 0
    for k, c in enumerate(header):
        if c == "(":
            if depth == 0:
                m = NAME_BEFORE_PAREN.search(header[:k + 1])
                return m.group(1) if m else "?"
            depth += 1
        elif c == ")":
            depth -= 1
    return "?"


def functions(path, text):
    """(name, first line, length) of every function definition in text."""
    clean = blank(text)
    found = []
    depth = 0
    header_start = 0
    open_at = None
    for k, c in enumerate(clean):
        if c == "{":
            if depth == 0:
                header = clean[header_start:k].strip()
                if header.endswith(")") and "=" not in header:
                    open_at = (function_name(header), k)
                else:
                    open_at = None
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                raise ValueError(f"{path}:{clean.count(chr(10), 0, k) + 1}: unbalanced '}}'")
            if depth == 0:
                if open_at:
                    first = clean.count("\n", 0, open_at[1]) + 1
                    last = clean.count("\n", 0, k) + 1
                    found.append((open_at[0], first, last - first + 1))
                open_at = None
                header_start = k + 1
        elif c == ";" and depth == 0:
            header_start = k + 1
    if depth != 0:
        raise ValueError(f"{path}: unbalanced braces ({depth} '{{' left open)")
    return found


def offenders(root, max_file, max_func):
    """[(key, message)]: key is 'path' or 'path:function'."""
    out = []
    for rel in sources(root):
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if lines > max_file:
            out.append((rel, f"{rel}: {lines} lines (max {max_file})"))
        for name, first, length in functions(rel, text):
            if length > max_func:
                out.append((f"{rel}:{name}",
                            f"{rel}:{first}: function {name}: {length} lines (max {max_func})"))
    return out


def read_exceptions(path):
    """The entries of the exceptions file, and the errors in it."""
    entries, errors = [], []
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            entry = line.split("#", 1)[0].strip()
            if not entry:
                continue
            if not entry.startswith(EXCEPTION_DIRS):
                errors.append(f"{path}:{no}: exception {entry} outside "
                              f"{', '.join(EXCEPTION_DIRS)}: not allowed")
            entries.append(entry)
    return entries, errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?",
                    default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--exceptions", help="file of known offenders (engine/, kernel/, cli/ only)")
    ap.add_argument("--max-file", type=int, default=600)
    ap.add_argument("--max-func", type=int, default=80)
    args = ap.parse_args()
    try:
        found = offenders(args.root, args.max_file, args.max_func)
    except (OSError, ValueError) as e:
        print(f"code-size: error: {e}", file=sys.stderr)
        return 2
    entries, errors = read_exceptions(args.exceptions) if args.exceptions else ([], [])
    keys = {key for key, _ in found}
    errors += [f"{args.exceptions}: exception {e} matches no offender: remove it"
               for e in entries if e not in keys]
    bad = [msg for key, msg in found if key not in entries]
    for line in bad + errors:
        print(line)
    excused = len(found) - len(bad)
    print(f"code-size: {len(bad)} offender(s), {excused} excused, {len(errors)} error(s)"
          f" in the exceptions", file=sys.stderr)
    return 1 if bad or errors else 0


if __name__ == "__main__":
    sys.exit(main())
