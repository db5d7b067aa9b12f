#!/usr/bin/env bash
# `convert --html` and `batch --html`: the review page loaded in a real
# browser (Debian's chromium, headless). The page's own script, run with the
# hash #selftest, writes what it finds in the rendered DOM (property rows,
# TODO rows, links that resolve, where n/j/p moved the focus) into
# <pre id="selftest">; lib/html_check.py compares that with counts taken
# independently from the .dts text and the JSON report.
#
#   bash html.sh BOARD2DTS SOURCE_DIR     (run by ctest)
#
# chromium missing is a failure, not a skip (scripts/install-deps.sh
# installs it). Without a kernel tree the --against and real-board parts are
# skipped (exit 77 once the rest has passed).
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init html.sh "$@"
CHECK="$SRC/tests/scripts/lib/html_check.py"
S=$SRC/samples
fail=0

CHROME=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROME" ]; then
	echo "FAIL: html.sh: chromium is not installed (bash scripts/install-deps.sh)"
	exit 1
fi
b2d_tmpdir b2d-html
export XDG_CACHE_HOME=$TMP/cache
KARGS=()
b2d_kernel && KARGS=(--kernel "$KERNEL")

# dom PAGE OUT: chromium's rendered DOM of PAGE#selftest (or PAGE) into OUT.
dom() {
	local url="file://$1"
	[ "${3:-}" = plain ] || url="$url#selftest"
	# root needs --no-sandbox; the profile stays inside $TMP.
	if ! timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --no-first-run \
		--user-data-dir="$TMP/chrome" --virtual-time-budget=5000 --dump-dom "$url" \
		>"$2" 2>"$TMP/chrome.err"; then
		echo "FAIL: chromium could not load $1"; tail -5 "$TMP/chrome.err"; fail=1
	fi
}
# convert NAME ARGS...: board2dts convert, failing the test when it fails.
convert() {
	local name=$1
	shift
	if ! "$BIN" convert "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"; then
		echo "FAIL: $name: convert exited non-zero"; cat "$TMP/$name.err"; fail=1
	fi
}
# page NAME BOARD.c [MACHINE] [--against TEXT]: load $TMP/NAME.html, check it.
page() {
	local name=$1 board=$2
	shift 2
	dom "$TMP/$name.html" "$TMP/$name.dom"
	python3 "$CHECK" page "$TMP/$name.dom" "$TMP/$name.html" "$TMP/$name.dts" \
		"$TMP/$name.json" "$board" "$@" || fail=1
}

# 1. A sample, tolerant mode (with the kernel tree when there is one).
convert dev "$S/mach-s3c64xx-devboard.c" "${KARGS[@]}" -o "$TMP/dev.dts" \
	--report "$TMP/dev.json" --html "$TMP/dev.html"
page dev "$S/mach-s3c64xx-devboard.c"
# The .dts is the same bytes with or without --html.
convert dev0 "$S/mach-s3c64xx-devboard.c" "${KARGS[@]}" -o "$TMP/dev0.dts"
cmp -s "$TMP/dev.dts" "$TMP/dev0.dts" || { echo "FAIL: --html changed the .dts"; fail=1; }

# 2. Hostile names and text: a board file called a<b&"c'.c holding
#    </script><script>, quotes and a byte that is not UTF-8.
H="$TMP/a<b&\"c'.c"
{ printf '/* </script><script>document.title="pwned"</script> & "q" \xff */\n'
  cat "$S/at91sam9-gateway.c"; } >"$H"
convert evil "$H" -o "$TMP/evil.dts" --report "$TMP/evil.json" --html "$TMP/evil.html"
page evil "$H"
grep -q '&lt;/script&gt;&lt;script&gt;' "$TMP/evil.html" ||
	{ echo "FAIL: evil: the C text's </script> is not escaped"; fail=1; }
grep -q 'a&lt;b&amp;&quot;c&#39;.c' "$TMP/evil.html" ||
	{ echo "FAIL: evil: the file name is not escaped"; fail=1; }

# 3. Several machines: --html DIR/ gives one page per machine.
mkdir "$TMP/tw"
convert tw "$S/board-twin-rev.c" "${KARGS[@]}" -o "$TMP/tw/" --report "$TMP/tw.json" \
	--html "$TMP/tw/"
for id in TWINLEAF TWINLEAF_PRO; do
	for ext in dts html; do
		cp "$TMP/tw/board-twin-rev.$id.$ext" "$TMP/tw-$id.$ext" 2>/dev/null ||
			{ echo "FAIL: tw: no board-twin-rev.$id.$ext"; fail=1; }
	done
	cp "$TMP/tw.json" "$TMP/tw-$id.json"
	page "tw-$id" "$S/board-twin-rev.c" "$id"
done
# One file for several machines is a usage error, and nothing is written.
"$BIN" convert "$S/board-twin-rev.c" -o "$TMP/tw2/" --html "$TMP/tw2.html" >/dev/null 2>&1
[ $? = 2 ] && [ ! -e "$TMP/tw2.html" ] && [ ! -e "$TMP/tw2" ] ||
	{ echo "FAIL: --html FILE with two machines: not a usage error, or something written"; fail=1; }

# 4. All or nothing: a page that cannot be written leaves no .dts either.
"$BIN" convert "$S/kirkwood-nas.c" -o "$TMP/kw.dts" --html "$TMP/no/such/dir/kw.html" \
	>/dev/null 2>"$TMP/kw.err"
[ $? != 0 ] && [ ! -e "$TMP/kw.dts" ] ||
	{ echo "FAIL: --html into a missing directory: exit 0, or the .dts written"; fail=1; }
# A FIFO nobody reads is never replaced, nor hung on: an error, no .dts.
mkfifo "$TMP/page.fifo"
timeout 60 "$BIN" convert "$S/kirkwood-nas.c" -o "$TMP/kw.dts" --html "$TMP/page.fifo" \
	>/dev/null 2>"$TMP/kw.err"
[ $? = 1 ] && [ -p "$TMP/page.fifo" ] && [ ! -e "$TMP/kw.dts" ] ||
	{ echo "FAIL: --html FIFO without a reader: not exit 1, the FIFO replaced or the .dts written"; fail=1; }
"$BIN" convert "$S/kirkwood-nas.c" -o "$TMP/kw.dts" --html "$TMP" >/dev/null 2>&1 &&
	[ -s "$TMP/kirkwood-nas.html" ] ||
	{ echo "FAIL: --html DIR (one machine): no DIR/kirkwood-nas.html"; fail=1; }

# 5. --against: each property's status, what the upstream has that the
#    conversion lacks with its likely board-file line; then a real board
#    file of the kernel (the largest of the corpus) against its upstream .dts.
if [ -n "${KERNEL:-}" ]; then
	convert av "$S/mach-s3c64xx-devboard.c" --kernel "$KERNEL" -o "$TMP/av.dts" \
		--report "$TMP/av.json" --html "$TMP/av.html" \
		--against "$S/mach-s3c64xx-devboard.target.dts" --against-out "$TMP/av.txt"
	page av "$S/mach-s3c64xx-devboard.c" --against "$TMP/av.txt"
	DA=$KERNEL/arch/arm/mach-davinci/board-da850-evm.c
	UP=$KERNEL/arch/arm/boot/dts/da850-evm.dts
	[ -f "$DA" ] && [ -f "$UP" ] || { echo "FAIL: no $DA or $UP in the kernel tree"; fail=1; }
	convert da "$DA" --kernel "$KERNEL" -o "$TMP/da.dts" --report "$TMP/da.json" \
		--html "$TMP/da.html" --against "$UP" --against-out "$TMP/da.txt"
	page da "$DA" --against "$TMP/da.txt"
	size=$(stat -c %s "$TMP/da.html")
	echo "da850-evm page: $size bytes"
	[ "$size" -lt 4000000 ] || { echo "FAIL: da850-evm page over 4 MB"; fail=1; }
else
	b2d_skip_part "html.sh: --against and the real board (no kernel tree)"
fi

# 6. batch --html: a page per machine next to the .dts, index.html linking them.
B=$TMP/batch
"$BIN" batch "${KARGS[@]}" --html -j 2 --out-dir "$B" "$S/mach-s3c64xx-devboard.c" \
	"$S/board-twin-rev.c" "$S/kirkwood-nas.c" >"$TMP/batch.out" 2>"$TMP/batch.err" ||
	{ echo "FAIL: batch --html exited non-zero"; cat "$TMP/batch.err"; fail=1; }
dom "$B/index.html" "$TMP/index.dom" plain
python3 "$CHECK" index "$TMP/index.dom" "$B" || fail=1
cp "$B/kirkwood-nas.html" "$TMP/bk.html"
cp "$B/kirkwood-nas.dts" "$TMP/bk.dts"
cp "$B/kirkwood-nas.report.json" "$TMP/bk.json"
page bk "$S/kirkwood-nas.c"

b2d_exit $fail
