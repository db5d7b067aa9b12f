# The part every rule-pack corpus test (tests/scripts/pack_*.sh) shares:
# convert each board file of a family from the real-kernel corpus, check one
# .dts per MACHINE_START, compile every .dts with the kernel's cpp + dtc,
# check the report (the expected SoC pack; it accounts for everything
# `extract --json` lists: b2d_report_coverage). Sourced, not a test.
#
#   source "$(dirname "${BASH_SOURCE[0]}")/lib/pack_common.sh"
#   pack_setup pack_foo.sh "$@"            # BIN SRC K LIST FACTS SCORE; 77 without kernel tree or corpus
#   MINE=$(printf '%s\n' "$LIST" | grep -E ...)
#   pack_start                             # fails when MINE is empty; TMP, fail
#   expected_soc() { ...; }                # FILE.c -> the pack its report must name
#   pack_convert_all                       # nfiles; outputs in $(pack_outdir FILE BASE)/
#   pack_recall FACT_FILE DTS              # recall floor 0.8 (fails without the fact file)
#
# Every exact check (has, hasnt, pack_recall) fails when its .dts was not
# written: no check is guarded by the file's existence.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# pack_setup NAME "$@"
pack_setup() {
	PACK=$1
	shift
	b2d_init "$PACK" "$@"
	b2d_kernel || b2d_skip "$PACK: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
	K=$KERNEL
	LIST=$(bash "$SRC/scripts/kernel-corpus.sh" --list 2>/dev/null)
	[ -n "$LIST" ] || b2d_skip "$PACK: corpus not prepared (bash scripts/kernel-corpus.sh)"
	b2d_eval
}

# The corpus is prepared (pack_setup): no board file of the pack's families
# in it is a failure, not a skip.
pack_start() {
	if [ -z "$MINE" ]; then
		echo "FAIL: $PACK: no board file of this pack's families in the corpus list"
		exit 1
	fi
	b2d_tmpdir "b2d-${PACK%.sh}"
	fail=0
}

bad() { echo "FAIL: $*"; fail=1; }
# unwrapped FILE: the .dts with wrapped values joined back onto one line (the
# writer continues a long value on indented lines; a line that does not end
# in ';', '{', '}' or a comment continues on the next).
unwrapped() {
	awk '{
		line = $0
		if (cont) { sub(/^[ \t]+/, "", line); buf = buf " " line } else buf = line
		cont = (line !~ /[;{}]$/ && line !~ /\*\/$/ && line !~ /^[ \t]*$/ &&
			line !~ /^[ \t]*(#|\/\*|\*)/ && line ~ /[,>A-Za-z0-9_)]$/ && buf ~ /=/)
		if (!cont) print buf
	} END { if (cont) print buf }' "$1"
}
# has FILE TEXT / hasnt FILE TEXT: FILE (written) holds / lacks the fixed
# string TEXT (on one line once wrapped values are joined). grep reads all its
# input (no -q): an early exit would kill awk with SIGPIPE under pipefail.
has() {
	[ -f "$1" ] || { bad "$(basename "$1"): not written"; return; }
	unwrapped "$1" | grep -F -- "$2" >/dev/null || bad "$(basename "$1"): missing: $2"
}
hasnt() {
	[ -f "$1" ] || { bad "$(basename "$1"): not written"; return; }
	! unwrapped "$1" | grep -F -- "$2" >/dev/null || bad "$(basename "$1"): unexpected: $2"
}

# enabled FILE LABEL [WHAT]: the overlay &LABEL { ... }; of FILE holds
# status = "okay" (anywhere in it: the writer puts status last, kernel style).
enabled() {
	sed -n "/^&$2 {/,/^};/p" "$1" 2>/dev/null | grep -F 'status = "okay";' >/dev/null ||
		bad "${3:-$(basename "$1")}: &$2 not enabled"
}

# pack_recall FACT_FILE DTS: DTS reaches recall 0.8 on $FACTS/FACT_FILE.
pack_recall() {
	b2d_recall "$1" "$2" "$K" "$TMP/${1%.facts}.score" || fail=1
}

# The output directory of board file $1 (basename $2); a script may override it.
pack_outdir() { echo "$TMP/$2"; }

# Every "BUILD_DIR<TAB>FILE.c" line of $MINE: convert, count, compile, report, coverage.
pack_convert_all() {
	local bd f b d want got dts
	nfiles=0
	while IFS=$'\t' read -r bd f; do
		nfiles=$((nfiles + 1))
		b=$(basename "$f" .c)
		d=$(pack_outdir "$f" "$b")
		mkdir -p "$d"
		if ! "$BIN" convert -p "$bd" --kernel "$K" "$f" -o "$d/" --report "$d/report.json" 2>"$d/err"; then
			bad "$b: convert failed: $(head -c 300 "$d/err")"
			continue
		fi
		want=$(grep -c '^MACHINE_START(' "$f")
		got=$(ls "$d"/*.dts 2>/dev/null | wc -l)
		[ "$want" = "$got" ] || bad "$b: $got .dts for $want MACHINE_START"
		for dts in "$d"/*.dts; do
			b2d_dts_compile "$K" "$dts" "$d/cpp.err" "$d/dtc.err" ||
				bad "$b: $(basename "$dts") does not compile: $(head -c 300 "$d/dtc.err")"
		done
		/usr/bin/python3 - "$d/report.json" "$(expected_soc "$f")" "$want" <<'PY' || bad "$b: report"
import json, sys
r = json.load(open(sys.argv[1]))
ok = True
if r.get("soc") != sys.argv[2]:
    print("soc %r, expected %r" % (r.get("soc"), sys.argv[2])); ok = False
if len(r["machines"]) != int(sys.argv[3]):
    print("%d machines in report" % len(r["machines"])); ok = False
sys.exit(0 if ok else 1)
PY
		if ! "$BIN" extract --json -p "$bd" --kernel "$K" "$f" >"$d/extract.json" 2>"$d/extract.err"; then
			bad "$b: extract --json failed: $(head -c 300 "$d/extract.err")"
		elif ! b2d_report_coverage "$d/extract.json" "$d/report.json" "$d" >"$d/cov"; then
			bad "$b: the report does not account for the extract: $(head -c 600 "$d/cov")"
		fi
	done <<<"$MINE"
}
