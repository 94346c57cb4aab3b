#!/usr/bin/python3
"""Checks each answerable triple: its first accepted answer (the string as printed) occurs (whitespace collapsed, case folded) on its page."""
import json, subprocess, sys, os, re
here = os.path.dirname(os.path.abspath(__file__))
norm = lambda s: re.sub(r"\s+", " ", s).strip().casefold()
bad = 0
for t in json.load(open(os.path.join(here, "qa-set.json"))):
    if t["answer"] is None:
        continue
    n = str(t["page"])
    text = norm(subprocess.run(["pdftotext", "-f", n, "-l", n, os.path.join(here, t["document"]), "-"], capture_output=True, text=True).stdout)
    missing = [a for a in t["answer"][:1] if norm(a) not in text]
    if missing:
        bad += 1; print("FAIL", t["id"], missing)
print("failures:", bad); sys.exit(1 if bad else 0)
