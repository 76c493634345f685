"""Functions stay short enough to read at once: none in the server's code or the phone's scripts runs past
LIMIT lines, apart from the few named in ALLOWED (each waiting to be split)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 60

# Still longer than LIMIT, in a file being reworked at the moment: split it next and take it off this list.
# "path:name" -> the length it had when listed (a longer one fails too).
ALLOWED: dict[str, int] = {}

JS_KEYWORDS = {"if", "for", "while", "switch", "catch", "function", "return", "with", "do", "else"}
JS_NAMED = re.compile(
    r"\bfunction\s*\*?\s*(?P<fn>[A-Za-z_$][\w$]*)\s*\("                      # function name(
    r"|(?:^|[;{}])\s*(?:static\s+)?(?:async\s+)?(?:get\s+|set\s+)?"
    r"(?P<method>[A-Za-z_$][\w$]*)\s*\("                                    # name(...) { in a class/object
    r"|\b(?P<arrow>[A-Za-z_$][\w$]*)\s*[=:]\s*(?:async\s+)?(?:function\b\s*\(|\(|(?=[A-Za-z_$][\w$]*\s*=>))",
    re.MULTILINE)
REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def python_functions(path: Path):
    """(name, first line, length) of every function and method of a Python module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    stack = [(node, "") for node in tree.body]
    while stack:
        node, prefix = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node.lineno, node.end_lineno - node.lineno + 1
            stack += [(child, prefix + node.name + ".") for child in node.body]
        elif isinstance(node, ast.ClassDef):
            stack += [(child, prefix + node.name + ".") for child in node.body]
        else:
            stack += [(child, prefix) for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt)]


def blank_js(text: str) -> str:
    """The script with strings, template literals, regular expressions and comments blanked (same length,
    same lines), so that brackets can be counted."""
    out = list(text)
    i, n = 0, len(text)
    braces: list[str] = []  # "{" for a code block, "${" for a template's expression
    last = ""  # last significant character outside strings and comments

    def blank(start: int, end: int) -> None:
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    def template(start: int) -> int:
        """Blank a template literal's text from its opening backquote; return where code resumes."""
        k = start + 1
        while k < n:
            if text[k] == "\\":
                k += 2
            elif text[k] == "`":
                blank(start, k + 1)
                return k + 1
            elif text.startswith("${", k):
                blank(start, k + 2)
                braces.append("${")
                return k + 2
            else:
                k += 1
        blank(start, n)
        return n

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            blank(i, end)
            i = end
        elif c in "'\"":
            k = i + 1
            while k < n and text[k] != c and text[k] != "\n":
                k += 2 if text[k] == "\\" else 1
            blank(i, k + 1)
            i, last = k + 1, "a"
        elif c == "`":
            i, last = template(i), "a"
        elif c == "/" and (last in REGEX_BEFORE or re.search(r"\b(?:return|typeof|case)\s*$", text[max(0, i - 8):i])):
            k, in_class = i + 1, False
            while k < n and text[k] != "\n" and (text[k] != "/" or in_class):
                if text[k] == "\\":
                    k += 1
                elif text[k] == "[":
                    in_class = True
                elif text[k] == "]":
                    in_class = False
                k += 1
            blank(i, k + 1)
            i, last = k + 1, "a"
        elif c == "{":
            braces.append("{")
            i, last = i + 1, c
        elif c == "}":
            if braces and braces.pop() == "${":
                i, last = template(i), "a"  # the template resumes after its expression
                continue
            i, last = i + 1, c
        else:
            if not c.isspace():
                last = c
            i += 1
    return "".join(out)


def matching(code: str, start: int) -> int:
    """Index of the bracket closing the one at start (brackets of blanked code)."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    stack = []
    for k in range(start, len(code)):
        if code[k] in pairs:
            stack.append(pairs[code[k]])
        elif stack and code[k] == stack[-1]:
            stack.pop()
            if not stack:
                return k
    return len(code) - 1


def js_functions(path: Path):
    """(name, first line, length) of every named function, method and arrow function with a body."""
    code = blank_js(path.read_text(encoding="utf-8"))
    for found in JS_NAMED.finditer(code):
        name = found.group("fn") or found.group("method") or found.group("arrow")
        if name in JS_KEYWORDS:
            continue
        k = found.end()
        if code[k - 1] == "(":
            k = matching(code, k - 1) + 1
        else:  # a single parameter without brackets
            k = re.compile(r"[A-Za-z_$][\w$]*").match(code, k).end()
        after = re.compile(r"\s*(=>)?\s*").match(code, k)
        if found.group("arrow") and not after.group(1) and "function" not in found.group(0):
            continue  # a call such as x = f(...), not a function
        body = after.end()
        if body >= len(code) or code[body] != "{":
            continue  # a call, or an arrow function returning an expression
        first = code.count("\n", 0, found.start(found.lastgroup)) + 1
        last = code.count("\n", 0, matching(code, body)) + 1
        yield name, first, last - first + 1


def long_functions() -> dict[str, int]:
    """Every function over LIMIT lines: "path:name" -> its length."""
    found = {}
    for path in sorted((ROOT / "app").rglob("*.py")):
        for name, _, length in python_functions(path):
            if length > LIMIT:
                found[f"{path.relative_to(ROOT)}:{name}"] = length
    for path in sorted((ROOT / "static" / "js").rglob("*.js")):
        for name, _, length in js_functions(path):
            if length > LIMIT:
                found[f"{path.relative_to(ROOT)}:{name}"] = length
    return found


def test_no_function_runs_past_the_limit():
    """Every function over the limit is named with its length, unless allowed and not grown."""
    over = {key: length for key, length in long_functions().items() if length > ALLOWED.get(key, LIMIT)}
    assert not over, "functions over %d lines (split them where a reader would):\n%s" % (
        LIMIT, "\n".join(f"{key} {length} lines" for key, length in sorted(over.items(), key=lambda kv: -kv[1])))


def test_the_allowed_list_holds_only_long_functions():
    """A function split since it was allowed leaves the list."""
    assert not set(ALLOWED) - set(long_functions())


def test_the_script_scanner_measures_what_it_should(tmp_path):
    """Declarations, methods and arrow bodies are measured; strings, templates and comments cannot fool it."""
    script = tmp_path / "sample.js"
    script.write_text("function a(x) {\n  const s = '}'; // }\n  return `${x + {y: 1}.y}}`;\n}\n"
                      "class K {\n  method(p = {}) {\n    /* { */ return /}/.test(p);\n  }\n}\n"
                      "const b = async (p) => {\n  if (p) {\n    call(p);\n  }\n};\nconst c = (p) => p + 1;\n"
                      "const d = f(1);\n", encoding="utf-8")
    assert sorted(js_functions(script)) == [("a", 1, 4), ("b", 10, 5), ("method", 6, 3)]


def test_the_python_measure_counts_methods_and_nested_functions(tmp_path):
    """Methods and inner functions are measured under their dotted names."""
    module = tmp_path / "sample.py"
    module.write_text("class K:\n    def m(self):\n        def inner():\n            return 1\n        return inner\n",
                      encoding="utf-8")
    assert sorted(python_functions(module)) == [("K.m", 2, 4), ("K.m.inner", 3, 2)]
