#!/usr/bin/env python3
"""What a researcher would write instead of `sense7 import`: json.load the ChatGPT export,
follow each conversation from current_node to the root, and insert the visible turns into
SQLite in one transaction. The comparison point of the import benchmark.

Usage: python_import.py conversations.json OUT.sqlite
"""
import argparse
import json
import sqlite3


def text_of(message):
    content = message.get("content") or {}
    if "parts" in content:
        return "\n".join(p if isinstance(p, str) else "[attachment]" for p in content["parts"])
    return content.get("text", "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\nUsage:")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("export", help="the ChatGPT export's conversations.json")
    parser.add_argument("out", help="the SQLite file to write the turns into")
    args = parser.parse_args()
    export, out = args.export, args.out
    with open(export, encoding="utf-8") as f:
        conversations = json.load(f)
    db = sqlite3.connect(out)
    db.executescript("""
        CREATE TABLE IF NOT EXISTS conversation(id INTEGER PRIMARY KEY, source_id TEXT, title TEXT, agent TEXT);
        CREATE TABLE IF NOT EXISTS turn(conversation_id INTEGER, idx INTEGER, role TEXT, text TEXT);
    """)
    with db:
        for c in conversations:
            mapping, node, path = c["mapping"], c.get("current_node"), []
            while node:
                path.append(node)
                node = mapping[node].get("parent")
            turns = []
            for nid in reversed(path):
                m = mapping[nid].get("message")
                if not m or (m.get("metadata") or {}).get("is_visually_hidden_from_conversation"):
                    continue
                turns.append((m["author"]["role"], text_of(m)))
            cur = db.execute("INSERT INTO conversation(source_id, title, agent) VALUES (?, ?, ?)",
                             (c.get("conversation_id"), c.get("title"), c.get("default_model_slug")))
            cid = cur.lastrowid
            db.executemany("INSERT INTO turn VALUES (?, ?, ?, ?)",
                           [(cid, i, r, t) for i, (r, t) in enumerate(turns)])
    db.close()


if __name__ == "__main__":
    main()
