#!/usr/bin/env bash
# Golden-sample test: convert every samples/*.c and compare with
# samples/<base>.dts (one machine) or samples/<base>.<ID>.dts (several).
# Also: every output compiles with the kernel's cpp + dtc, no GPIO/IRQ number
# is left as a TODO, the report accounts for everything `extract --json`
# lists (b2d_report_coverage, which must also catch a fact dropped from the
# report), output is deterministic.
#
#   bash samples.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
#   UPDATE_GOLDEN=1 ...                       rewrite the goldens instead of comparing
#
# The kernel tree (B2D_KERNEL, set by scripts/test.sh, else the default cache
# path) is passed as --kernel and used for the dtc compile step; without it
# the goldens are still compared, and the test exits 77 once that has passed.
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init samples.sh "$@"
b2d_shared_cache
SAMPLES=$SRC/samples

shopt -s nullglob
inputs=("$SAMPLES"/*.c)
if [ ${#inputs[@]} -eq 0 ]; then
	echo "FAIL: samples.sh: no samples/*.c"
	exit 1
fi

b2d_tmpdir b2d-samples

KARGS=()
if b2d_kernel; then
	KARGS=(--kernel "$KERNEL")
else
	b2d_skip_part "samples.sh: no kernel tree (B2D_KERNEL=${B2D_KERNEL:-}): --kernel and the dtc compile step"
fi

fail=0
failed() { echo "FAIL: $*"; fail=1; this_ok=0; }

# Compile one .dts the way the kernel's Makefile does; print dtc's errors.
dtc_check() {
	local f=$1 log=$TMP/dtc.log
	if ! b2d_dts_compile "$KERNEL" "$f" "$log"; then
		failed "$(basename "$f"): does not compile with cpp + dtc:"
		sed 's/^/    /' "$log"
	fi
}

# The report: no TODO for a GPIO/IRQ number.
report_check() {
	python3 - "$1" <<'PY'
import json, sys

path = sys.argv[1]
with open(path) as f:
    rep = json.load(f)
bad = []

def walk(o, machine):
    if isinstance(o, dict):
        reason = o.get("reason")
        fate = o.get("fate", "todo")
        if isinstance(reason, str) and fate == "todo" and \
                (reason.startswith("GPIO") or reason.startswith("IRQ")):
            bad.append("%s: unresolved number: %s (%s)" %
                       (machine, o.get("what") or o.get("text"), reason))
        for v in o.values():
            walk(v, machine)
    elif isinstance(o, list):
        for v in o:
            walk(v, machine)

machines = rep.get("machines")
if not isinstance(machines, list) or not machines:
    bad.append("report has no machines")
for m in machines or []:
    walk(m, m.get("machine") or "?")
for b in bad:
    print("    " + b)
sys.exit(1 if bad else 0)
PY
}

for c in "${inputs[@]}"; do
	base=$(basename "$c" .c)
	this_ok=1
	out=$TMP/$base
	mkdir -p "$out/a" "$out/b"
	if ! "$BIN" convert "${KARGS[@]}" -o "$out/a/" --report "$out/report.json" "$c" \
		2>"$out/stderr"; then
		failed "$base: convert failed:"
		sed 's/^/    /' "$out/stderr"
		continue
	fi
	outs=("$out"/a/*.dts)
	if [ ${#outs[@]} -eq 0 ]; then
		failed "$base: convert wrote no .dts"
		continue
	fi

	# Goldens: compare (or rewrite), and notice goldens no output matches.
	for f in "${outs[@]}"; do
		name=$(basename "$f")
		golden=$SAMPLES/$name
		if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
			cp "$f" "$golden"
			echo "updated $golden"
		elif [ ! -f "$golden" ]; then
			failed "$base: no golden file samples/$name (run with UPDATE_GOLDEN=1)"
		elif ! diff -u "$golden" "$f" >"$out/diff"; then
			failed "$base: output differs from samples/$name:"
			cat "$out/diff"
		fi
	done
	for g in "$SAMPLES/$base.dts" "$SAMPLES/$base".*.dts; do
		[ -f "$g" ] || continue
		case "$g" in *.target.dts) continue ;; esac
		[ -f "$out/a/$(basename "$g")" ] ||
			failed "$base: golden $(basename "$g") has no matching output (stale?)"
	done

	if [ -n "$KERNEL" ]; then for f in "${outs[@]}"; do dtc_check "$f"; done; fi

	if ! report_check "$out/report.json"; then
		failed "$base: report check failed (above)"
	fi
	if ! "$BIN" extract --json "${KARGS[@]}" "$c" >"$out/extract.json" 2>"$out/stderr"; then
		failed "$base: extract --json failed"
	elif ! b2d_report_coverage "$out/extract.json" "$out/report.json" "$out/a" >"$out/cov" ||
		! b2d_report_coverage --mutants "$out/extract.json" "$out/report.json" "$out/a" >>"$out/cov"; then
		failed "$base: the report does not account for the extract:"
		sed 's/^/    /' "$out/cov"
	fi

	# Determinism: a second run gives byte-identical files.
	if "$BIN" convert "${KARGS[@]}" -o "$out/b/" --report "$out/report2.json" "$c" \
		2>/dev/null; then
		for f in "${outs[@]}"; do
			cmp -s "$f" "$out/b/$(basename "$f")" ||
				failed "$base: $(basename "$f") differs between two runs"
		done
		cmp -s "$out/report.json" "$out/report2.json" ||
			failed "$base: report differs between two runs"
	else
		failed "$base: second convert run failed"
	fi
	[ $this_ok = 1 ] && echo "ok: $base (${#outs[@]} output(s))"
done
b2d_exit $fail
