#!/usr/bin/env python3
"""Compares the stand-ins in AppleStubs/ with Apple's iPhoneOS SDK, declaration by declaration.

For every type and member a stand-in declares (its name, argument labels, parameter and
result types, optionality), this writes a line of Swift that only compiles when the SDK
declares the same: `let _: (UINavigationController) -> (UIViewController, Bool) -> Void =
UINavigationController.pushViewController(_:animated:)`. The lines are type-checked twice:
against the stand-ins (where they must all compile, or the generator is wrong) and against the
SDK with ../shared/tools/ios-sdk-check/check.sh. A line that fails against the SDK is a
difference. For actor isolation, each member is also referenced from a nonisolated function:
where the SDK reports it main-actor isolated and the stand-in does not (or the other way), the
isolation differs.

Generic members, protocol requirements (checked through a `#selector` or a conforming type
would differ between Objective-C and Swift protocols) and SwiftUI's result builders are listed
as not compared.

usage: Scripts/compare-stubs.py --sdk-repo DIR [--sdk iPhoneOS17.0.sdk] [--target arm64-apple-ios17.0] [--keep DIR]
Exit status: 0 when nothing differs, 1 otherwise, 2 when a check could not run.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
STUBS = os.path.join(ROOT, "AppleStubs")
CHECK = os.path.normpath(os.path.join(ROOT, "..", "shared", "tools", "ios-sdk-check", "check.sh"))
MODULES = ["UIKit", "SwiftUI", "UserNotifications", "Combine", "WebKit"]


class Member:
    def __init__(self, module, owner, kind, name, signature, line, text):
        self.module, self.owner, self.kind, self.name = module, owner, kind, name
        self.signature, self.line, self.text = signature, line, text

    @property
    def where(self):
        return f"AppleStubs/{self.module}/{self.module}.swift:{self.line}"

    @property
    def label(self):
        return f"{self.owner + '.' if self.owner else ''}{self.name}"


def split_params(text):
    """The parameters of `(a: A, b c: (X, Y) -> Z = {})` as (external label, type) pairs."""
    params, depth, current = [], 0, ""
    for position, character in enumerate(text):
        if character in "([<{":
            depth += 1
        elif character in ")]}" or (character == ">" and text[position - 1:position] != "-"):
            depth -= 1
        if character == "," and depth == 0:
            params.append(current)
            current = ""
        else:
            current += character
    if current.strip():
        params.append(current)
    result = []
    for param in params:
        param = param.strip()
        names, _, rest = param.partition(":")
        type_text = re.split(r"\s=\s", rest, maxsplit=1)[0].strip()
        parts = [part for part in names.split() if not part.startswith("@")]
        external = parts[0] if parts else "_"
        result.append((external, type_text))
    return result


def closing(text, start):
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return index
    return len(text) - 1


def function_type(params, result):
    types = []
    for _, type_text in params:
        type_text = type_text.replace("inout ", "inout ")
        types.append(type_text)
    return f"({', '.join(types)}) -> {result or 'Void'}"


known_protocols = set()
generic_types = set()


def parse(module, path):
    """The members of a stand-in file, with the type each belongs to."""
    members, stack, depth = [], [], 0
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    index = 0
    while index < len(lines):
        raw = lines[index]
        line = raw.strip()
        number = index + 1
        # Join a declaration that continues over several lines (an open parenthesis).
        joined = line
        while joined.count("(") > joined.count(")") and index + 1 < len(lines):
            index += 1
            joined += " " + lines[index].strip()
        declaration = re.sub(r"^(@\w+(\([^)]*\))?\s+)*", "", joined)
        declaration = re.sub(r"^(nonisolated\s+)", "", declaration)
        type_match = re.match(r"^(?:open |public |final )*(class|struct|enum|protocol|extension)\s+(\w+(?:\.\w+)*)(<)?", declaration)
        owner = stack[-1][0] if stack else ""
        if type_match and not re.match(r"^(?:open |public |final )*class (?:func|var|let) ", declaration):
            kind, name, generic = type_match.groups()
            full = name if kind == "extension" or not owner else owner + "." + name
            # What a conformance, a generic type or a result builder declares is not compared
            # member by member: the adapters and shells, checked against the SDK, use them.
            opaque = kind in ("protocol", "extension") and (name in known_protocols or name in generic_types or name in ("Never", "Optional"))\
                or bool(generic) or "@resultBuilder" in lines[index - 1] or name.startswith("_")
            if kind == "protocol":
                known_protocols.add(name)
            if generic:
                generic_types.add(name)
            if kind != "extension":
                members.append(Member(module, owner, "generic" if generic else kind, name, None, number, declaration))
            if "{" in joined:
                stack.append((full if kind != "extension" else name, depth, opaque or (stack[-1][2] if stack else False)))
        elif declaration.startswith(("open ", "public ", "case ")) and (not stack or stack[-1][0]):
            member = member_of(module, owner, declaration, number)
            if member:
                if stack and stack[-1][2]:
                    member.kind = "opaque"
                members.append(member)
        depth += joined.count("{") - joined.count("}")
        while stack and depth <= stack[-1][1]:
            stack.pop()
        index += 1
    return members


def member_of(module, owner, declaration, number):
    text = re.sub(r"\s*\{.*$", "", declaration).strip()
    text = re.sub(r"^(open |public |final |override |weak |nonisolated |required |convenience |@MainActor )+", "", text)
    if text.startswith("case "):
        names = [re.split(r"\s*=", part.strip())[0] for part in text[5:].split(",")]
        return Member(module, owner, "case", ",".join(names), None, number, declaration)
    static = text.startswith(("static ", "class "))
    text = re.sub(r"^(static |class )", "", text)
    if text.startswith("func "):
        match = re.match(r"func\s+(`?\w+`?)\s*(<[^>]*>)?\s*\(", text)
        if not match:
            return None
        name, generics = match.group(1), match.group(2)
        start = text.index("(", match.end() - 1)
        end = closing(text, start)
        params = split_params(text[start + 1:end])
        result = re.search(r"->\s*(.+?)(\s+where\s+.*)?$", text[end + 1:])
        kind = "generic" if generics or (result and "some " in result.group(1)) else ("static func" if static else "func")
        return Member(module, owner, kind, name, (params, result.group(1).strip() if result else None), number, declaration)
    if text.startswith("init"):
        match = re.match(r"init(\?)?\s*(<[^>]*>)?\s*\(", text)
        if not match:
            return None
        start = text.index("(")
        end = closing(text, start)
        params = split_params(text[start + 1:end])
        generic = bool(match.group(2)) or " where " in text[end:]
        return Member(module, owner, "generic" if generic else "init", "init", (params, match.group(1)), number, declaration)
    match = re.match(r"(var|let)\s+(\w+)\s*(?::\s*([^=]+?))?\s*(=\s*(.+))?$", text)
    if match:
        keyword, name, type_text, _, value = match.groups()
        if not type_text and value:
            value = value.strip()
            constructed = re.match(r"([A-Z]\w*(?:\.\w+)*)\s*\(", value)
            member_value = re.match(r"([A-Z]\w*(?:\.[A-Z]\w*)*)\.\w+$", value)
            literal = "String" if value.startswith('"') else "Bool" if value in ("true", "false") else "Int" if re.match(r"^-?\d+$", value) else None
            type_text = constructed.group(1) if constructed else member_value.group(1) if member_value else literal
        settable = keyword == "var" and "{ get }" not in declaration and not re.search(r"\{\s*(nil|\w|\.|\[|\")", declaration.split(name, 1)[1])
        kind = ("static " if static else "") + ("settable" if settable else "property")
        return Member(module, owner, kind, name, type_text.strip() if type_text else None, number, declaration)
    return None


nested_types = {}


def qualified(text, owner):
    """`text` with the types nested in `owner` (or in the types around it) named in full, as
    the check, written outside the type, must name them."""
    scopes = []
    while owner:
        scopes.append(owner)
        owner = owner.rpartition(".")[0]
    for scope in scopes:
        for name in nested_types.get(scope, ()):
            text = re.sub(r"(?<![\w.])" + re.escape(name) + r"\b", scope + "." + name, text)
    return text


def check_line(member):
    """A statement that compiles only when the SDK declares `member` as the stand-in does."""
    line = unqualified_check_line(member)
    return qualified(line, member.owner) if line and member.owner else line


def unqualified_check_line(member):
    owner = member.owner
    if member.kind in ("generic", "opaque") or member.name == "body" or member.name.startswith("_"):
        return None
    if member.kind in ("class", "struct", "enum"):
        name = f"{owner}.{member.name}" if owner else member.name
        return f"_ = {name}.self"
    if member.kind == "protocol":
        return f"_ = (any {member.name}).self" if not owner else None
    if member.kind == "case":
        return "; ".join(f"_ = {owner}.{name}" for name in member.name.split(","))
    if member.kind in ("func", "static func"):
        params, result = member.signature
        labels = "".join(f"{label}:" for label, _ in params)
        call = f"{member.name}({labels})" if labels else member.name
        reference = f"{owner}.{call}" if owner else call
        function = function_type(params, result)
        if member.kind == "func" and owner:
            return f"let _: ({owner}) -> {function} = {reference}"
        return f"let _: {function} = {reference}"
    if member.kind == "init":
        params, failable = member.signature
        labels = "".join(f"{label}:" for label, _ in params)
        reference = f"{owner}.init({labels})" if labels else f"{owner}.init"
        return f"let _: {function_type(params, owner + ('?' if failable else ''))} = {reference}"
    if "property" in member.kind or "settable" in member.kind:
        if not member.signature:
            return None
        type_text = member.signature.replace("!", "?")
        if member.kind.startswith("static"):
            lines = [f"let _: {type_text} = {owner}.{member.name}"]
        elif owner:
            lines = [f"let _: ({owner}) -> {type_text} = {{ $0.{member.name} }}"]
            if member.kind == "settable":
                lines.append(f"let _: ({owner}, {type_text}) -> Void = {{ $0.{member.name} = $1 }}")
        else:
            lines = [f"let _: {type_text} = {member.name}"]
        return "; ".join(lines)
    return None


def write_checks(members, path, isolated):
    """The check file; returns the line number of each member's check."""
    lines = ["// Generated by Scripts/compare-stubs.py: each line compiles only if the SDK declares what the stand-in does."]
    lines += [f"import {module}" for module in MODULES]
    where = {}
    for number, member in enumerate(members):
        statement = check_line(member)
        if statement is None:
            continue
        attribute = "@MainActor " if isolated else "nonisolated "
        lines.append(f"{attribute}func check{number}() {{ {statement} }}")
        where[len(lines)] = member
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")
    return where


def failing_lines(output, path):
    name = os.path.basename(path)
    return {int(match.group(1)) for match in re.finditer(re.escape(name) + r":(\d+):\d+: error:", output)}


def isolation_lines(output, path):
    name = os.path.basename(path)
    found = set()
    for match in re.finditer(re.escape(name) + r":(\d+):\d+: (error|warning): (.*)", output):
        if "actor-isolated" in match.group(3) or "main actor" in match.group(3):
            found.add(int(match.group(1)))
    return found


def against_stubs(path):
    """Type-checks `path` against the stand-ins (a build of them with SWITCHYARD_APPLE_STUBS=1)."""
    environment = dict(os.environ, SWITCHYARD_APPLE_STUBS="1")
    scratch = os.path.join(ROOT, ".build-stubs")
    # Every stand-in the checks import, each by name: a build folder that has only some of them
    # (SwiftUI's build does not make WebKit) must not decide what is compared.
    for module in MODULES:
        build = subprocess.run(["swift", "build", "--scratch-path", scratch, "--target", module],
                               cwd=ROOT, env=environment, capture_output=True, text=True)
        if build.returncode != 0:
            raise SystemExit(f"could not build the stand-in {module}:\n{build.stdout}{build.stderr}")
    modules = os.path.join(scratch, "debug", "Modules")
    result = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", "-I", modules, path],
                            cwd=ROOT, capture_output=True, text=True)
    return result.stdout + result.stderr


def against_sdk(path, options):
    command = [CHECK, "--sdk-repo", options.sdk_repo, "--sdk", options.sdk, "--target", options.target, "--targets", "", path]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=dict(os.environ, SWITCHYARD_APPLE_STUBS=""))
    output = result.stdout + result.stderr
    if result.returncode == 2:
        raise SystemExit(f"the SDK check could not run:\n{output[-2000:]}")
    return output


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sdk-repo", required=True)
    parser.add_argument("--sdk", default="iPhoneOS17.0.sdk")
    parser.add_argument("--target", default="arm64-apple-ios17.0")
    parser.add_argument("--keep", help="keep the generated files in this folder")
    options = parser.parse_args()

    members = []
    for module in sorted(os.listdir(STUBS)):
        path = os.path.join(STUBS, module, module + ".swift")
        if os.path.exists(path):
            members += parse(module, path)
    for member in members:
        if member.kind in ("class", "struct", "enum", "generic") and member.owner:
            nested_types.setdefault(member.owner, set()).add(member.name)
    folder = options.keep or tempfile.mkdtemp(prefix="compare-stubs-")
    os.makedirs(folder, exist_ok=True)
    shapes = os.path.join(folder, "StubShapes.swift")
    isolation = os.path.join(folder, "StubIsolation.swift")
    where = write_checks(members, shapes, isolated=True)
    isolation_where = write_checks(members, isolation, isolated=False)

    stub_output = against_stubs(shapes)
    broken = failing_lines(stub_output, shapes)
    if broken:
        for line in sorted(broken):
            # A line that is no declaration's check (an import, say) fails for the whole file.
            what = f"the check for {where[line].label} ({where[line].where})" if line in where else f"line {line} of the generated checks"
            print(f"generator: {what} does not compile against the stand-ins")
        print(stub_output[-3000:])
        return 2
    sdk_output = against_sdk(shapes, options)
    differences = [(where[line], "not declared so in the SDK") for line in sorted(failing_lines(sdk_output, shapes)) if line in where]

    stub_isolation = isolation_lines(against_stubs(isolation), isolation)
    sdk_isolation = isolation_lines(against_sdk(isolation, options), isolation)
    for line in sorted(stub_isolation ^ sdk_isolation):
        if line in isolation_where:
            member = isolation_where[line]
            said = "main-actor isolated in the SDK, not in the stand-in" if line in sdk_isolation else "main-actor isolated in the stand-in, not in the SDK"
            differences.append((member, said))

    compared = len(where)
    skipped = [member for member in members if check_line(member) is None]
    for member, why in differences:
        print(f"differs: {member.label} ({member.where}): {why}\n    {member.text}")
        for match in re.finditer(r"StubShapes\.swift:(\d+):\d+: error: (.*)", sdk_output):
            if int(match.group(1)) in where and where[int(match.group(1))] is member:
                print(f"    SDK: {match.group(2)}")
    for member in skipped:
        print(f"not compared: {member.label} ({member.where}): {member.kind}")
    print(f"compare-stubs: {compared} declarations compared with {options.sdk} ({options.target}): "
          f"{compared - len({id(m) for m, _ in differences})} match, {len(differences)} differ; {len(skipped)} not compared")
    if not options.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
