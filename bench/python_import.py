#!/usr/bin/env python3
"""What a researcher would write instead of `sense7 import`: json.load the ChatGPT export,
follow each conversation from current_node to the root, and insert the visible turns into
SQLite in one transaction; or, for a JSON Lines corpus (a file ending in .jsonl, WildChat-shaped:
the messages under "conversation"), json.loads each line as it is read and insert its messages.
The comparison point of the import benchmark.

Usage: python_import.py conversations.json|corpus.jsonl OUT.sqlite
"""
import argparse
import json
import sqlite3


def text_of(message):
    content = message.get("content") or {}
    if "parts" in content:
        return "\n".join(p if isinstance(p, str) else "[attachment]" for p in content["parts"])
    return content.get("text", "")


def import_jsonl(corpus, out):
    db = sqlite3.connect(out)
    db.executescript("""
        CREATE TABLE IF NOT EXISTS conversation(id INTEGER PRIMARY KEY, source_id TEXT, agent TEXT,
                                                started_at TEXT, record TEXT);
        CREATE TABLE IF NOT EXISTS turn(conversation_id INTEGER, idx INTEGER, role TEXT, text TEXT,
                                        meta TEXT);
    """)
    with db, open(corpus, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            c = json.loads(line)
            messages = c.pop("conversation")
            cur = db.execute("INSERT INTO conversation(source_id, agent, started_at, record) "
                             "VALUES (?, ?, ?, ?)",
                             (c.get("conversation_hash"), c.get("model"), c.get("timestamp"),
                              json.dumps(c)))
            cid = cur.lastrowid
            turns = []
            for i, m in enumerate(messages):
                meta = {k: v for k, v in m.items() if k not in ("role", "content")}
                turns.append((cid, i, m["role"], m["content"], json.dumps(meta)))
            db.executemany("INSERT INTO turn VALUES (?, ?, ?, ?, ?)", turns)
    db.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\nUsage:")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("export", help="the ChatGPT export's conversations.json, or a .jsonl corpus")
    parser.add_argument("out", help="the SQLite file to write the turns into")
    args = parser.parse_args()
    export, out = args.export, args.out
    if export.endswith(".jsonl"):
        import_jsonl(export, out)
        return
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
