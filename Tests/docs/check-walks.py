#!/usr/bin/env python3
"""Checks that the code docs/architecture.md names still exists, so its walks cannot drift.

Every `Path.swift` in backticks must exist (under Sources/ or from the repository root; a bare
file name at the root or anywhere under Sources/; `*` globs allowed), and every `Type.member` must be declared
(`func member`, `var member`, `let member`, `case member`, `init(`) in a file the document pairs
with the type (`File.swift: Type.member` or `File.swift: Type`) or in `Type.swift` / `Type+*.swift`.
A `File.swift: Type` names a type declared in that file. Prints each problem; exits 1 if any.

Usage: Tests/docs/check-walks.py [document ...]   (default: docs/architecture.md)
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = os.path.join(ROOT, "Sources")

PATH = re.compile(r"^(?P<path>[\w./*+-]+\.swift)(?::\s*(?P<rest>.+))?$")
MEMBER = re.compile(r"^(?P<type>[A-Z]\w*)\.(?P<member>[a-z_]\w*)(?:\(.*\))?$")
TYPE = re.compile(r"^(?P<type>[A-Z]\w*)$")
FOLDER = re.compile(r"^(?:Sources|Tests)/[\w/+-]*/$")


def all_swift_files():
    found = []
    for folder, _, names in os.walk(SOURCES):
        found += [os.path.join(folder, name) for name in names if name.endswith(".swift")]
    return found


SWIFT_FILES = all_swift_files()


def resolve(path):
    """The files `path` names, or [] when none exists."""
    if "/" not in path:
        if os.path.isfile(os.path.join(ROOT, path)):
            return [os.path.join(ROOT, path)]
        return [f for f in SWIFT_FILES if os.path.basename(f) == path]
    for base in (SOURCES, ROOT):
        matches = sorted(glob.glob(os.path.join(base, path)))
        if matches:
            return matches
    return []


def declares_type(text, name):
    return re.search(r"\b(?:class|struct|enum|protocol|actor|extension|typealias)\s+" + re.escape(name) + r"\b", text) is not None


def declares_member(text, member):
    if member == "init":
        return re.search(r"\binit[?!]?\s*[(<]", text) is not None
    return re.search(r"\b(?:func|var|let|case)\s+`?" + re.escape(member) + r"`?\b", text) is not None


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def check(document):
    problems = []
    text = read(document)
    spans = []
    for number, line in enumerate(text.splitlines(), 1):
        spans += [(number, span.strip()) for span in re.findall(r"`([^`\n]+)`", line)]
    # Pass 1: paths, and the files each type is paired with.
    paired = {}
    members = []
    for number, span in spans:
        if FOLDER.match(span):
            if not os.path.isdir(os.path.join(ROOT, span)):
                problems.append(f"{document}:{number}: no folder {span}")
            continue
        match = PATH.match(span)
        if match:
            files = resolve(match["path"])
            if not files:
                problems.append(f"{document}:{number}: no file {match['path']}")
                continue
            rest = (match["rest"] or "").strip()
            named = MEMBER.match(rest) or TYPE.match(rest)
            if rest and not named:
                problems.append(f"{document}:{number}: after {match['path']}: expected Type or Type.member, found {rest!r}")
                continue
            if named:
                paired.setdefault(named["type"], set()).update(files)
                if "member" in named.groupdict() and named["member"]:
                    members.append((number, named["type"], named["member"], files))
                elif not any(declares_type(read(f), named["type"]) for f in files):
                    problems.append(f"{document}:{number}: {match['path']} declares no type {named['type']}")
            continue
        match = MEMBER.match(span)
        if match:
            members.append((number, match["type"], match["member"], None))
    # Pass 2: every Type.member declared where the type lives.
    for number, type_name, member, files in members:
        if files is None:
            own = [f for f in SWIFT_FILES
                   if os.path.basename(f) == type_name + ".swift" or os.path.basename(f).startswith(type_name + "+")]
            files = sorted(paired.get(type_name, set()) | set(own))
        if not files:
            problems.append(f"{document}:{number}: {type_name}.{member}: no file for {type_name} "
                            f"(name it once as `File.swift: {type_name}`)")
            continue
        if not any(declares_member(read(f), member) for f in files):
            shown = ", ".join(os.path.relpath(f, ROOT) for f in files)
            problems.append(f"{document}:{number}: {type_name}.{member}: not declared in {shown}")
    return problems


def main(arguments):
    documents = arguments or [os.path.join(ROOT, "docs", "architecture.md")]
    problems = [problem for document in documents for problem in check(document)]
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-walks: {len(problems)} name(s) in the documents no longer match the code", file=sys.stderr)
        return 1
    print(f"check-walks: every file and Type.member named in {', '.join(map(os.path.relpath, documents))} exists")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
