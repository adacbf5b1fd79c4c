#!/usr/bin/env python3
"""Ratings benchmark: `sense7 import` of a ratings CSV that names each conversation of an
N-conversation data set by its source id (the id in the export it came from, as an outside
rater's file names it), side by side with the same ratings naming the conversations by their
content hash, which the data set finds through a unique index (the floor). One rating a
conversation, on its first reply. Prints the seconds and peak RSS of each, best of K runs.

Usage: ratings_bench.py BUILD_DIR [--conversations N] [--data DIR] [--runs K]
"""
import argparse
import csv
import os
import shutil
import sqlite3
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from import_bench import fresh, run  # noqa: E402


def ratings_csv(path, keys):
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["conversation_id", "turn_index", "dimension", "value", "annotator",
                         "annotator_kind"])
        for i, key in enumerate(keys):
            writer.writerow([key, 1, "acknowledgment", 1 + i % 5, "rater-A", "observer"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\nUsage:")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build", help="the build folder (with app/cli/sense7)")
    parser.add_argument("--conversations", type=int, default=100000,
                        help="conversations in the data set, each rated once (default 100000)")
    parser.add_argument("--data", default=None,
                        help="where the corpus and the data sets go (default BUILD/bench-data)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each import (default 3)")
    args = parser.parse_args()
    if args.conversations < 1 or args.runs < 1:
        parser.error("--conversations and --runs must be at least 1")
    data = args.data or os.path.join(args.build, "bench-data")
    os.makedirs(data, exist_ok=True)
    sense7 = os.path.join(args.build, "app", "cli", "sense7")
    corpus = os.path.join(data, f"corpus-{args.conversations}.jsonl")
    if not os.path.exists(corpus):
        print(f"generating {args.conversations} conversations ...", flush=True)
        subprocess.run([sys.executable, os.path.join(HERE, "make_jsonl_corpus.py"),
                        str(args.conversations), corpus], check=True)
    base = os.path.join(data, f"ratings-base-{args.conversations}.sense7")
    if not os.path.exists(base):
        subprocess.run([sense7, "init", base], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([sense7, "import", corpus, "--db", base, "--map", "turns=conversation",
                        "--map", "agent=model", "--map", "id=conversation_hash"], check=True,
                       stdout=subprocess.DEVNULL)
    with sqlite3.connect(base) as db:
        rows = db.execute("SELECT source_id, content_hash FROM conversation ORDER BY id").fetchall()
    files = {"by source id": os.path.join(data, "ratings-by-source.csv"),
             "by content hash (floor)": os.path.join(data, "ratings-by-hash.csv")}
    ratings_csv(files["by source id"], [source for source, _ in rows])
    ratings_csv(files["by content hash (floor)"], [content for _, content in rows])

    db = os.path.join(data, "ratings.sense7")
    best = {}
    for _ in range(args.runs):
        for name, path in files.items():
            fresh(db)
            shutil.copyfile(base, db)
            os.sync()
            seconds, rss, _, _ = run([sense7, "import", path, "--db", db])
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, rss)
    fresh(db)

    print(f"\n{len(rows)} ratings, one a conversation of {len(rows)}")
    print(f"{'ratings named':<26}{'seconds':>9}{'ratings/s':>11}{'peak MB':>9}")
    for name, (seconds, rss) in best.items():
        print(f"{name:<26}{seconds:>9.2f}{len(rows) / seconds:>11.0f}{rss:>9.0f}")
    ours = best["by source id"][0]
    floor = best["by content hash (floor)"][0]
    print(f"\nby source id vs by content hash: {ours / floor:.2f}x")
    label = f"ratings import ({len(rows)} ratings by source id)"
    print(f"RESULT\t{label}\tseconds\t{ours:.3f}\ts\t", flush=True)
    print(f"RESULT\t{label}\tvs the content hash\t{ours / floor:.3f}\tx\t", flush=True)


if __name__ == "__main__":
    main()
