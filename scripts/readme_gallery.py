#!/usr/bin/env python3
"""Rewrites the gallery between the GALLERY markers of README.md: every scene in scenes/, its
screenshot from screenshots/ and a sentence (the first of its description), grouped by demo in
the design's order. Run after scripts/screenshots.sh."""
import json
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
order = ["circle_circle", "aabb", "circle_box", "penetration", "sat", "linear_cast",
         "iterative_cast", "angular_cast", "point_cloud", "separating_axis", "gjk", "epa"]
scenes = []
for p in sorted((root / "scenes").glob("*.json")):
    s = json.loads(p.read_text())
    desc = s.get("description") or ""
    first = re.split(r"(?<=[.!?])\s", desc, maxsplit=1)[0] if desc else ""
    scenes.append((order.index(s.get("demo", "penetration")), p.stem, s.get("title", p.stem), first,
                   s.get("demo", "penetration")))
scenes.sort()
out = []
for _, stem, title, first, demo in scenes:
    out.append(f"**{title}** (`scenes/{stem}.json`, demo `{demo}`). {first}\n")
    out.append(f"<img src=\"screenshots/{stem}.png\" width=\"700\" alt=\"{title}\">\n")
text = (root / "README.md").read_text()
start, end = "<!-- GALLERY START -->", "<!-- GALLERY END -->"
i, j = text.index(start) + len(start), text.index(end)
(root / "README.md").write_text(text[:i] + "\n" + "\n".join(out) + "\n" + text[j:])
print(f"{len(scenes)} scenes in the gallery")
