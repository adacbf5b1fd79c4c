#!/usr/bin/env python3
"""Import benchmark: `sense7 import` of a ChatGPT-shaped export (or, with --corpus jsonl, of a
WildChat-shaped JSON Lines corpus, imported with --map), side by side with a plain
Python json + sqlite3 importer of the same file and the sqlite3 shell's .import of the same
turns as CSV (the floor). Prints conversations/s, turns/s, MB/s and peak RSS for each, best of
K runs (5 unless told) taken round by round, so that all three meet the machine in the same
state; and the ratios of the median runs beside those of the best.

Usage: import_bench.py BUILD_DIR [--corpus chatgpt|jsonl] [--conversations N] [--data DIR] [--runs K]
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def written(pid):
    """The bytes process pid handed to write calls, in GB: its files, journals and temporary
    files, each time it wrote them (Linux's /proc/PID/io wchar; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/io") as io:
            fields = dict(line.split(": ") for line in io.read().splitlines())
        return int(fields["wchar"]) / 1e9
    except (OSError, KeyError, ValueError):
        return None


def run(cmd, **kw):
    """Runs cmd, returns (seconds, peak RSS in MB, CPU seconds, GB written or None) of that
    process alone. Its errors go to a file, read if it fails: a pipe would stop a program that
    warns much, once full."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=errors, **kw)
        gigabytes = None
        if hasattr(os, "waitid"):  # not on macOS
            os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)  # ended, still to be read
            gigabytes = written(proc.pid)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            sys.exit(f"failed: {' '.join(cmd)}\n{errors.read().decode(errors='replace')}")
    return seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, gigabytes


def fresh(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\nUsage:")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build", help="the build folder (with app/cli/sense7)")
    parser.add_argument("--conversations", type=int, default=20000,
                        help="conversations in the generated export (default 20000)")
    parser.add_argument("--data", default=None,
                        help="where the export and the data sets go (default BUILD/bench-data)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each importer (default 5)")
    parser.add_argument("--corpus", choices=["chatgpt", "jsonl"], default="chatgpt",
                        help="a ChatGPT export (default) or a WildChat-shaped JSON Lines corpus")
    args = parser.parse_args()
    if args.conversations < 1 or args.runs < 1:
        parser.error("--conversations and --runs must be at least 1")
    if not os.path.isdir(args.build):
        parser.error(f"{args.build} is not a folder")
    global ARGS
    ARGS = args
    data = args.data or os.path.join(args.build, "bench-data")
    os.makedirs(data, exist_ok=True)
    jsonl = args.corpus == "jsonl"
    stem = f"{'corpus' if jsonl else 'chatgpt'}-{args.conversations}"
    export = os.path.join(data, stem + (".jsonl" if jsonl else ".json"))
    turns_csv = os.path.join(data, f"{stem}-turns.csv")
    if not (os.path.exists(export) and os.path.exists(turns_csv)):
        print(f"generating {args.conversations} conversations ...", flush=True)
        generator = "make_jsonl_corpus.py" if jsonl else "make_chatgpt_export.py"
        subprocess.run([sys.executable, os.path.join(HERE, generator),
                        str(args.conversations), export, "--csv", turns_csv], check=True)
    mapping = (["--map", "turns=conversation", "--map", "agent=model", "--map",
                "id=conversation_hash"] if jsonl else [])
    megabytes = os.path.getsize(export) / 1e6
    sense7 = os.path.join(args.build, "app", "cli", "sense7")
    db = os.path.join(data, "bench.sense7")
    py_db = os.path.join(data, "bench-python.sqlite")
    floor_db = os.path.join(data, "bench-floor.sqlite")


    def prep_sense7():
        fresh(db)
        subprocess.run([sense7, "init", db], check=True, stdout=subprocess.DEVNULL)

    def prep_python():
        fresh(py_db)

    def prep_floor():
        fresh(floor_db)
        subprocess.run(["sqlite3", floor_db, "CREATE TABLE turn(conversation_id TEXT, idx INTEGER, "
                        "role TEXT, text TEXT)"], check=True)

    importers = [
        ("sense7 import", prep_sense7, [sense7, "import", export, "--db", db] + mapping),
        ("python json + sqlite3", prep_python,
         [sys.executable, os.path.join(HERE, "python_import.py"), export, py_db]),
        ("sqlite3 .import (CSV)", prep_floor, ["sqlite3", floor_db, f".import --csv {turns_csv} turn"]),
    ]
    # Round by round, each importer once, so that all three meet the machine in the same state;
    # dirty pages of the previous run are written out first, so no run pays for another's. What
    # a run made is measured and deleted at once (but what sense7 made last, imported again
    # below): kept, the files of all three filled the page cache, and each run then paid the
    # kernel for taking pages back from the others' files, by turns (sense7's system time
    # 2.9 s with the memory free, 9.3 s with 3 GB of 23 free).
    runs = {name: [] for name, _, _ in importers}
    outputs = dict(zip((name for name, _, _ in importers), (db, py_db, floor_db)))
    files = {}
    for r in range(args.runs):
        for name, reset, cmd in importers:
            reset()
            os.sync()
            runs[name].append(run(cmd))
            path = outputs[name]
            files[name] = sum(os.path.getsize(path + suffix) for suffix in ("", "-wal")
                              if os.path.exists(path + suffix))
            if not (path == db and r == args.runs - 1):
                fresh(path)
    # The kept-path turns, from what sense7 imported in the last round.
    turns = int(subprocess.run(["sqlite3", db, "SELECT count(*) FROM turn"], check=True,
                               capture_output=True, text=True).stdout)
    rows = [(name, min(runs[name], key=lambda r: r[0]), max(r[1] for r in runs[name]))
            for name, _, _ in importers]
    cpus = {name: min(r[2] for r in runs[name]) for name, _, _ in importers}
    print(f"\n{'corpus' if jsonl else 'export'}: {args.conversations} conversations, {turns} kept turns, {megabytes:.0f} MB; "
          f"best of {args.runs} runs, peak RSS the highest")
    print(f"{'importer':<24}{'seconds':>9}{'CPU s':>8}{'conv/s':>10}{'turns/s':>10}{'MB/s':>8}"
          f"{'peak RSS MB':>13}")
    for name, (seconds, _, _, _), rss in rows:
        print(f"{name:<24}{seconds:>9.2f}{cpus[name]:>8.2f}{args.conversations / seconds:>10.0f}"
              f"{turns / seconds:>10.0f}{megabytes / seconds:>8.0f}{rss:>13.0f}")
    for name, _, _ in importers:
        print(f"  {name}: every run " + ", ".join(f"{s:.2f} s (CPU {c:.2f} s)"
                                                  for s, _, c, _ in runs[name]))
    # Bytes handed to the kernel against the file they made: more than the file is pages
    # written twice, journals and the sorting's temporary files.
    for name, best, _ in rows:
        if best[3] is not None:
            print(f"  {name}: wrote {best[3]:.2f} GB for a {files[name] / 1e9:.2f} GB file")
    ours, python, floor = rows[0][1][0], rows[1][1][0], rows[2][1][0]
    medians = [statistics.median(s for s, _, _, _ in runs[name]) for name, _, _ in importers]
    print(f"\nsense7 vs python: {python / ours:.2f}x faster (target >= 3); "
          f"sense7 vs sqlite3 .import: {ours / floor:.2f}x the time (target <= 1.5); "
          f"medians: {medians[1] / medians[0]:.2f}x and {medians[0] / medians[2]:.2f}x")
    # For bench/run's table.
    for name, (seconds, _, _, gigabytes), rss in rows:
        result(f"{name}: time", seconds, "s")
        if gigabytes is not None:
            result(f"{name}: bytes written", gigabytes, "GB")
        result(f"{name}: CPU time (best)", cpus[name], "s")
        result(f"{name}: peak RSS", rss, "MB", "< 300" if name == "sense7 import" else "")
    result("sense7 import: turns/s", turns / ours, "turns/s")
    result("python time / sense7 time", python / ours, "x", ">= 3")
    result("sense7 time / sqlite3 .import time", ours / floor, "x", "<= 1.5")
    result("the same, median run against median run", medians[0] / medians[2], "x", "<= 1.5")
    # The same file into what the last round imported: every conversation is found present.
    os.sync()
    again, _, again_cpu, _ = run([sense7, "import", export, "--db", db] + mapping)
    print(f"\nsense7 import of the same file again: {again:.2f} s (CPU {again_cpu:.2f} s), "
          f"{again / ours:.2f}x the first import")
    result("sense7 import of the same file again", again, "s")
    prepare(args.build, db, ours)


def prepare(build, db, imported):
    """The one-time preparation of what sense7 imported last (bench_prepare, in place), against
    the import: what the browser waits for before it opens, then the search index built behind it."""
    program = os.path.join(build, "bench", "bench_prepare")
    if not os.path.exists(program):
        print(f"\n(no {program}: build with -DSENSE7_BUILD_BENCH=ON for the preparation)")
        return
    os.sync()
    out = subprocess.run([program, db], check=True, capture_output=True, text=True).stdout
    figures = {}
    for line in out.splitlines():
        if line.startswith("RESULT\t"):
            _, _, measure, value, _, _ = line.split("\t")
            figures[measure] = float(value) / 1000
    before = figures["digests (before the browser opens)"]
    behind = figures["search index (behind the open browser)"]
    print(f"\npreparation of the imported corpus: {before:.2f} s before the browser opens "
          f"({before / imported:.3f}x the import; target <= 1), then the search index "
          f"{behind:.1f} s (CPU {figures['search index (behind the open browser), CPU']:.1f} s) "
          f"behind the open browser")
    result("preparation before the browser opens", before, "s")
    result("preparation before the browser opens / sense7 import", before / imported, "x", "<= 1")
    result("search index, built behind the open browser", behind, "s")


def result(measure, value, unit, target=""):
    what = "JSON Lines corpus" if ARGS.corpus == "jsonl" else "ChatGPT export"
    print(f"RESULT\timport ({what}, {ARGS.conversations} conversations)\t{measure}\t{value:.3f}\t{unit}\t{target}",
          flush=True)


if __name__ == "__main__":
    main()
