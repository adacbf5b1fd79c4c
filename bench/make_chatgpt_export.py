#!/usr/bin/env python3
"""Writes a deterministic ChatGPT-shaped export (conversations.json) for the import benchmark.

Each conversation is a message tree like a real export: a hidden system root, user and assistant
messages with the real field set, some regenerated answers and edited questions (branches the
importer must leave out of the kept path), and tool calls with execution output.

Usage: make_chatgpt_export.py N OUT.json [--csv TURNS.csv]
With --csv it also writes the kept-path turns as CSV (conversation_id, idx, role, text): the input
of the sqlite3 .import floor.
"""
import argparse
import csv
import json
import random

WORDS = ("the deadline report team data analysis chart revenue meeting draft email client plan "
         "quarter budget question answer summary table model result risk option timeline "
         "feedback review priority customer launch metric estimate trend").split()


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def text(rng, words):
    out, left = [], words
    while left > 0:
        k = min(left, rng.randint(8, 20))
        out.append(sentence(rng, k))
        left -= k
    return " ".join(out)


def message(mid, role, body, t, model=None, content_type="text", hidden=False, status="finished_successfully"):
    metadata = {"is_visually_hidden_from_conversation": True} if hidden else {}
    if model:
        metadata.update({"finish_details": {"type": "stop", "stop_tokens": [100260]},
                         "citations": [], "gizmo_id": None, "is_complete": True,
                         "message_type": None, "model_slug": model, "default_model_slug": model,
                         "parent_id": None, "request_id": "8f" + mid[:14], "timestamp_": "absolute"})
    content = ({"content_type": content_type, "parts": [body]} if content_type == "text"
               else {"content_type": content_type, "language": "python", "text": body}
               if content_type == "code" else {"content_type": content_type, "text": body})
    return {"id": mid, "author": {"role": role, "name": "python" if role == "tool" else None, "metadata": {}},
            "create_time": t, "update_time": None, "content": content, "status": status,
            "end_turn": True if role == "assistant" else None, "weight": 1.0, "metadata": metadata,
            "recipient": "all"}


def conversation(rng, index, turns_wanted, kept):
    ids = iter(f"{index:06d}-{k:04d}-{rng.getrandbits(64):016x}" for k in range(100000))
    t = 1700000000.0 + index * 3600
    root = next(ids)
    mapping = {root: {"id": root, "message": None, "parent": None, "children": []}}

    def add(parent, msg):
        nid = msg["id"]
        mapping[nid] = {"id": nid, "message": msg, "parent": parent, "children": []}
        mapping[parent]["children"].append(nid)
        return nid

    node = add(root, message(next(ids), "system", "", None, hidden=True))
    model = rng.choice(["gpt-4o", "gpt-4", "gpt-4o-mini"])
    role = "user"
    for k in range(turns_wanted):
        t += rng.uniform(5, 90)
        if role == "user":
            body = text(rng, rng.randint(15, 70))
            if rng.random() < 0.05:  # an edited question: the first version stays as a sibling
                add(node, message(next(ids), "user", text(rng, 30), t))
            node = add(node, message(next(ids), "user", body, t))
            kept.append((index, "user", body))
            role = "assistant"
        else:
            if rng.random() < 0.08:  # a tool call and its output
                node = add(node, message(next(ids), "assistant", "import pandas as pd\nprint(df.describe())", t, model, "code"))
                kept.append((index, "assistant", "import pandas as pd\nprint(df.describe())"))
                node = add(node, message(next(ids), "tool", "count 120\nmean 4.2\nstd 0.8", t + 1, None, "execution_output"))
                kept.append((index, "tool", "count 120\nmean 4.2\nstd 0.8"))
            body = text(rng, rng.randint(45, 160))
            if rng.random() < 0.10:  # a regenerated answer: the first one stays as a sibling
                add(node, message(next(ids), "assistant", text(rng, 80), t, model))
            node = add(node, message(next(ids), "assistant", body, t + 2, model))
            kept.append((index, "assistant", body))
            role = "user"
    cid = f"conv-{index:06d}"
    return {"title": sentence(rng, 4)[:-1], "create_time": 1700000000.0 + index * 3600, "update_time": t,
            "mapping": mapping, "moderation_results": [], "current_node": node, "plugin_ids": None,
            "conversation_id": cid, "conversation_template_id": None, "gizmo_id": None,
            "is_archived": False, "safe_urls": [], "default_model_slug": model, "id": cid}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\nUsage:")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=int, help="how many conversations")
    parser.add_argument("out", help="the export to write (conversations.json)")
    parser.add_argument("--csv", metavar="TURNS.csv",
                        help="also write the kept-path turns as CSV, for the sqlite3 floor")
    args = parser.parse_args()
    if args.n < 1:
        parser.error(f"n must be at least 1, not {args.n}")
    rng = random.Random(20250917)
    kept = []
    writer = None
    if args.csv:
        csv_file = open(args.csv, "w", newline="", encoding="utf-8")
        writer = csv.writer(csv_file)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("[")
        for i in range(args.n):
            if i:
                out.write(",")
            out.write(json.dumps(conversation(rng, i, rng.randint(16, 32), kept), indent=None))
            if writer:
                last, idx = None, 0
                for conv, role, body in kept:
                    idx = idx + 1 if conv == last else 0
                    last = conv
                    writer.writerow([f"conv-{conv:06d}", idx, role, body])
            kept.clear()
        out.write("]")
    if writer:
        csv_file.close()


if __name__ == "__main__":
    main()
