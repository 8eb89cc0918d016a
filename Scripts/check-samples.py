#!/usr/bin/env python3
"""Compiles every Swift code block of README.md, SECURITY.md, the DocC articles and the
documentation comments in Sources/, so a sample cannot drift from the API.

Each block is type-checked as the `main.swift` of a module of its own (so top-level `await`,
`try`, declarations and extensions are all allowed) against the package's debug build, with
the flags SwiftPM used for the shop app (which imports Switchyard and SwitchyardTesting).
Warnings fail the check as errors do: a sample that warns is a sample that teaches a warning.

A block that is a fragment gets what it needs from a context file, in the test, never in the
doc: `Tests/Samples/<doc path>/<n>.swift`, where <n> counts the doc's Swift blocks from 1.
A context file's first line names the block it belongs to,

    // sample: README.md #3 "let router = Router(settings:"

(the doc, the number and how the block starts), so that a block moved or inserted above
it fails the check by name rather than being compiled against another block's context.
`// {{sample}}` marks where the block goes; without a context file a block is compiled
after `import Switchyard` alone.

Objective-C blocks (```objc) of README.md, SECURITY.md and the DocC articles are not compiled
here but looked up: each must be a run of whole lines of one .m or .h file at the top of
Examples/ObjC, compared line by line without trailing whitespace; Scripts/check-ios.sh compiles
those files against the iOS SDK. A block that shows another library's code (the "before" of a
migration guide) starts with a comment naming it, `// CTMediator`, `// BeeHive`, `// MGJRouter`
or `// JLRoutes`, which more words may follow, and is not looked up.

Blocks for UIKit, SwiftUI or WebKit (they import one, or use their types) cannot compile
here; they are listed, and written out with their contexts by `--apple-out DIR` for
`../shared/tools/ios-sdk-check/check.sh`. A context file whose second line is
`// platform: ios` marks its block as one of those, and one whose second line is `// manifest`
marks a block of `Package.swift` (a dependency line), type-checked against the toolchain's
PackageDescription as SwiftPM compiles a manifest.

usage: Scripts/check-samples.py [--build-path DIR] [--jobs N] [--only TEXT] [--apple-out DIR] [--list]
Exit status: 0 when every Swift block compiles without a warning and every Objective-C block
is found, 1 otherwise.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CONTEXTS = os.path.join(ROOT, "Tests", "Samples")
APPLE = re.compile(r"\bimport (UIKit|SwiftUI|WebKit)\b|\b(UIKitNavigator|UIViewController|UINavigationController|UIApplication|"
                   r"UIWindow|UIScene|UIWindowScene|RoutedWindow|WindowGroup|WKWebView|WKScriptMessage\w*|UIHostingController)\b"
                   r"|@SceneStorage|@Environment\(\\\.openWindow\)")
MARKER = "// {{sample}}"
OBJC_EXAMPLES = os.path.join(ROOT, "Examples", "ObjC")
OBJC_FENCE = re.compile(r"```(objc|objective-c|objectivec)\b", re.I)
# The first line of a block that shows another library's code, not ours.
OTHER_LIBRARY = re.compile(r"// (CTMediator|BeeHive|MGJRouter|JLRoutes)(?![A-Za-z0-9_])")


class Block:
    def __init__(self, doc, number, line, code):
        self.doc, self.number, self.line, self.code = doc, number, line, code
        self.context_path = os.path.join(CONTEXTS, doc, f"{number}.swift")

    @property
    def name(self):
        return f"{self.doc} #{self.number}"

    @property
    def first_line(self):
        for text in self.code.splitlines():
            if text.strip():
                return text.strip()[:40]
        return ""

    def context(self):
        if not os.path.exists(self.context_path):
            return None
        with open(self.context_path, encoding="utf-8") as file:
            return file.read()

    def is_manifest(self):
        """A context whose second line is `// manifest` holds a Package.swift line (a dependency)."""
        context = self.context() or ""
        return "// manifest" in context.splitlines()[1:2]

    def is_apple(self):
        context = self.context() or ""
        # Comments may name UIKit types ("or UIKitNavigator(window:)") without the code using them.
        code = "\n".join(without_comment(line) for line in self.code.splitlines())
        return "// platform: ios" in context.splitlines()[1:2] or bool(APPLE.search(code))


def without_comment(line):
    """The line up to a `//` comment; a `//` inside a string (`"myapp://x"`) is code."""
    in_string, escaped = False, False
    for index, character in enumerate(line):
        if escaped:
            escaped = False
        elif character == "\\":
            escaped = in_string
        elif character == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", index):
            return line[:index]
    return line


def markdown_blocks(path):
    """The ```swift blocks of a Markdown file: (line of the first code line, code)."""
    blocks, current, start = [], None, 0
    with open(path, encoding="utf-8") as file:
        for number, text in enumerate(file, 1):
            stripped = text.strip()
            if current is None and stripped.startswith("```swift"):
                current, start = [], number + 1
            elif current is not None and stripped == "```":
                blocks.append((start, "".join(current)))
                current = None
            elif current is not None:
                current.append(text)
    return blocks


def comment_blocks(path):
    """The ```swift blocks of a Swift file's `///` documentation comments."""
    blocks, current, start = [], None, 0
    with open(path, encoding="utf-8") as file:
        for number, text in enumerate(file, 1):
            stripped = text.strip()
            if not stripped.startswith("///"):
                if current is not None:
                    raise SystemExit(f"{path}:{start - 1}: a ```swift block in a comment is never closed")
                continue
            body = stripped[3:]
            body = body[1:] if body.startswith(" ") else body
            if current is None and body.strip().startswith("```swift"):
                current, start = [], number + 1
            elif current is not None and body.strip() == "```":
                blocks.append((start, "".join(current)))
                current = None
            elif current is not None:
                current.append(body + "\n")
    return blocks


def documents():
    """README.md, SECURITY.md and the DocC articles, as paths from the repository's root."""
    docs = ["README.md", "SECURITY.md"]
    for directory, _, files in sorted(os.walk(os.path.join(ROOT, "Sources"))):
        docs += [os.path.relpath(os.path.join(directory, name), ROOT) for name in sorted(files)
                 if ".docc" in directory and name.endswith(".md")]
    return [doc for doc in docs if os.path.exists(os.path.join(ROOT, doc))]


def objc_blocks(path):
    """The ```objc blocks of a Markdown file: (line of the first code line, lines)."""
    blocks, current, start = [], None, 0
    with open(path, encoding="utf-8") as file:
        for number, text in enumerate(file, 1):
            stripped = text.strip()
            if current is None and OBJC_FENCE.fullmatch(stripped.split()[0] if stripped else ""):
                current, start = [], number + 1
            elif current is not None and stripped == "```":
                blocks.append((start, current))
                current = None
            elif current is not None:
                current.append(text.rstrip())
    return blocks


def objc_examples():
    """The .m and .h files at the top of Examples/ObjC, and those of the mixed app's Objective-C
    targets (Examples/MixedApp/Sources/<T>/ and its include/): {path from the root: lines
    without trailing space}. Scripts/check-ios.sh compiles every one against the iOS SDK."""
    examples = {}
    folders = [OBJC_EXAMPLES]
    mixed = os.path.join(ROOT, "Examples", "MixedApp", "Sources")
    if os.path.isdir(mixed):
        for target in sorted(os.listdir(mixed)):
            folders += [os.path.join(mixed, target), os.path.join(mixed, target, "include")]
    for folder in folders:
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if name.endswith((".m", ".h")) and os.path.isfile(path):
                with open(path, encoding="utf-8") as file:
                    examples[os.path.relpath(path, ROOT)] = [line.rstrip() for line in file.read().splitlines()]
    return examples


def nearest_run(code, examples):
    """Where the block comes closest to a file: (file, line where the run starts, lines that agree)."""
    best = (None, 0, 0)
    for path, lines in examples.items():
        for start in range(len(lines)):
            agree = 0
            while agree < len(code) and start + agree < len(lines) and lines[start + agree] == code[agree]:
                agree += 1
            if agree > best[2]:
                best = (path, start + 1, agree)
    return best


def objc_verdict(code, examples):
    """"exempt" (another library's code), "found" (a run of lines of an example), or why neither."""
    if code and OTHER_LIBRARY.match(code[0].strip()):
        return "exempt"
    if code and any(lines[start:start + len(code)] == code
                    for lines in examples.values() for start in range(len(lines) - len(code) + 1)):
        return "found"
    if not code:
        return "it is empty"
    path, start, agree = nearest_run(code, examples)
    if path is None:
        return "no file has its first line"
    lines = examples[path]
    theirs = lines[start - 1 + agree] if start - 1 + agree < len(lines) else "(the end of the file)"
    return (f"nearest: {path} from line {start}, which agrees for {agree} of its {len(code)} lines; "
            f"then the block has {code[agree]!r} and the file {theirs!r}")


def check_objc(docs):
    """Each ```objc block of `docs` is a run of lines of an Examples/ObjC file, or shows another
    library's code. Returns (blocks, found, exempt, problems)."""
    examples = objc_examples()
    # The check must be able to fail: a block of no file, and a comment that only starts like a library's name.
    for planted in (["[SWYPlanted sample];"], ["// CTMediatorX", "@import SwitchyardObjC;", "[SWYPlanted sample];"]):
        if objc_verdict(planted, examples) in ("found", "exempt"):
            raise SystemExit(f"error: the check accepted a planted Objective-C block it must refuse: {planted}")
    count, found, exempt, problems = 0, 0, 0, []
    for doc in docs:
        for line, code in objc_blocks(os.path.join(ROOT, doc)):
            count += 1
            while code and not code[0].strip():
                code, line = code[1:], line + 1
            while code and not code[-1].strip():
                code = code[:-1]
            verdict = objc_verdict(code, examples)
            if verdict == "exempt":
                exempt += 1
            elif verdict == "found":
                found += 1
            else:
                problems.append(f"error: {doc}:{line}: this ```objc block is not a run of lines of a file of Examples/ObjC "
                                f"({verdict}); put the code in one, where it is compiled, or, for another library's code, "
                                "start the block with // CTMediator, // BeeHive, // MGJRouter or // JLRoutes")
    return count, found, exempt, problems


def all_blocks():
    found = []
    for directory, _, files in sorted(os.walk(os.path.join(ROOT, "Sources"))):
        for name in sorted(files):
            relative = os.path.relpath(os.path.join(directory, name), ROOT)
            if name.endswith(".swift"):
                found += [Block(relative, n, line, code) for n, (line, code) in enumerate(comment_blocks(os.path.join(ROOT, relative)), 1)]
    for doc in documents():
        found += [Block(doc, n, line, code) for n, (line, code) in enumerate(markdown_blocks(os.path.join(ROOT, doc)), 1)]
    return found


def source(block):
    """The main.swift for a block: its context with the block in place, errors mapped to the doc."""
    context = block.context()
    placed = f'#sourceLocation(file: "{block.doc}", line: {block.line})\n{block.code}#sourceLocation()\n'
    if block.is_manifest():
        placed = block.code   # a Package.swift block is arguments: no directive may stand among them
    if context is None:
        return "import Switchyard\n" + placed, None
    first = context.splitlines()[0] if context else ""
    expected = f'// sample: {block.name} "{block.first_line}"'
    if first.strip() != expected:
        return None, (f"{os.path.relpath(block.context_path, ROOT)}: its first line is\n    {first.strip()}\n"
                      f"but the block it is named for now reads\n    {expected}\n"
                      "a block was added, moved or changed above it: rename the context files to follow their blocks")
    if MARKER not in context:
        return None, f"{os.path.relpath(block.context_path, ROOT)}: no `{MARKER}` line to put the block at"
    return context.replace(MARKER, placed, 1), None


def compiler_flags(build_path):
    """The flags SwiftPM compiled the shop app with: module paths, C module maps, the macro plugin."""
    manifest = os.path.join(os.path.dirname(build_path.rstrip("/")), "debug.yaml")
    if not os.path.exists(manifest):
        manifest = os.path.join(ROOT, ".build", "debug.yaml")
    with open(manifest, encoding="utf-8") as file:
        text = file.read()
    match = re.search(r'"C\.ShopApp-[^"]*\.module":.*?\n\s+args: (\[.*?\])\n', text, re.S)
    if not match:
        raise SystemExit("the build has not compiled ShopApp: run `swift build` first")
    args = json.loads(match.group(1))
    keep, index = [], 1
    while index < len(args):
        arg = args[index]
        if arg in ("-I", "-target", "-module-cache-path", "-swift-version", "-package-name") and index + 1 < len(args):
            keep += [arg, args[index + 1]]
            index += 2
        elif arg in ("-Xcc", "-Xfrontend") and index + 1 < len(args):
            keep += [arg, args[index + 1]]
            index += 2
        elif arg.startswith("-D"):
            keep.append(arg)
            index += 1
        else:
            index += 1
    return [args[0]] + keep


def manifest_api(swiftc):
    """The toolchain's PackageDescription module, which a Package.swift compiles against."""
    toolchain = os.path.dirname(os.path.dirname(os.path.realpath(shutil.which(swiftc) or swiftc)))
    return os.path.join(toolchain, "lib", "swift", "pm", "ManifestAPI")


def check(block, flags, directory):
    code, problem = source(block)
    if problem:
        return block, False, problem
    folder = os.path.join(directory, f"{abs(hash(block.name))}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "main.swift")
    with open(path, "w", encoding="utf-8") as file:
        file.write(code)
    command = [flags[0], "-typecheck", "-module-name", "Sample", path] + flags[1:]
    if block.is_manifest():
        # A Package.swift line: against PackageDescription, as SwiftPM compiles a manifest.
        command = [flags[0], "-typecheck", "-module-name", "Manifest", path, "-I", manifest_api(flags[0]),
                   "-package-description-version", "6.0", "-swift-version", "6"]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    noisy = [line for line in output.splitlines() if re.search(r"\b(error|warning):", line)]
    return block, result.returncode == 0 and not noisy, output


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-path", help="the debug build folder (default: `swift build --show-bin-path`)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--only", help="check only blocks whose doc path contains this text")
    parser.add_argument("--apple-out", help="write each UIKit/SwiftUI/WebKit block, in its context, to this folder")
    parser.add_argument("--list", action="store_true", help="list the blocks and their contexts, and compile nothing")
    options = parser.parse_args()

    blocks = [block for block in all_blocks() if not options.only or options.only in block.doc]
    apple = [block for block in blocks if block.is_apple()]
    linux = [block for block in blocks if not block.is_apple()]
    orphans = []
    for directory, _, files in os.walk(CONTEXTS):
        for name in files:
            path = os.path.join(directory, name)
            if name.endswith(".swift") and not any(block.context_path == path for block in all_blocks()):
                orphans.append(os.path.relpath(path, ROOT))

    if options.list:
        for block in blocks:
            kind = "ios  " if block in apple else "linux"
            context = os.path.relpath(block.context_path, ROOT) if block.context() else "-"
            print(f"{kind} {block.name} (line {block.line}): {block.first_line!r}  context: {context}")
        return 0

    if options.apple_out:
        os.makedirs(options.apple_out, exist_ok=True)
        for block in apple:
            code, problem = source(block)
            if problem:
                print(f"error: {block.name}: {problem}", file=sys.stderr)
                return 1
            name = re.sub(r"[^A-Za-z0-9]+", "_", block.name).strip("_") + ".swift"
            with open(os.path.join(options.apple_out, name), "w", encoding="utf-8") as file:
                file.write(code)
        print(f"wrote {len(apple)} UIKit/SwiftUI/WebKit samples to {options.apple_out}")
        return 0

    # Objective-C blocks are looked up, not compiled: quick, so first, and reported with the Swift blocks.
    objc_docs = [doc for doc in documents() if not options.only or options.only in doc]
    objc_count, objc_found, objc_exempt, objc_problems = check_objc(objc_docs)
    for problem in objc_problems:
        print(problem)
    objc_files = len({doc for doc in objc_docs if objc_blocks(os.path.join(ROOT, doc))})
    objc_summary = (f"{objc_found} of {objc_count - objc_exempt} Objective-C blocks in {objc_files} files are lines of "
                    f"Examples/ObjC; {objc_exempt} show another library's code")

    build_path = options.build_path or subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                                                      text=True, check=True).stdout.strip()
    flags = compiler_flags(build_path)
    failures = []
    # The check must be able to fail: a sample that cannot compile, and one that only warns.
    with tempfile.TemporaryDirectory(prefix="switchyard-samples-") as directory:
        for planted in ('let count: Int = "three"\n', "func planted() { let unused = 1 }\n"):
            _, passed, _ = check(Block("planted.md", 1, 1, planted), flags, directory)
            if passed:
                print(f"error: the check accepted a planted sample it must refuse: {planted.strip()}")
                return 1
    with tempfile.TemporaryDirectory(prefix="switchyard-samples-") as directory:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
            for block, passed, output in pool.map(lambda block: check(block, flags, directory), linux):
                if not passed:
                    failures.append((block, output))
    for block, output in failures:
        print(f"\n== {block.name} (line {block.line}) does not compile cleanly:\n{output}")
    for orphan in orphans:
        print(f"error: {orphan} names no block: a block it was for is gone")
    documents_with_blocks = len({block.doc for block in linux})
    print(f"\n{len(linux) - len(failures)} of {len(linux)} Swift blocks in {documents_with_blocks} files compiled without a warning; "
          f"{len(apple)} UIKit/SwiftUI/WebKit blocks are left to the iOS SDK check (--apple-out)")
    print(objc_summary)
    return 1 if failures or orphans or objc_problems else 0


if __name__ == "__main__":
    sys.exit(main())
