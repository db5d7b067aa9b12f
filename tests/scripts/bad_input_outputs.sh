#!/usr/bin/env bash
# Outputs that are not plain new files (docs/hardening.md, "Safe writes"):
# character devices and FIFOs are written into, never replaced; block
# devices, sockets and directories are refused; a symlink is kept and its
# target replaced; a failed run commits no output (convert and batch); the
# replaced file's mode is kept, a new file honours the umask; stale temporary
# files of a killed run are removed by the next run, and SIGTERM during a run
# leaves none. Device nodes, FIFOs, sockets and links are made in a temp dir.
#
#   bash bad_input_outputs.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init bad_input_outputs.sh "$@"
b2d_tmpdir b2d-outputs
chmod 755 "$TMP"
LIMIT=${B2D_BAD_INPUT_TIMEOUT:-120}
BOARD=$SRC/samples/mach-s3c64xx-devboard.c
T=$TMP/w
mkdir "$T"
fail=0
root=0
[ "$(id -u)" = 0 ] && root=1

bad() {
	echo "FAIL: $1"
	[ -s "$TMP/stderr" ] && sed 's/^/    stderr: /' "$TMP/stderr" | head -5
	fail=1
}
okay() { echo "ok: $1"; }

# run ARGS...: board2dts convert BOARD ARGS under a timeout; $got (124: hung).
run() {
	timeout -k 5 "$LIMIT" "$BIN" convert "$BOARD" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
	got=$?
}

# diag NAME STATUS REGEX: the run's status and its one-line stderr.
diag() {
	b2d_check_diag "$1" "$2" "$got" "$3" "" "$TMP/stderr" || { bad "$1"; return 1; }
}

# no_temps NAME: no temporary file of ours is left anywhere under $T.
no_temps() {
	local left
	left=$(find "$T" -name '.*.b2d-*' ! -name '.planted*' | head -3)
	[ -z "$left" ] || { bad "$1: temporary files left: $left"; return 1; }
}

same_as_ref() { cmp -s "$REF" "$1"; }

run
[ "$got" = 0 ] || { bad "reference conversion to stdout (status $got)"; exit 1; }
REF=$TMP/ref.dts
cp "$TMP/stdout" "$REF"

# --- 1. character devices and FIFOs: written into, never replaced ----------------
if [ $root = 1 ]; then
	mknod -m 666 "$T/null" c 1 3
	run -q -o "$T/null"	# -q: no `wrote` line, so stderr is empty unless something went wrong
	[ $got = 0 ] && [ ! -s "$TMP/stderr" ] && [ -c "$T/null" ] && no_temps "-o null" &&
		okay "-o onto a char device (1,3): exit 0, still a char device" || bad "-o onto a char device (1,3)"

	mknod -m 666 "$T/full" c 1 7
	run -o "$T/full" --report "$T/full-r.json"
	diag "-o onto a full char device" 1 'full: No space left on device' &&
		[ -c "$T/full" ] && [ ! -e "$T/full-r.json" ] && no_temps "-o full" &&
		okay "-o onto a char device (1,7) that fails to write: exit 1, the report is not committed" || bad "-o onto a char device (1,7) that fails to write"

	# What reaches the device, seen through strace: the whole .dts, in writes
	# to the descriptor that open() returned for the node.
	if command -v strace >/dev/null &&
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -qq -e trace=openat,write,close -s 1000000 -xx -o "$TMP/trace" \
			"$BIN" convert "$BOARD" -o "$T/null" 2>"$TMP/stderr" &&
		grep -q openat "$TMP/trace"; then
		if python3 - "$TMP/trace" "$T/null" "$REF" <<'PY'
import re, sys
trace, node, ref = sys.argv[1:]
unhex = lambda s: bytes.fromhex(s.replace("\\x", ""))
# A descriptor is the node's from its openat() to its close(), in its own
# process: the number is reused once closed (a cache written later, a child).
fds, got, pending, opened = set(), b"", {}, False
for line in open(trace):
    line = line.rstrip("\n")
    # strace -f splits a call another process interrupts (cpp, dtc run
    # beside it): "PID call(args <unfinished ...>", then "PID <... call resumed>) = R"
    m = re.match(r'(\d+) +(.*) <unfinished \.\.\.>$', line)
    if m:
        pending[m.group(1)] = m.group(2)
        continue
    m = re.match(r'(\d+) +<\.\.\. \w+ resumed>(.*)$', line)
    if m:
        line = m.group(1) + " " + pending.pop(m.group(1), "") + m.group(2)
    m = re.match(r'(\d+) +openat\(AT_FDCWD, "([^"]*)", .*\) = (\d+)$', line)
    if m and unhex(m.group(2)) == node.encode():
        fds.add((m.group(1), m.group(3)))
        opened = True
    m = re.match(r'(\d+) +close\((\d+)\)', line)
    if m:
        fds.discard((m.group(1), m.group(2)))
    m = re.match(r'(\d+) +write\((\d+), "([^"]*)", \d+\) = \d+$', line)
    if m and (m.group(1), m.group(2)) in fds:
        got += unhex(m.group(3))
sys.exit(0 if opened and got == open(ref, "rb").read() else 1)
PY
		then okay "-o onto a char device: the whole .dts is written into the node (strace)"
		else bad "-o onto a char device: the .dts written to the node differs (strace)"; fi
		[ -c "$T/null" ] || bad "-o onto a char device under strace replaced the node"
	else
		echo "note: strace unavailable or not permitted, the device's content is not checked"
	fi

	mknod "$T/blk" b 7 0
	run -o "$T/blk"
	diag "-o onto a block device" 1 'blk: .*block device' && [ -b "$T/blk" ] && no_temps "-o blk" &&
		okay "-o onto a block device: refused, node kept" || bad "-o onto a block device"
else
	echo "note: not root, the device-node cases are skipped"
fi

mkfifo "$T/fifo"
if python3 - "$BIN" "$BOARD" "$T/fifo" "$REF" "$LIMIT" <<'PY'
import os, subprocess, sys
b2d, board, fifo, ref, limit = sys.argv[1:]
fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)	# the reader exists first
p = subprocess.Popen([b2d, "convert", board, "-o", fifo])
rc = p.wait(timeout=float(limit))
os.set_blocking(fd, True)
got = b""
while True:
    chunk = os.read(fd, 65536)
    if not chunk:
        break
    got += chunk
ok = rc == 0 and got == open(ref, "rb").read()
if not ok:
    print("    fifo: status %s, %d bytes received" % (rc, len(got)))
sys.exit(0 if ok else 1)
PY
then
	[ -p "$T/fifo" ] && no_temps "-o fifo" && okay "-o onto a FIFO with a reader: the .dts arrives, FIFO kept" || bad "-o onto a FIFO with a reader"
else bad "-o onto a FIFO with a reader"; fi

mkfifo "$T/fifo2"
SECONDS=0
timeout -k 2 20 "$BIN" convert "$BOARD" -o "$T/fifo2" >"$TMP/stdout" 2>"$TMP/stderr"
got=$?
if [ $got -ge 124 ]; then bad "-o onto a FIFO without a reader hung"
else
	diag "-o onto a FIFO without a reader" 1 'fifo2: no process is reading the FIFO' &&
		[ -p "$T/fifo2" ] && no_temps "-o fifo2" &&
		okay "-o onto a FIFO without a reader: clear error in ${SECONDS}s, FIFO kept" || bad "-o onto a FIFO without a reader"
fi

python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$T/sock"
run --report "$T/sock" -o "$T/s.dts"
diag "--report onto a socket" 1 'sock: .*socket' && [ -S "$T/sock" ] && [ ! -e "$T/s.dts" ] &&
	okay "--report onto a socket: refused, socket kept, no .dts" || bad "--report onto a socket"

mkdir "$T/adir"
run --report "$T/adir" -o "$T/d.dts"
diag "--report onto a directory" 1 'adir: Is a directory' && [ ! -e "$T/d.dts" ] &&
	[ -z "$(ls -A "$T/adir")" ] && no_temps "--report adir" &&
	okay "--report onto a directory: refused, nothing written" || bad "--report onto a directory"

# --- 2. symlinks: the link is kept, its target replaced --------------------------
mkdir "$T/sub"
echo old >"$T/sub/target.dts"
chmod 640 "$T/sub/target.dts"
ln -s sub/target.dts "$T/link.dts"
ln -s link.dts "$T/link2.dts"
run -o "$T/link2.dts"
if [ $got = 0 ] && [ -L "$T/link.dts" ] && [ -L "$T/link2.dts" ] &&
	same_as_ref "$T/sub/target.dts" && [ "$(stat -c %a "$T/sub/target.dts")" = 640 ] &&
	no_temps "-o link"; then
	okay "-o onto a chain of symlinks: links kept, target replaced, mode kept"
else bad "-o onto a symlink (status $got)"; ls -l "$T" "$T/sub" | sed 's/^/    /'; fi

ln -s sub/new.dts "$T/dangling.dts"
run -o "$T/dangling.dts"
[ $got = 0 ] && [ -L "$T/dangling.dts" ] && same_as_ref "$T/sub/new.dts" &&
	okay "-o onto a dangling symlink: link kept, its target created" ||
	bad "-o onto a dangling symlink"

# --- 3. a failed run commits nothing ---------------------------------------------
run -o "$T/p.dts" --report "$T/nodir/r.json"
diag "failed --report" 1 'nodir/r.json: No such file or directory' && [ ! -e "$T/p.dts" ] &&
	no_temps "failed --report" && okay "a bad --report directory: exit 1 and no p.dts" || bad "a bad --report directory"
echo old >"$T/keep.dts"
run -o "$T/keep.dts" --report "$T/nodir/k.json"
diag "failed --report, existing -o" 1 'nodir/k.json' && [ "$(cat "$T/keep.dts")" = old ] &&
	no_temps "failed --report, existing -o" &&
	okay "a bad --report directory: the existing -o file is unchanged" || bad "existing -o file after a failed run"

run -o "$T/newdir/" --report "$T/nodir/n.json"
diag "failed run into -o DIR/" 1 'nodir/n.json' && [ ! -e "$T/newdir" ] &&
	okay "a failed run removes the -o DIR/ it created" || bad "a failed run into -o DIR/"

BO=$TMP/batch
mkdir -p "$BO/mach-s3c64xx-devboard.report.json"
timeout -k 5 "$LIMIT" "$BIN" batch -j 1 --out-dir "$BO" "$BOARD" >"$TMP/stdout" 2>"$TMP/stderr"
got=$?
if [ $got = 1 ] && [ ! -e "$BO/mach-s3c64xx-devboard.dts" ] &&
	[ -z "$(find "$BO" -name '.*.b2d-*')" ]; then
	okay "batch: a file whose report cannot be written gets no .dts either"
else bad "batch with an unwritable report (status $got)"; ls -A "$BO" | sed 's/^/    /'; fi

# --- 4. modes ---------------------------------------------------------------------
echo old >"$T/m.dts"
chmod 600 "$T/m.dts"
run -o "$T/m.dts"
mode=$(stat -c %a "$T/m.dts")
[ $got = 0 ] && [ "$mode" = 600 ] && same_as_ref "$T/m.dts" &&
	okay "replacing a 0600 file keeps 0600" || bad "replaced file mode $mode, expected 600"
(umask 027 && exec "$BIN" convert "$BOARD" -o "$T/u.dts" --report "$T/u.json") 2>"$TMP/stderr"
mode=$(stat -c %a "$T/u.dts" 2>/dev/null)
mode2=$(stat -c %a "$T/u.json" 2>/dev/null)
[ "$mode" = 640 ] && [ "$mode2" = 640 ] && okay "umask 027: new outputs are 0640" ||
	bad "umask 027: new outputs are $mode / $mode2, expected 640"
if [ $root = 1 ]; then
	echo old >"$T/own.dts"
	chown 65534:65534 "$T/own.dts"
	run -o "$T/own.dts"
	[ $got = 0 ] && [ "$(stat -c %u:%g "$T/own.dts")" = 65534:65534 ] &&
		okay "root replacing another user's file keeps its owner" ||
		bad "owner after replace: $(stat -c %u:%g "$T/own.dts")"
fi

# --- 5. stale temporary files and signals ----------------------------------------
# wait_temp GLOB: until a file matching GLOB exists (10 s at most).
wait_temp() {
	local i
	for i in $(seq 100); do
		compgen -G "$1" >/dev/null && return 0
		sleep 0.1
	done
	return 1
}

# A run killed (SIGKILL) between staging and commit leaves its temp behind.
B2D_TEST_COMMIT_DELAY=30 "$BIN" convert "$BOARD" -o "$T/k.dts" 2>/dev/null &
pid=$!
if wait_temp "$T/.k.dts.b2d-$pid-*"; then
	kill -KILL $pid
	wait $pid 2>/dev/null
	stale=$(compgen -G "$T/.k.dts.b2d-$pid-*")
	sleep 30 &
	live=$!
	echo x >"$T/.foo.dts.abcdef"
	echo x >"$T/.planted.dts.b2d-$live-abcdef"
	echo x >"$T/.planted2.dts.b2d-$pid-abcdef"
	[ $root = 1 ] && chown 65534 "$T/.planted2.dts.b2d-$pid-abcdef"
	run -o "$T/k.dts"
	if [ $got = 0 ] && [ ! -e "$stale" ] && [ -e "$T/.foo.dts.abcdef" ] &&
		[ -e "$T/.planted.dts.b2d-$live-abcdef" ] && same_as_ref "$T/k.dts"; then
		okay "a killed run's temp file is removed by the next run; .foo.dts.abcdef and a live pid's temp survive"
	else bad "stale temp cleaning (status $got)"; ls -A "$T" | sed 's/^/    /'; fi
	if [ $root = 1 ]; then
		[ -e "$T/.planted2.dts.b2d-$pid-abcdef" ] &&
			okay "a dead pid's temp owned by another user survives" ||
			bad "a temp owned by another user was removed"
	fi
	kill $live 2>/dev/null
	wait $live 2>/dev/null
	rm -f "$T"/.planted* "$T/.foo.dts.abcdef"
else
	kill -KILL $pid 2>/dev/null
	bad "no temporary file appeared during B2D_TEST_COMMIT_DELAY"
fi

B2D_TEST_COMMIT_DELAY=30 "$BIN" convert "$BOARD" -o "$T/t.dts" --report "$T/t.json" 2>/dev/null &
pid=$!
if wait_temp "$T/.t.json.b2d-$pid-*"; then
	kill -TERM $pid
	wait $pid
	got=$?
	if [ $got = 143 ] && [ ! -e "$T/t.dts" ] && [ ! -e "$T/t.json" ] && no_temps "SIGTERM"; then
		okay "SIGTERM between staging and commit: killed by the signal, no temp, no output"
	else bad "SIGTERM during a run (status $got)"; ls -A "$T" | sed 's/^/    /'; fi
else
	kill -KILL $pid 2>/dev/null
	bad "no temporary file appeared during B2D_TEST_COMMIT_DELAY"
fi
exit $fail
