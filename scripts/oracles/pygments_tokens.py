#!/usr/bin/env python3
"""Lexes files with Pygments (the reference animate's code lexers are compared with).

Arguments: pairs of a Pygments lexer name and a file path. For each file, one JSON line: the file's
path and its tokens as [start, end, "Token.Type"] triples, offsets in Unicode code points of the
file's text exactly as read (no newline added or stripped).
"""
import json
import sys

from pygments.lexers import get_lexer_by_name


def main(args):
    for name, path in zip(args[0::2], args[1::2]):
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
        lexer = get_lexer_by_name(name, stripnl=False, stripall=False, ensurenl=False)
        tokens = []
        for start, kind, value in lexer.get_tokens_unprocessed(text):
            if value:
                tokens.append([start, start + len(value), str(kind).replace("Token.", "", 1)])
        print(json.dumps({"path": path, "tokens": tokens}))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
