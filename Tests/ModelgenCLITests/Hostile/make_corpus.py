#!/usr/bin/env python3
"""Writes the hostile-input corpus: one schema file per case, each of which modelgen must refuse
with a located error, a clean exit and nothing written (see HostileInputTests.swift). Most cases
are bytes that are awkward to type or to keep intact in an editor, so they are made here.
Run it from anywhere; it rewrites the .yaml files beside it (never the .diagnostics files).

Cases too big to commit (a 200 MB file, 10,000-deep nesting, millions of nodes) are made by
the tests themselves, in a temporary directory.
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
VALID = "classes:\n  Book:\n    fields:\n      title: string!\n"
cases = {}


def case(name, data):
    assert name not in cases, name
    cases[name] = data.encode("utf-8") if isinstance(data, str) else data


# --- Bytes and encodings ---------------------------------------------------------------------
case("nul-byte-at-start", b"\x00" + VALID.encode())
case("nul-byte-in-key", b"classes:\n  Bo\x00ok:\n    fields: {title: string}\n")
case("nul-byte-in-comment", b"# comment \x00 here\n" + VALID.encode())
random.seed(8)
case("random-binary", bytes(random.randrange(256) for _ in range(4096)))
case("elf-executable-header", b"\x7fELF\x02\x01\x01\x00" + bytes(56) + b"\x02\x00\x3e\x00")
case("png-image-header", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10")
case("gzip-compressed", b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcbH\xcd\xc9\xc9\x07\x00")
case("invalid-utf8-lone-continuation", b"classes:\n  Book:\n    description: caf\x80\n")
case("invalid-utf8-overlong-slash", b"classes:\n  Book:\n    description: a\xc0\xafb\n")
case("invalid-utf8-surrogate", b"classes:\n  Book:\n    description: a\xed\xa0\x80b\n")
case("invalid-utf8-above-u10ffff", b"classes:\n  Book:\n    description: a\xf4\x90\x80\x80b\n")
case("invalid-utf8-byte-ff", b"classes:\n  Book:\n    description: a\xffb\n")
case("invalid-utf8-truncated-at-end", b"classes:\n  Book:\n    description: euro \xe2\x82")
case("invalid-utf8-in-key", b"classes:\n  B\xe9ok:\n    fields: {title: string}\n")
case("latin1-description", "classes:\n  Book:\n    description: café crème\n".encode("latin-1"))
case("windows-1252-smart-quotes", b"classes:\n  Book:\n    description: \x93quoted\x94\n")
case("mixed-encodings-utf8-then-latin1",
     "classes:\n  Book:\n    description: naïve\n  Author:\n    description: ".encode() + "naïve\n".encode("latin-1"))
case("utf16le-with-bom", b"\xff\xfe" + VALID.encode("utf-16-le"))
case("utf16be-with-bom", b"\xfe\xff" + VALID.encode("utf-16-be"))
case("utf16le-without-bom", VALID.encode("utf-16-le"))
case("utf16be-without-bom", VALID.encode("utf-16-be"))
case("utf32le-with-bom", b"\xff\xfe\x00\x00" + VALID.encode("utf-32-le"))
case("utf32be-with-bom", b"\x00\x00\xfe\xff" + VALID.encode("utf-32-be"))
case("control-character-raw", b"classes:\n  Book:\n    description: bell \x07 here\n")
case("ansi-escape-raw", b"classes:\n  Book:\n    description: \x1b[31mred\x1b[0m\n")
case("delete-character-raw", b"classes:\n  Book:\n    description: a\x7fb\n")
case("c1-control-raw", "classes:\n  Book:\n    description: a\u0090b\n")

# --- Aliases, anchors, tags ------------------------------------------------------------------
lines = ["classes:", "  Book:", "    fields:", "      title: string", "lol0: &l0 [a, a, a, a, a, a, a, a, a, a]"]
for level in range(1, 10):
    lines.append("lol%d: &l%d [%s]" % (level, level, ", ".join(["*l%d" % (level - 1)] * 10)))
case("billion-laughs-sequences", "\n".join(lines) + "\n")
lines = ["m0: &m0 {a: x, b: x, c: x, d: x, e: x, f: x, g: x, h: x, i: x, j: x}"]
for level in range(1, 10):
    lines.append("m%d: &m%d {%s}" % (level, level, ", ".join("k%d: *m%d" % (k, level - 1) for k in range(10))))
case("billion-laughs-mappings", "\n".join(lines) + "\n")
lines = ["d0: &d0 [x, x]"] + ["d%d: &d%d [*d%d, *d%d]" % (i, i, i - 1, i - 1) for i in range(1, 40)]
case("alias-doubling-40-levels", "\n".join(lines) + "\n")
case("alias-bomb-inside-fields", "classes:\n  Book:\n    fields: &f {a: string, b: string, c: string, d: string, e: string, f: string, g: string, h: string}\n" +
     "".join("  C%d: {fields: *f}\n" % i for i in range(1200)))
case("alias-to-itself", "classes: &c\n  Book: *c\n")
case("alias-before-anchor", "classes:\n  Book: *later\n  Author: &later {fields: {name: string}}\n")
case("alias-as-duplicate-key", "classes:\n  &k Book: {fields: {title: string}}\n  *k : {fields: {name: string}}\n")
case("alias-to-mapping-as-key", "base: &b {x: 1}\nclasses:\n  *b : {fields: {name: string}}\n")
case("merge-key-is-not-supported", "classes:\n  Base: &base {fields: {name: string}}\n  Book:\n    <<: *base\n")
case("python-object-apply-tag", "classes: !!python/object/apply:os.system [\"rm -rf /\"]\n")
case("python-name-tag", "classes:\n  Book: !!python/name:os.system\n")
case("ruby-object-tag", "classes: !ruby/object:Gem::Installer\n  i: x\n")
case("java-class-tag", "classes: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL [\"http://x/\"]]]]\n")
case("binary-tag", "classes:\n  Book:\n    description: !!binary aGVsbG8=\n")
case("timestamp-tag", "classes:\n  Book:\n    fields:\n      at: {type: date, default: !!timestamp 2024-01-01}\n")
case("set-tag", "classes: !!set {Book: null}\n")
case("verbatim-tag", "classes: !<tag:yaml.org,2002:python/object> {}\n")
case("custom-tag-directive", "%TAG !x! tag:evil.example,2024:\n---\nclasses: !x!payload {}\n")
case("yaml-2-directive", "%YAML 2.0\n---\n" + VALID)

# --- Structure -------------------------------------------------------------------------------
case("two-documents-after-end-marker", VALID + "...\n---\nclasses: {}\n")
case("document-end-then-garbage", VALID + "...\ngarbage\n")
case("three-documents", "---\n" + VALID + "---\n" + VALID + "---\n" + VALID)
case("top-level-sequence", "- classes\n- Book\n")
case("top-level-scalar", "just some text\n")
case("top-level-null", "~\n")
case("top-level-number", "42\n")
case("complex-mapping-key", "classes:\n  ? {a: 1}\n  : {fields: {title: string}}\n")
case("duplicate-key-in-large-mapping",
     "classes:\n" + "".join("  C%d: {fields: {x: int}}\n" % i for i in range(30)) + "  C17: {fields: {y: int}}\n")
case("duplicate-key-quoted-and-plain", "classes:\n  Book: {fields: {title: string}}\n  \"Book\": {fields: {name: string}}\n")
case("duplicate-key-deep", "classes:\n  Book:\n    fields:\n      title: {type: string, type: int}\n")
case("unclosed-flow-mapping", "classes: {Book: {fields: {title: string}\n")
case("unclosed-double-quote", "classes:\n  Book:\n    description: \"never closed\n")
case("unclosed-single-quote", "classes:\n  Book:\n    description: 'never closed\n")
case("stray-closing-bracket", "classes: ]\n")
case("stray-closing-brace", "classes:\n  Book: }\n")
case("reserved-indicator-at", "classes:\n  Book:\n    description: @handle\n")
case("reserved-indicator-backtick", "classes:\n  Book:\n    description: `ls`\n")
case("tab-indented-block", "classes:\n\tBook:\n\t\tfields: {title: string}\n")
case("tabs-mixed-with-spaces", "classes:\n  Book:\n  \tfields: {title: string}\n")
case("simple-key-over-1024-characters", "classes:\n  " + "K" * 2000 + ": {fields: {x: int}}\n")
case("bad-escape-in-double-quotes", "classes:\n  Book:\n    description: \"\\q\"\n")
case("escaped-nul-in-name", "classes:\n  \"Bo\\0ok\": {fields: {title: string}}\n")
case("escaped-newline-in-name", "classes:\n  \"Book\\nimport Foundation\": {fields: {title: string}}\n")
case("path-traversal-class-name", "classes:\n  \"../../etc/passwd\": {fields: {title: string}}\n")
case("absolute-path-class-name", "classes:\n  \"/tmp/evil\": {fields: {title: string}}\n")
case("empty-class-name", "classes:\n  \"\": {fields: {title: string}}\n")
case("null-class-name", "classes:\n  ~: {fields: {title: string}}\n")
case("numeric-class-name", "classes:\n  123: {fields: {title: string}}\n")
case("unicode-class-name", "classes:\n  Bóok: {fields: {title: string}}\n")
case("homoglyph-class-name", "classes:\n  Book: {fields: {title: string}}\n  Вook: {fields: {title: string}}\n")

# --- Numbers -----------------------------------------------------------------------------------
case("version-huge", "version: 99999999999999999999999999999\n" + VALID)
case("version-infinite", "version: .inf\n" + VALID)
case("version-nan", "version: .nan\n" + VALID)
case("int-default-overflow", "classes:\n  Book:\n    fields:\n      n: {type: int, default: 9223372036854775808}\n")
case("int-default-hex-overflow", "classes:\n  Book:\n    fields:\n      n: {type: int, default: 0x10000000000000000}\n")
case("int-min-huge", "classes:\n  Book:\n    fields:\n      n: {type: int, min: -99999999999999999999999}\n")
case("double-default-overflow", "classes:\n  Book:\n    fields:\n      d: {type: double, default: 1e400}\n")
case("double-default-nan", "classes:\n  Book:\n    fields:\n      d: {type: double, default: .nan}\n")
case("double-default-infinity", "classes:\n  Book:\n    fields:\n      d: {type: double, default: -.inf}\n")
case("float-default-beyond-float", "classes:\n  Book:\n    fields:\n      f: {type: float, default: 3.5e38}\n")
case("max-infinite", "classes:\n  Book:\n    fields:\n      d: {type: double, min: 0, max: .inf}\n")
case("max-length-huge", "classes:\n  Book:\n    fields:\n      s: {type: string, maxLength: 1e30}\n")
case("max-count-negative-zero", "classes:\n  Book:\n    fields:\n      a: {type: array<string>, minCount: 5, maxCount: -0}\n")
case("int-enum-raw-value-overflow", "enums:\n  E:\n    type: int\n    values: {a: 18446744073709551616}\n")

for name, data in cases.items():
    with open(os.path.join(HERE, name + ".yaml"), "wb") as f:
        f.write(data)
print(len(cases), "cases")
