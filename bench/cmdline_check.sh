#!/usr/bin/env bash
# Every benchmark program answers --help with its usage (exit 0) and refuses an unknown option
# with a message and a non-zero exit, writing nothing: cmdline_check.sh BENCH_SOURCE_DIR PROGRAM...
set -uo pipefail
source_dir=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
export QT_QPA_PLATFORM=offscreen

fail() { echo "cmdline_check: $*" >&2; exit 1; }
check() { # NAME COMMAND [ARGUMENT...]: the arguments name files that must not be written
    local name=$1
    shift
    "$@" --help >out.txt 2>err.txt
    local rc=$?
    [ $rc -eq 0 ] || fail "$name --help exits with $rc: $(cat err.txt)"
    grep -qi "usage" out.txt || fail "$name --help prints no usage: $(cat out.txt)"
    "$@" --no-such-option >out.txt 2>err.txt
    rc=$?
    [ $rc -ne 0 ] || fail "$name --no-such-option exits with 0"
    grep -q "no-such-option" err.txt || fail "$name --no-such-option does not say so: $(cat err.txt)"
    rm -f out.txt err.txt
    local left
    left=$(ls -A)
    [ -z "$left" ] || fail "$name wrote files: $left"
}

for program in "$@"; do
    case $(basename "$program") in
        make_dataset) check make_dataset "$program" out.sense7 --conversations 10 ;;
        bench_rating) check bench_rating "$program" 100 10 ;;
        bench_browser) check bench_browser "$program" data.sense7 ;;
        bench_prepare) check bench_prepare "$program" data.sense7 ;;
        bench_live) check bench_live "$program" 10 ;;
        *) check "$(basename "$program")" "$program" ;;
    esac
done
check run python3 "$source_dir/run" rating
check import_bench.py python3 "$source_dir/import_bench.py" . --conversations 10 --data data
check ratings_bench.py python3 "$source_dir/ratings_bench.py" . --conversations 10 --data data
check make_chatgpt_export.py python3 "$source_dir/make_chatgpt_export.py" 10 out.json --csv t.csv
check make_jsonl_corpus.py python3 "$source_dir/make_jsonl_corpus.py" 10 out.jsonl --csv t.csv
check python_import.py python3 "$source_dir/python_import.py" conversations.json out.sqlite
echo "cmdline_check: $# programs and 6 scripts answer --help and refuse unknown options"
