"""Texts for the held-out prose set: licence texts, Debian changelogs, man pages, copyright files.
Each reader returns blocks {kind, text} in reading order, text with whitespace collapsed."""
import gzip, os, re, subprocess

def squash(s):
    return re.sub(r"\s+", " ", s).strip()

def licence(path, limit=None):
    raw = open(path, encoding="utf-8", errors="replace").read()
    blocks = []
    for chunk in re.split(r"\n\s*\n", raw):
        t = squash(re.sub(r"\n\s*[-=]{3,}\s*$", "", chunk))
        if not t or not re.search(r"[A-Za-z]", t) or re.fullmatch(r"[-=_* ]+", t):
            continue
        numbered = re.match(r"^(\d+(\.\d+)*\.?|\([a-z0-9]+\)|[a-z]\))\s", t)
        if numbered and (len(t.split()) > 4 or t.endswith(".") and len(t) > 40):
            kind = "list-item"
        elif len(t) < 75 and not t.endswith((".", ",", ";", ":")) or re.fullmatch(r"\d+(\.\d+)*\.? [A-Z][^.]{0,60}\.?", t):
            kind = "heading"
        else:
            kind = "paragraph"
        blocks.append({"kind": kind, "text": t})
        if limit and sum(len(b["text"]) for b in blocks) > limit:
            break
    return blocks

def changelog(pkg, entries=6):
    path = f"/usr/share/doc/{pkg}/changelog.Debian.gz"
    raw = gzip.open(path, "rt", encoding="utf-8", errors="replace").read()
    blocks, n = [], 0
    item = None
    def flush():
        nonlocal item
        if item:
            blocks.append({"kind": "list-item", "text": squash(item)})
        item = None
    for line in raw.splitlines():
        if re.match(r"^\S.*\(.*\).*;\s*urgency=", line):
            flush()
            n += 1
            if n > entries:
                break
            blocks.append({"kind": "heading", "text": squash(line)})
        elif re.match(r"^ -- ", line):
            flush()
            blocks.append({"kind": "paragraph", "text": squash(line[4:])})
        elif re.match(r"^\s+[*+-] ", line):
            flush()
            item = re.sub(r"^\s+[*+-] ", "", line)
        elif re.match(r"^\s+\[ .* \]\s*$", line):
            flush()
            blocks.append({"kind": "paragraph", "text": squash(line)})
        elif line.strip() and item is not None:
            item += " " + line.strip()
        else:
            flush()
    flush()
    return blocks

def manpage(name, limit=None):
    env = dict(os.environ, MANWIDTH="200", MAN_KEEP_FORMATTING="0")
    out = subprocess.run(["man", "-l", f"/usr/share/man/man1/{name}.1.gz"], env=env,
                         capture_output=True, text=True).stdout
    out = subprocess.run(["col", "-bx"], input=out, capture_output=True, text=True).stdout
    lines = out.splitlines()[1:]  # drop the header line
    blocks, cur, curkind = [], [], None
    def flush():
        nonlocal cur, curkind
        if cur:
            t = squash(" ".join(cur))
            if t and re.search(r"[A-Za-z]", t):
                blocks.append({"kind": curkind, "text": t})
        cur, curkind = [], None
    for i, line in enumerate(lines):
        if not line.strip():
            flush(); continue
        ind = len(line) - len(line.lstrip())
        if ind == 0:
            flush()
            if re.match(r"^[A-Z][A-Z ]+$", line.strip()) or len(line.strip()) < 40:
                blocks.append({"kind": "heading", "text": squash(line)})
            continue
        if ind <= 4 and len(line.strip()) < 50 and not line.strip().endswith(".") and not line.strip().startswith("-") and not cur:
            blocks.append({"kind": "heading", "text": squash(line)})
            continue
        if not cur:
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            nind = len(nxt) - len(nxt.lstrip())
            curkind = "list-item" if (line.strip().startswith("-") or (nxt.strip() and nind > ind)) else "paragraph"
        cur.append(line.strip())
    flush()
    # the last line is a footer (version, date, name)
    if blocks and len(blocks[-1]["text"]) < 60:
        blocks.pop()
    blocks = [b for b in blocks if b["text"] not in ("", )]
    if limit:
        acc, kept = 0, []
        for b in blocks:
            kept.append(b); acc += len(b["text"])
            if acc > limit: break
        blocks = kept
    return blocks

def copyright(pkg):
    raw = open(f"/usr/share/doc/{pkg}/copyright", encoding="utf-8", errors="replace").read()
    return licence_from_string(raw)

def licence_from_string(raw):
    blocks = []
    for chunk in re.split(r"\n\s*\n|\n \.\n", raw):
        t = squash(chunk)
        if t and re.search(r"[A-Za-z]", t):
            blocks.append({"kind": "paragraph", "text": t})
    return blocks

def dep5(pkg, limit=None):
    """A machine-readable copyright file: each field a hanging-label item (label, then its value)."""
    raw = open(f"/usr/share/doc/{pkg}/copyright", encoding="utf-8", errors="replace").read()
    blocks, cur = [], None
    for line in raw.splitlines():
        if re.match(r"^[A-Za-z-]+:", line):
            if cur: blocks.append(cur)
            cur = {"kind": "list-item", "text": squash(line)}
        elif line.strip() in ("", "."):
            continue
        elif cur is not None:
            cur["text"] = squash(cur["text"] + " " + line)
    if cur: blocks.append(cur)
    blocks = [b for b in blocks if not b["text"].startswith("Format:") and len(b["text"].split()) > 1]
    if limit:
        acc, kept = 0, []
        for b in blocks:
            kept.append(b); acc += len(b["text"])
            if acc > limit: break
        blocks = kept
    return blocks
