#!/usr/bin/env bash
# Hostile and broken input (docs/hardening.md): each case asserts the exit
# status, that stderr is one-line diagnostics naming the file (and line where
# there is one), that no output file appears on failure, and that nothing
# dies of a signal or hangs. Inputs are generated here, at test time.
# cli_errors.sh already covers: empty file, missing file, directory, shell
# script, no MACHINE_START, a rule file with a YAML syntax error, output equal
# to the input; they are not repeated.
#
#   bash bad_input.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init bad_input.sh "$@"
# The kernel tree compiles whole outputs (cpp + dtc); board2dts itself runs
# without it (no --kernel, no B2D_KERNEL) unless a case passes --kernel.
b2d_kernel || b2d_skip_part "bad_input.sh: no kernel tree: the whole-output cpp + dtc checks"
unset B2D_KERNEL
# Slow builds (sanitizers, valgrind) get more time per run.
LIMIT=${B2D_BAD_INPUT_TIMEOUT:-120}

TMP=$(mktemp -d "${TMPDIR:-/tmp}/b2d-bad.XXXXXX")
chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT
fail=0
n=0

bad() {
	echo "FAIL: $1"
	[ -s "$TMP/stderr" ] && sed 's/^/    stderr: /' "$TMP/stderr" | head -5
	fail=1
}

# run ARGS...: board2dts under a timeout (as the user RUN_AS switches to,
# when set); sets $got (124: hung).
RUN_AS=()
run() {
	timeout -k 5 "$LIMIT" "${RUN_AS[@]}" "$BIN" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
	got=$?
}

# expect NAME STATUS REGEX [--lines N] -- ARGS...
expect() {
	local name=$1 want=$2 re=$3 lines= ok=1
	shift 3
	if [ "$1" = --lines ]; then lines=$2; shift 2; fi
	[ "$1" = -- ] && shift
	n=$((n + 1))
	run "$@"
	if [ "$got" -ge 124 ]; then
		bad "$name: killed or hung (exit status $got)"
		return
	fi
	if ! b2d_check_diag "$name" "$want" "$got" "$re" "$lines" "$TMP/stderr"; then
		[ -s "$TMP/stderr" ] && sed 's/^/    stderr: /' "$TMP/stderr" | head -5
		fail=1
		ok=0
	fi
	[ $ok = 1 ] && echo "ok: $name"
}

no_file() {
	n=$((n + 1))
	if [ -e "$1" ]; then
		echo "FAIL: $2: output file $1 was created"
		fail=1
		rm -f "$1"
	else
		echo "ok: $2: no output file"
	fi
}

check() {	# check NAME COMMAND...: a plain assertion
	n=$((n + 1))
	if "${@:2}"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi
}

# Compile a .dts the way the kernel does (needs the kernel tree).
dtc_kernel() {
	b2d_dts_compile "$KERNEL" "$1" "$TMP/cpp.err" "$TMP/dtc.err"
}

machine() {	# machine ID: a minimal MACHINE_START record
	printf 'static void __init m_init(void)\n{\n}\n\n'
	printf 'MACHINE_START(%s, "%s")\n\t.init_machine\t= m_init,\nMACHINE_END\n' "$1" "$1"
}

O=$TMP/out.dts
HDR='#include <asm/mach/arch.h>
#include <linux/platform_device.h>
#include <linux/gpio.h>
#include <linux/leds.h>
'

# --- Not C ----------------------------------------------------------------------
python3 -c 'import random,sys; random.seed(7); sys.stdout.buffer.write(b"\x7fELF\x02\x01\x01\x00" + bytes(random.randrange(256) for _ in range(4096)) + b"\x00\xff\xfe")' >"$TMP/binary.c"
expect "binary file" 1 "^$TMP/binary\\.c(:[0-9]+)*: error: " --lines 1 -- \
	convert -o "$O" "$TMP/binary.c"
no_file "$O" "binary file"
printf '/dts-v1/;\n\n/ {\n\tmodel = "x";\n};\n' >"$TMP/board.dts"
expect "a .dts as input" 1 "^$TMP/board\\.dts:1:1: error: " --lines 1 -- \
	convert -o "$O" "$TMP/board.dts"
no_file "$O" "a .dts as input"
printf 'static int x = ;\nstruct foo { int a } y = { .a = 1\nMACHINE_START(X, "x")\n' >"$TMP/syntax.c"
expect "C with syntax errors everywhere" 1 "^$TMP/syntax\\.c(:[0-9]+)*: error: " --lines 1 -- \
	convert -o "$O" "$TMP/syntax.c"
no_file "$O" "C with syntax errors everywhere"

# --- Broken board files -----------------------------------------------------------
S=$SRC/samples/mach-s3c64xx-devboard.c
# Cut inside an initializer (the middle of the file is in the device tables).
head -c $(($(wc -c <"$S") / 2)) "$S" >"$TMP/truncated.c"
expect "truncated board file" 1 "^$TMP/truncated\\.c(:[0-9]+)*: error: " --lines 1 -- \
	convert -o "$O" "$TMP/truncated.c"
no_file "$O" "truncated board file"
sed '/MACHINE_END/d' "$SRC/samples/board-twin-rev.c" >"$TMP/noend.c"
expect "MACHINE_START without MACHINE_END" 1 "^$TMP/noend\\.c(:[0-9]+)*: error: " --lines 1 -- \
	convert -o "$O" "$TMP/noend.c"
no_file "$O" "MACHINE_START without MACHINE_END"
# One broken initializer in an otherwise good file: a partial output, with TODOs.
sed 's/\.id[[:space:]]*= -1,/.id = -1 +,/' "$S" >"$TMP/partial.c"
n=$((n + 1))
run convert -o "$O" "$TMP/partial.c"
if [ "$got" = 0 ] && grep -q 'TODO' "$O" && grep -q '/dts-v1/;' "$O"; then
	echo "ok: syntax error in one initializer: partial output with TODOs"
else
	bad "syntax error in one initializer: expected exit 0 and a .dts with TODOs (got $got)"
fi
rm -f "$O"

# A FIFO would block a reader forever; an unreadable file.
mkfifo "$TMP/fifo.c"
expect "FIFO as input" 1 "^$TMP/fifo\\.c: error: .*not a regular file" --lines 1 -- \
	convert -o "$O" "$TMP/fifo.c"
no_file "$O" "FIFO as input"
cp "$SRC/samples/board-twin-rev.c" "$TMP/unreadable.c"
chmod 000 "$TMP/unreadable.c"
if [ "$(id -u)" != 0 ]; then
	expect "unreadable file" 1 "^$TMP/unreadable\\.c: error: .*Permission denied" --lines 1 -- \
		convert -o "$O" "$TMP/unreadable.c"
	no_file "$O" "unreadable file"
else
	# Root reads any file: run as nobody, from copies of the binary and the
	# rules in $TMP (mode 755), which nobody reaches wherever the build is.
	if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
		RUN_AS=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	elif runuser -u nobody -- true 2>/dev/null; then
		RUN_AS=(runuser -u nobody --)
	fi
	if [ ${#RUN_AS[@]} = 0 ]; then
		b2d_skip_part "bad_input.sh: unreadable file: root, and neither setpriv nor runuser switches to nobody"
	else
		mkdir "$TMP/nobody"
		cp "$BIN" "$TMP/nobody/board2dts"
		cp -r "$BOARD2DTS_RULES" "$TMP/nobody/rules"
		chmod -R a+rX "$TMP/nobody"
		MYBIN=$BIN BIN=$TMP/nobody/board2dts
		expect "unreadable file (as nobody: ${RUN_AS[0]})" 1 \
			"^$TMP/unreadable\\.c: error: .*Permission denied" --lines 1 -- \
			convert --rules "$TMP/nobody/rules" -o "$O" "$TMP/unreadable.c"
		BIN=$MYBIN RUN_AS=()
		no_file "$O" "unreadable file"
	fi
fi

# --- Size and depth (common/limits.h) -------------------------------------------
python3 - "$TMP" <<'PY'
import sys
d = sys.argv[1]
hdr = '#include <asm/mach/arch.h>\n#include <linux/platform_device.h>\n'
mach = ('static void __init m_init(void)\n{\n%s}\n\n'
        'MACHINE_START(%s, "%s")\n\t.init_machine\t= m_init,\nMACHINE_END\n')
with open(d + '/many.c', 'w') as f:	# thousands of initializers
    f.write(hdr)
    for i in range(3000):
        f.write('static struct resource r%d[] = {\n\t{ .start = 0x%x, .end = 0x%x, '
                '.flags = IORESOURCE_MEM },\n};\n' % (i, 0x10000000 + i * 0x100,
                                                      0x100000ff + i * 0x100))
    f.write(mach % ('', 'MANY', 'many'))
for depth, name in ((60, 'deep60'), (100, 'deep100')):	# nested initializers
    with open('%s/%s.c' % (d, name), 'w') as f:
        f.write(hdr + 'static int deep[] = ' + '{' * depth + '1' + '}' * depth + ';\n')
        f.write(mach % ('', 'DEEP', 'deep'))
with open(d + '/chain.c', 'w') as f:	# an expression 5000 operators deep
    f.write(hdr + '#include <linux/gpio.h>\n')
    f.write(mach % ('\tgpio_request(' + ' + '.join(['1'] * 5000) + ', "x");\n',
                    'CHAIN', 'chain'))
PY
n=$((n + 1))
run convert -o "$O" "$TMP/many.c"
if [ "$got" = 0 ] && grep -q '/dts-v1/;' "$O"; then
	echo "ok: 3000 initializers convert"
	if [ -n "$KERNEL" ]; then check "3000 initializers: output compiles" dtc_kernel "$O"; fi
else
	bad "3000 initializers: exit status $got"
fi
rm -f "$O"
n=$((n + 1))
run convert -o "$O" "$TMP/deep60.c"
[ "$got" = 0 ] && echo "ok: initializer 60 levels deep converts" ||
	bad "initializer 60 levels deep: exit status $got"
rm -f "$O"
n=$((n + 1))
run extract "$TMP/deep60.c" --json
if [ "$got" = 0 ] && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/stdout"; then
	echo "ok: extract --json of a 60-level initializer is valid JSON"
else
	bad "extract --json of a 60-level initializer: exit $got or invalid JSON"
fi
expect "initializer 100 levels deep" 1 \
	"^$TMP/deep100\\.c:[0-9]+:[0-9]+: error: initializer nested deeper than 64 levels" \
	--lines 1 -- convert -o "$O" "$TMP/deep100.c"
no_file "$O" "initializer 100 levels deep"
expect "expression 5000 operators deep" 1 \
	"^$TMP/chain\\.c:[0-9]+:[0-9]+: error: .*nested deeper than 512 levels" \
	--lines 1 -- convert -o "$O" "$TMP/chain.c"
no_file "$O" "expression 5000 operators deep"

# --- Recursive and self-referencing macros: no hang, TODOs ------------------------
{
	printf '%s' "$HDR"
	cat <<'C'
#define A		(B + 1)
#define B		(A + 1)
#define SELF		SELF
#define F(x)		F(F(x))
#define CAT(a, b)	a ## b
static struct gpio_led leds[] = {
	{ .name = "a", .gpio = A },
	{ .name = "b", .gpio = SELF },
	{ .name = "c", .gpio = F(3) },
	{ .name = "d", .gpio = CAT(SE, LF) },
};
C
	machine REC
} >"$TMP/recursive.c"
n=$((n + 1))
run convert -o "$O" "$TMP/recursive.c"
[ "$got" = 0 ] && grep -q TODO "$O" && echo "ok: recursive macros: output with TODOs" ||
	bad "recursive macros: exit status $got"
rm -f "$O"

# --- Strings that need escaping ------------------------------------------------------
{
	printf '%s' "$HDR"
	cat <<'C'
static struct gpio_led leds[] = {
	{ .name = "q\"uote\\back\nnl\ttab\x01\xe9t\xc3\xa9", .gpio = 3,
	  .default_trigger = "a */ b /* c" },
};
static struct gpio_led_platform_data led_data = {
	.leds = leds, .num_leds = ARRAY_SIZE(leds),
};
static struct platform_device led_dev = {
	.name = "leds-gpio", .id = -1, .dev = { .platform_data = &led_data },
};
static struct platform_device *devs[] __initdata = { &led_dev };
static void __init m_init(void)
{
	platform_add_devices(devs, ARRAY_SIZE(devs));
}
MACHINE_START(ESC, "Esc \"board\" \\ caf\xc3\xa9\n")
	.init_machine	= m_init,
MACHINE_END
MACHINE_START(LATIN1, "Latin-1 caf\xe9")
	.init_machine	= m_init,
MACHINE_END
C
} >"$TMP/escape.c"
n=$((n + 1))
kargs=()
[ -n "$KERNEL" ] && kargs=(--kernel "$KERNEL")
run convert --soc s3c64xx --machine ESC "${kargs[@]}" -o "$O" --report "$TMP/escape.json" "$TMP/escape.c"
if [ "$got" = 0 ] &&
	grep -Fq 'label = "q\"uote\\back\nnl\ttab\x01\xe9t\xc3\xa9";' "$O" &&
	grep -Fq 'model = "Esc \"board\" \\ caf\xc3\xa9\n";' "$O" &&
	grep -Fq 'linux,default-trigger = "a */ b /* c";' "$O"; then
	echo "ok: quotes, backslashes, newlines and non-ASCII bytes escaped"
else
	bad "escaped strings: exit status $got or literals not as expected"
fi
# String literals are ASCII; comments keep UTF-8 and spell other bytes as \xNN.
check "escape: output is valid UTF-8" python3 -c \
	'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$O"
check "escape: report is valid JSON" python3 -c \
	'import json,sys; json.load(open(sys.argv[1]))' "$TMP/escape.json"
# dtc reads the literals back to the original bytes.
grep -E '^\s*(label|model) = ' "$O" | sed 's|;\t/\*.*|;|' >"$TMP/props"
{ printf '/dts-v1/;\n/ {\n'; grep 'model = ' "$TMP/props"; printf '\tled {\n'
  grep 'label = ' "$TMP/props"; printf '\t};\n};\n'; } >"$TMP/strings.dts"
n=$((n + 1))
if dtc -q -I dts -O dtb -o "$TMP/strings.dtb" "$TMP/strings.dts" 2>"$TMP/stderr" &&
	[ "$(fdtget -t bx "$TMP/strings.dtb" /led label)" = \
	  "71 22 75 6f 74 65 5c 62 61 63 6b a 6e 6c 9 74 61 62 1 e9 74 c3 a9 0" ]; then
	echo "ok: escape: dtc decodes the label to the original bytes"
else
	bad "escape: dtc rejects the literals or decodes other bytes"
fi
if [ -n "$KERNEL" ]; then check "escape: whole output compiles with cpp + dtc" dtc_kernel "$O"; fi
rm -f "$O"
n=$((n + 1))
run convert --soc s3c64xx --machine LATIN1 -o "$O" "$TMP/escape.c"
if [ "$got" = 0 ] && grep -Fq 'model = "Latin-1 caf\xe9";' "$O" &&
	python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$O"; then
	echo "ok: a Latin-1 byte: escaped in the literal, \\xNN in comments, output valid UTF-8"
else
	bad "Latin-1 byte: exit status $got, or literal/UTF-8 wrong"
fi
rm -f "$O"

# --- Rule directories (--rules DIR; exit 2, file:line:col) -----------------------
rules_case() {	# rules_case NAME REGEX FILE CONTENT
	rm -rf "$TMP/rules"
	cp -r "$SRC/rules" "$TMP/rules"
	mkdir -p "$(dirname "$TMP/rules/$3")"
	printf '%b' "$4" >>"$TMP/rules/$3"
	expect "rules: $1" 2 "^$TMP/rules/$3:[0-9]+:[0-9]+: error: .*$2" --lines 1 -- \
		convert --rules "$TMP/rules" -o "$O" "$S"
	no_file "$O" "rules: $1"
}
rules_case "unknown key" "unknown key 'frobnicate'" soc/s3c64xx.yaml 'frobnicate: 1\n'
rules_case "wrong type" "'defines' must be a mapping" soc/wt.yaml 'soc: wt\ndefines: 3\n'
rules_case "duplicate entry" "duplicate struct 'touchscreen_init_data'" \
	bindings/tps6507x.yaml '\n  - struct: touchscreen_init_data\n    props: []\n'
rules_case "duplicate key" "duplicate key 'bindings'" bindings/dup.yaml 'bindings: x\nbindings: y\n'
rules_case "tab indentation" "bad YAML" bindings/tab.yaml 'bindings: x\nstructs:\n\t- struct: a\n'
rules_case "alias" "aliases are not supported" bindings/alias.yaml 'bindings: x\na: &x 1\nb: *x\n'
rules_case "nesting" "nested deeper than" bindings/deep.yaml \
	"bindings: x\nx: $(printf '[%.0s' {1..100})$(printf ']%.0s' {1..100})\n"
rules_case "binary bytes" "" bindings/bin.yaml 'bindings: x\n\001\377\376: \000\n'

# --- batch --out-dir never deletes what it did not create ------------------------
OD=$TMP/batch
mkdir -p "$OD/sub"
echo mine >"$OD/keep.txt"
echo mine >"$OD/notes.dts"
echo mine >"$OD/sub/keep.dts"
echo victim >"$TMP/victim.txt"
run batch -j 1 --out-dir "$OD" "$SRC/samples/board-twin-rev.c" "$TMP/binary.c"
n=$((n + 1))
[ "$got" = 1 ] && [ -s "$OD/board-twin-rev.TWINLEAF.dts" ] && echo "ok: batch: one good, one bad file" ||
	bad "batch with one bad file: exit status $got, expected 1 and the good file's output"
# A damaged state must not make a re-run delete outside DIR.
ST=$OD/.batch/board-twin-rev.state
n=$((n + 1))
if [ -f "$ST" ]; then
	# The state is JSON (batch_state.c): outputs that reach outside DIR.
	python3 - "$ST" "$TMP/victim.txt" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["outputs"] += ["../victim.txt", sys.argv[2], "..", "keep.txt/.."]
json.dump(s, open(sys.argv[1], "w"))
PY
	echo "ok: batch: state file to damage is there"
else
	bad "batch: no state file $ST to damage (the check below would prove nothing)"
fi
run batch -j 1 --force --out-dir "$OD" "$SRC/samples/board-twin-rev.c"
n=$((n + 1))
if [ "$got" = 0 ] && [ -f "$TMP/victim.txt" ] && [ -f "$OD/keep.txt" ] &&
	[ -f "$OD/notes.dts" ] && [ -f "$OD/sub/keep.dts" ] && [ -s "$OD/board-twin-rev.TWINLEAF.dts" ]; then
	echo "ok: batch: files it did not create survive (also with a damaged state)"
else
	bad "batch deleted a file it did not create (exit status $got)"
fi

echo "$n checks, $([ $fail = 0 ] && echo all passed || echo some failed)"
b2d_exit $fail
