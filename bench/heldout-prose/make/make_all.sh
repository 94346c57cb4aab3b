#!/bin/sh
# Regenerates every PDF and JSON of the held-out prose corpus, then checks them.
set -e
cd "$(dirname "$0")"
/usr/bin/python3 groff_ms.py
/usr/bin/python3 rl_docs.py
/usr/bin/python3 fitz_docs.py
/usr/bin/python3 rtl_docs.py
/usr/bin/python3 ../check.py
