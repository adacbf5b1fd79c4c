#!/usr/bin/env python3
"""Ratings benchmark: `sense7 import` of a ratings CSV that names every conversation of a data
set by its source id (the id in the export it came from, as an outside rater's file names it),
one rating a conversation, on data sets of N and N/10 conversations (the first lines of the same
corpus). Naming a conversation must not cost more in a larger data set: the time a rating takes
at N against N/10 is the measure, each less the time of importing one rating into the same data
set (starting the program, opening the data set). It stays near 1 when names cost the same at
any size; a scan of the data set per name makes it grow with N (6 at 20,000). Beside it, the same
ratings at N naming the conversations by content hash, as the tidy export does. Best of K runs.

Usage: ratings_bench.py BUILD_DIR [--conversations N] [--data DIR] [--runs K]
"""
import argparse
import contextlib
import csv
import os
import shutil
import sqlite3
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from import_bench import fresh, run  # noqa: E402

MAPPING = ["--map", "turns=conversation", "--map", "agent=model", "--map", "id=conversation_hash"]


def ratings_csv(path, keys):
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["conversation_id", "turn_index", "dimension", "value", "annotator",
                         "annotator_kind"])
        for i, key in enumerate(keys):
            writer.writerow([key, 1, "acknowledgment", 1 + i % 5, "rater-A", "observer"])


def data_set(sense7, corpus, path):
    """corpus imported into path, once: made under another name and moved there when done."""
    if os.path.exists(path):
        return
    making = path + ".making"
    fresh(making)
    subprocess.run([sense7, "init", making], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sense7, "import", corpus, "--db", making] + MAPPING, check=True,
                   stdout=subprocess.DEVNULL)
    os.replace(making, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\nUsage:")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build", help="the build folder (with app/cli/sense7)")
    parser.add_argument("--conversations", type=int, default=100000,
                        help="conversations in the larger data set (default 100000; at least 10)")
    parser.add_argument("--data", default=None,
                        help="where the corpus and the data sets go (default BUILD/bench-data)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each import (default 3)")
    args = parser.parse_args()
    if args.conversations < 10 or args.runs < 1:
        parser.error("--conversations must be at least 10 and --runs at least 1")
    data = args.data or os.path.join(args.build, "bench-data")
    os.makedirs(data, exist_ok=True)
    sense7 = os.path.join(args.build, "app", "cli", "sense7")
    large, small = args.conversations, args.conversations // 10
    corpus = os.path.join(data, f"corpus-{large}.jsonl")
    if not os.path.exists(corpus):
        print(f"generating {large} conversations ...", flush=True)
        subprocess.run([sys.executable, os.path.join(HERE, "make_jsonl_corpus.py"), str(large),
                        corpus], check=True)
    head = os.path.join(data, f"corpus-{large}-first-{small}.jsonl")
    if not os.path.exists(head):
        with open(corpus, "rb") as whole, open(head + ".making", "wb") as out:
            for _ in range(small):
                out.write(whole.readline())
        os.replace(head + ".making", head)

    cases = []  # (name, conversations, base data set, ratings file)
    for size, source in ((small, head), (large, corpus)):
        base = os.path.join(data, f"ratings-base-{size}.sense7")
        data_set(sense7, source, base)
        with contextlib.closing(sqlite3.connect(base)) as db:
            rows = db.execute("SELECT source_id, content_hash FROM conversation "
                              "ORDER BY id").fetchall()
        if any(source_id is None for source_id, _ in rows):
            sys.exit(f"{base}: a conversation without a source id")
        by_source = os.path.join(data, f"ratings-{size}-by-source.csv")
        ratings_csv(by_source, [source_id for source_id, _ in rows])
        cases.append((f"{size} by source id", len(rows), base, by_source))
        one = os.path.join(data, f"ratings-{size}-one.csv")
        ratings_csv(one, [rows[0][0]])
        cases.append((f"{size}: one rating", 1, base, one))
        if size == large:
            by_hash = os.path.join(data, f"ratings-{size}-by-hash.csv")
            ratings_csv(by_hash, [content for _, content in rows])
            cases.append((f"{size} by content hash", len(rows), base, by_hash))

    db = os.path.join(data, "ratings.sense7")
    best = {}
    for _ in range(args.runs):
        for name, _, base, ratings in cases:
            fresh(db)
            shutil.copyfile(base, db)
            os.sync()
            seconds, rss, _, _ = run([sense7, "import", ratings, "--db", db])
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, rss)
    fresh(db)

    print(f"\none rating a conversation, best of {args.runs}; a rating's time is the import's "
          "less that of one rating into the same data set")
    print(f"{'ratings named':<28}{'ratings':>9}{'seconds':>9}{'µs/rating':>11}{'peak MB':>9}")
    per_rating = {}
    for name, count, _, _ in cases:
        seconds, rss = best[name]
        size = name.split()[0].rstrip(":")
        if count > 1:
            per_rating[name] = (seconds - best[f"{size}: one rating"][0]) / (count - 1) * 1e6
        shown = f"{per_rating[name]:>11.1f}" if name in per_rating else f"{'':>11}"
        print(f"{name:<28}{count:>9}{seconds:>9.2f}{shown}{rss:>9.0f}")
    growth = per_rating[f"{large} by source id"] / per_rating[f"{small} by source id"]
    print(f"\na rating by source id at {large} conversations against {small}: {growth:.2f}x "
          "(target <= 2)")
    label = f"ratings import ({large} ratings by source id)"
    print(f"RESULT\t{label}\tseconds\t{best[f'{large} by source id'][0]:.3f}\ts\t", flush=True)
    print(f"RESULT\t{label}\ttime a rating, against {small} conversations\t{growth:.3f}\tx\t<= 2",
          flush=True)


if __name__ == "__main__":
    main()
