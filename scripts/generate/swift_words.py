"""What the word-list generators share: a word list as the lines of a Swift string literal."""


def swift_list(words):
    """The words, sorted, in lines of at most 112 characters, indented for a WordSet literal."""
    lines, line = [], ""
    for w in sorted(words):
        if len(line) + len(w) + 1 > 112:
            lines.append(line.rstrip())
            line = ""
        line += w + " "
    lines.append(line.rstrip())
    return "\n".join("        " + l for l in lines)
