"""Every relative link of README.md and docs/*.md leads somewhere (issue 38): to a file or
folder of the repository and, when it names an anchor (`#...`), to a heading of that page, as
GitHub names them. Links in Markdown (`[text](target)`, `![alt](target)`) and in the HTML the
README uses for its pictures (`<img src>`, `<a href>`) are read; code is not. And every file
or folder of the code these pages name in backticks (`webapp/store.py`, `webapp/solo/`)
exists: a module moved or renamed takes its pages with it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1\s*$", re.M | re.S)
INLINE_CODE = re.compile(r"`[^`\n]*`")
MD_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.I)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
HTML_ANCHOR = re.compile(r"""<a\s+(?:id|name)\s*=\s*["']([^"']+)["']""", re.I)
# A path in backticks that starts in one of the repository's own folders.
CODE_FOLDERS = ("facade", "rollwrite", "boardgame", "bots", "printables", "webapp",
                "commandline", "benchmarks", "tests", "scripts", "templates", "static", "docs")
NAMED_PATH = re.compile(
    r"`((?:" + "|".join(CODE_FOLDERS) + r")/(?:[A-Za-z0-9_.-]+/)*[A-Za-z0-9_.-]*)`")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # http:, https:, mailto:


def prose(text: str) -> str:
    """The text of a Markdown page without its code blocks and inline code."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    """Every link target written in a page's prose, in order."""
    body = prose(text)
    return [*MD_LINK.findall(body), *HTML_LINK.findall(body)]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its words in lower case, markup and punctuation
    dropped (hyphens and underscores kept), each space a hyphen."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its words
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of a page: its headings' (the second of a name gets `-1`, and so on) and
    the `<a id>` it sets itself."""
    found: set[str] = set(HTML_ANCHOR.findall(text))
    seen: dict[str, int] = {}
    for _, heading in HEADING.findall(FENCE.sub("", text)):
        name = slug(heading)
        count = seen.get(name, 0)
        seen[name] = count + 1
        found.add(name if count == 0 else f"{name}-{count}")
    return found


def broken(page: Path, root: Path = ROOT) -> list[str]:
    """`page: target (why)` for every relative link of a page that leads nowhere (or out of
    `root`)."""
    text = page.read_text(encoding="utf-8")
    out = []
    for target in links(text):
        if EXTERNAL.match(target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        where = f"{page.relative_to(root)}: {target}"
        if not dest.exists():
            out.append(f"{where} (no such file)")
        elif root not in (dest, *dest.parents):
            out.append(f"{where} (outside the repository)")
        elif anchor and (dest.suffix != ".md" or anchor not in anchors(
                dest.read_text(encoding="utf-8"))):
            out.append(f"{where} (no such heading)")
    return out


def missing_paths(page: Path, root: Path = ROOT) -> list[str]:
    """`page: path` for every path of the code a page names in backticks that does not exist."""
    text = page.read_text(encoding="utf-8")
    return [f"{page.relative_to(root)}: {path}" for path in NAMED_PATH.findall(text)
            if not (root / path).exists()]


def test_the_link_reader_finds_links_and_headings_as_github_does():
    page = ("# The web app\n## Play solo (`/s/`)\n## Play solo (`/s/`)\n"
            "[a](docs/x.md#y) ![b](docs/screens/h.png) `[no](code.md)`\n"
            '<img src="docs/screens/a.png" width="180"> <a href="docs/tests.md">t</a>\n'
            "```\n[not](in-code.md)\n# not a heading\n```\n[web](https://example.org)\n")
    assert links(page) == ["docs/x.md#y", "docs/screens/h.png", "https://example.org",
                           "docs/screens/a.png", "docs/tests.md"]
    assert anchors(page) == {"the-web-app", "play-solo-s", "play-solo-s-1"}
    assert slug("Issue 29: moves pushed to the phones (2026-11-26)") == \
        "issue-29-moves-pushed-to-the-phones-2026-11-26"


def test_a_link_to_a_missing_file_or_heading_is_reported(tmp_path: Path):
    bad = tmp_path / "page.md"
    bad.write_text("# Here\n[gone](nowhere.md) [top](#here) [no](#there)\n", encoding="utf-8")
    (tmp_path / "up.md").write_text("[out](../elsewhere.md)\n", encoding="utf-8")
    problems = [p.split(": ", 1)[1] for p in broken(bad, tmp_path)]
    assert problems == ["nowhere.md (no such file)", "#there (no such heading)"]
    outside = tmp_path.parent / "elsewhere.md"
    outside.write_text("# Elsewhere\n", encoding="utf-8")
    assert broken(tmp_path / "up.md", tmp_path) == [
        "up.md: ../elsewhere.md (outside the repository)"]


def test_every_relative_link_of_the_readme_and_docs_leads_somewhere():
    assert ROOT / "README.md" in PAGES and len(PAGES) > 3
    problems = [problem for page in PAGES for problem in broken(page)]
    assert problems == []


def test_a_named_path_that_does_not_exist_is_reported(tmp_path: Path):
    (tmp_path / "webapp").mkdir()
    (tmp_path / "webapp" / "store.py").write_text("", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("`webapp/store.py`, `webapp/`, `webapp/gone.py`, `instance/x.sqlite3`, "
                    "`text/event-stream`\n", encoding="utf-8")
    assert missing_paths(page, tmp_path) == ["page.md: webapp/gone.py"]


def test_every_file_of_the_code_the_readme_and_docs_name_exists():
    problems = [problem for page in PAGES for problem in missing_paths(page)]
    assert problems == []
