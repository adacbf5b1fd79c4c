#!/usr/bin/env python3
"""Writes a deterministic public-corpus-shaped JSON Lines file for the import benchmark: one
conversation a line in chat-API shape under "conversation", with the fields a WildChat line has
(conversation_hash, model, timestamp, turn, language, openai_moderation, toxic, redacted; and per
message language, toxic, redacted, timestamp, turn_identifier). Half the conversations have one
exchange, half two: about 3 turns a conversation (3,000,000 turns at the default 1,000,000).

Usage: make_jsonl_corpus.py N OUT.jsonl [--csv TURNS.csv]
With --csv it also writes the turns as CSV (conversation_id, idx, role, text): the input of the
sqlite3 .import floor. Import it with
  sense7 import OUT.jsonl --db D --map turns=conversation --map agent=model --map id=conversation_hash
"""
import argparse
import csv
import hashlib
import json
import os
import random

WORDS = ("the deadline report team data analysis chart revenue meeting draft email client plan "
         "quarter budget question answer summary table model result risk option timeline "
         "feedback review priority customer launch metric estimate trend could you please help "
         "write a short story about code python function error explain").split()
MODELS = ("gpt-3.5-turbo-0301", "gpt-3.5-turbo-0613", "gpt-4-0314", "gpt-4-1106-preview")
LANGUAGES = ("English", "English", "English", "Chinese", "Russian", "French")
CHINESE = "你能帮我写一封邮件给客户说明项目延期的原因吗谢谢"
CATEGORIES = ("harassment", "hate", "self-harm", "sexual", "violence")


def text(rng, low, high, language):
    if language == "Chinese":
        return "".join(rng.choice(CHINESE) for _ in range(rng.randint(low, high)))
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high))).capitalize() + "."


def moderation(rng):
    return {"categories": {c: False for c in CATEGORIES},
            "category_scores": {c: round(rng.random() * 1e-3, 8) for c in CATEGORIES},
            "flagged": False}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\nUsage:")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=int, help="how many conversations (lines)")
    parser.add_argument("out", help="the JSON Lines file to write")
    parser.add_argument("--csv", metavar="TURNS.csv",
                        help="also write the turns as CSV for the sqlite3 .import floor")
    args = parser.parse_args()
    if args.n < 1:
        parser.error("N must be at least 1")
    rng = random.Random(20251123)
    # Written under other names and renamed when complete: a benchmark that finds the files
    # never reads half of them.
    csv_file = open(args.csv + ".part", "w", newline="", encoding="utf-8") if args.csv else None
    writer = csv.writer(csv_file) if csv_file else None
    turns = 0
    with open(args.out + ".part", "w", encoding="utf-8") as out:
        for c in range(args.n):
            language = rng.choice(LANGUAGES)
            exchanges = 1 + (c & 1)
            started = 1680998400 + c * 37
            conversation_hash = hashlib.md5(str(c).encode()).hexdigest()
            messages = []
            for e in range(exchanges):
                for role, low, high in (("user", 6, 30), ("assistant", 20, 60)):
                    message = {"content": text(rng, low, high, language), "language": language,
                               "redacted": False, "role": role,
                               "timestamp": None if role == "user" else
                               f"2023-04-09T{(started // 3600) % 24:02d}:{(started // 60) % 60:02d}"
                               f":{started % 60:02d}+00:00",
                               "toxic": False, "turn_identifier": 100000 + c * 4 + e}
                    messages.append(message)
            line = {"conversation_hash": conversation_hash, "model": rng.choice(MODELS),
                    "timestamp": f"2023-04-09 {(started // 3600) % 24:02d}:"
                                 f"{(started // 60) % 60:02d}:{started % 60:02d}+00:00",
                    "conversation": messages, "turn": exchanges, "language": language,
                    "openai_moderation": [moderation(rng) for _ in messages],
                    "detoxify_moderation": None, "toxic": False, "redacted": False,
                    "state": None, "country": "United States", "hashed_ip": conversation_hash[:16],
                    "header": {"accept-language": "en-US,en;q=0.9", "user-agent": "Mozilla/5.0"}}
            out.write(json.dumps(line, ensure_ascii=False))
            out.write("\n")
            if writer:
                for i, m in enumerate(messages):
                    writer.writerow((conversation_hash, i, m["role"], m["content"]))
            turns += len(messages)
    if csv_file:
        csv_file.close()
        os.replace(args.csv + ".part", args.csv)
    os.replace(args.out + ".part", args.out)
    print(f"wrote {args.n} conversations, {turns} turns to {args.out}")


if __name__ == "__main__":
    main()
