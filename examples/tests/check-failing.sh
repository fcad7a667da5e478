#!/usr/bin/env bash
# Runs the deliberately failing suite (examples/tests/App with examples/tests/Failing) and
# compares what it prints with examples/tests/Failing/expected-output.txt, times aside:
# every "(N.NNN seconds)" and "in N.NNN seconds" reads the same on both sides. The run must
# also end with exit status 1, as a run with failing tests does.
#
# Usage: examples/tests/check-failing.sh PATH/TO/rtsh
# Regenerate the expected output, from the repository root:
#   .build/debug/rtsh test examples/tests/App examples/tests/Failing > examples/tests/Failing/expected-output.txt
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 PATH/TO/rtsh" >&2
    exit 2
fi

rtsh=$1
# The run happens at the repository root, so make a relative binary path absolute first.
case $rtsh in
    /*) ;;
    */*) rtsh="$(cd "$(dirname "$rtsh")" && pwd)/$(basename "$rtsh")" ;;
esac

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
expected="$here/Failing/expected-output.txt"

normalize() {
    sed -E \
        -e 's/\([0-9]+\.[0-9]+ seconds\)/(TIME seconds)/g' \
        -e 's/in [0-9]+\.[0-9]+ seconds/in TIME seconds/g'
}

actual="$(mktemp)"
trap 'rm -f "$actual"' EXIT

status=0
(cd "$root" && "$rtsh" test examples/tests/App examples/tests/Failing) > "$actual" || status=$?

failed=0
if ! diff -u --label expected-output.txt --label "rtsh test output" <(normalize < "$expected") <(normalize < "$actual"); then
    echo "check-failing: the output differs from $expected" >&2
    failed=1
fi
if [ "$status" -ne 1 ]; then
    echo "check-failing: rtsh test exited with status $status, expected 1" >&2
    failed=1
fi
if [ "$failed" -ne 0 ]; then
    exit 1
fi
echo "check-failing: ok"
