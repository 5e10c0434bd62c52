#!/usr/bin/env python3
"""Validates modelgen schema files (YAML) against docs/modelgen.schema.json.

Usage: python3 validate.py SCHEMA_JSON FILE...

Prints `ok FILE` or `invalid FILE: MESSAGE at JSON_PATH` for each file. Exits 0 when every
file is valid, 1 when any is not (or the JSON Schema itself is invalid), 2 on a usage error.

YAML is read the way modelgen reads it (YAML 1.2 core schema), not the way PyYAML does by
default (YAML 1.1): `yes`/`no`/`on`/`off` stay strings, `2024-01-31` stays a string, `0o17`
and `0x1F` are integers, `1e3` is a float, mapping keys are kept as their text, duplicate or
non-scalar keys and tags outside the core schema are errors, and a file holds one document.
Needs only `jsonschema` and PyYAML.
"""
import json
import re
import sys

import jsonschema
import yaml
from yaml.constructor import BaseConstructor, ConstructorError
from yaml.nodes import MappingNode, ScalarNode
from yaml.resolver import BaseResolver

CORE = "tag:yaml.org,2002:"


class CoreResolver(BaseResolver):
    """Implicit tags of the YAML 1.2 core schema."""


CoreResolver.add_implicit_resolver(CORE + "bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
CoreResolver.add_implicit_resolver(CORE + "null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
CoreResolver.add_implicit_resolver(
    CORE + "int", re.compile(r"^[-+]?(?:[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789"))
CoreResolver.add_implicit_resolver(
    CORE + "float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+0123456789."))


class CoreConstructor(BaseConstructor):
    """Builds plain Python values for the core tags only; any other tag is an error."""

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, MappingNode):
            raise ConstructorError(None, None, "expected a mapping, found %s" % node.id, node.start_mark)
        mapping = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise ConstructorError("while reading a mapping", node.start_mark,
                                       "a mapping key must be a scalar", key_node.start_mark)
            key = key_node.value  # keys are names: keep their text (`on`, `1`, `true` stay strings)
            if key in mapping:
                raise ConstructorError("while reading a mapping", node.start_mark,
                                       "duplicate key '%s'" % key, key_node.start_mark)
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping

    def construct_core_map(self, node):
        data = {}
        yield data
        data.update(self.construct_mapping(node))

    def construct_core_seq(self, node):
        data = []
        yield data
        data.extend(self.construct_sequence(node))

    def construct_core_str(self, node):
        return self.construct_scalar(node)

    def construct_core_null(self, node):
        text = self.construct_scalar(node)
        if text not in ("", "~", "null", "Null", "NULL"):
            raise ConstructorError(None, None, "'%s' is not a null" % text, node.start_mark)
        return None

    def construct_core_bool(self, node):
        text = self.construct_scalar(node)
        if text in ("true", "True", "TRUE"):
            return True
        if text in ("false", "False", "FALSE"):
            return False
        raise ConstructorError(None, None, "'%s' is not a boolean (use true or false)" % text, node.start_mark)

    def construct_core_int(self, node):
        text = self.construct_scalar(node)
        match = re.match(r"^([-+]?)(0o|0x)?([0-9a-fA-F]+)$", text)
        try:
            if not match:
                raise ValueError
            sign, prefix, digits = match.groups()
            value = int(digits, {"0o": 8, "0x": 16}.get(prefix, 10))
        except ValueError:
            raise ConstructorError(None, None, "'%s' is not an integer" % text, node.start_mark)
        return -value if sign == "-" else value

    def construct_core_float(self, node):
        text = self.construct_scalar(node)
        special = {".inf": float("inf"), "+.inf": float("inf"), "-.inf": float("-inf"), ".nan": float("nan")}
        if text.lower() in special:
            return special[text.lower()]
        try:
            return float(text)
        except ValueError:
            raise ConstructorError(None, None, "'%s' is not a number" % text, node.start_mark)

    def construct_unsupported(self, node):
        tag = node.tag[len(CORE):] if node.tag.startswith(CORE) else node.tag
        shown = "!!" + tag if node.tag.startswith(CORE) else tag
        raise ConstructorError(None, None, "YAML tag '%s' is not supported" % shown, node.start_mark)


for _tag, _method in [("map", "construct_core_map"), ("seq", "construct_core_seq"), ("str", "construct_core_str"),
                      ("null", "construct_core_null"), ("bool", "construct_core_bool"),
                      ("int", "construct_core_int"), ("float", "construct_core_float")]:
    CoreConstructor.add_constructor(CORE + _tag, getattr(CoreConstructor, _method))
CoreConstructor.add_constructor(None, CoreConstructor.construct_unsupported)


class CoreLoader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer,
                 CoreConstructor, CoreResolver):
    def __init__(self, stream):
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        CoreConstructor.__init__(self)
        CoreResolver.__init__(self)


# modelgen's reader limits (YAMLLimits): file size, nesting depth, nodes that aliases stand for.
MAX_FILE_SIZE = 64 << 20
MAX_DEPTH = 64
MAX_ALIAS_EXPANSION = 10000


def check_limits(root):
    """Refuses nesting deeper than MAX_DEPTH and aliases standing for more than MAX_ALIAS_EXPANSION nodes.

    PyYAML's composer hands back the anchored node itself for every alias, so a node met a
    second time is an alias, which costs the full size of what it repeats."""
    sizes = {}

    def expanded_size(node, active):
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise yaml.YAMLError("an alias refers to a collection that contains it")
        active.add(key)
        size = 1
        for child in children(node):
            size += expanded_size(child, active)
            if size > MAX_ALIAS_EXPANSION:
                break  # big enough to decide; no need to count further
        active.discard(key)
        sizes[key] = size
        return size

    def children(node):
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                yield key_node
                yield value_node
        elif isinstance(node, yaml.nodes.SequenceNode):
            yield from node.value

    seen = set()
    expansion = 0
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            expansion += expanded_size(node, set())
            if expansion > MAX_ALIAS_EXPANSION:
                raise yaml.YAMLError("aliases expand to more than %d nodes" % MAX_ALIAS_EXPANSION)
            continue
        seen.add(id(node))
        if isinstance(node, (MappingNode, yaml.nodes.SequenceNode)):
            if depth > MAX_DEPTH:
                raise yaml.YAMLError("nesting is deeper than %d levels" % MAX_DEPTH)
            stack.extend((child, depth + 1) for child in children(node))


def load_yaml(path):
    """The document of the file at `path` (None when it has none)."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_FILE_SIZE + 1)
    if len(data) > MAX_FILE_SIZE:
        raise yaml.YAMLError("file is over the limit of %d bytes" % MAX_FILE_SIZE)
    text = data.decode("utf-8")  # raises UnicodeDecodeError for bytes that are not UTF-8
    loader = CoreLoader(text)
    try:
        root = loader.get_single_node()  # refuses a second document
        if root is None:
            return None
        check_limits(root)
        return loader.construct_document(root)
    finally:
        loader.dispose()


def json_path(parts):
    path = "$"
    for part in parts:
        if isinstance(part, int):
            path += "[%d]" % part
        elif re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", part):
            path += "." + part
        else:
            path += "[%s]" % json.dumps(part)
    return path


def one_line(text):
    return " ".join(str(text).split())


def short(value):
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def message(error):
    """jsonschema's message, or the schema's own wording where it has one (as editors show it)."""
    schema = error.schema if isinstance(error.schema, dict) else {}
    custom = schema.get("errorMessage")
    if error.validator == "pattern":
        custom = schema.get("patternErrorMessage") or custom
    if not custom:
        return one_line(error.message)
    return "%s: %s" % (short(error.instance), one_line(custom))


def main(argv):
    if len(argv) < 3:
        sys.stderr.write("usage: %s SCHEMA_JSON FILE...\n" % argv[0])
        return 2
    schema_path, files = argv[1], argv[2:]
    try:
        with open(schema_path, "rb") as handle:
            schema = json.loads(handle.read().decode("utf-8"))
    except (OSError, ValueError) as error:
        sys.stderr.write("%s: cannot read JSON Schema: %s\n" % (schema_path, one_line(error)))
        return 2
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        print("invalid %s: %s at %s" % (schema_path, one_line(error.message), json_path(error.absolute_path)))
        return 1
    validator = jsonschema.Draft202012Validator(schema)

    all_valid = True
    for path in files:
        try:
            document = load_yaml(path)
        except OSError as error:
            all_valid = False
            print("invalid %s: cannot read: %s" % (path, one_line(error.strerror or error)))
            continue
        except UnicodeDecodeError as error:
            all_valid = False
            print("invalid %s: bytes that are not UTF-8 at byte offset %d" % (path, error.start))
            continue
        except yaml.YAMLError as error:
            all_valid = False
            mark = getattr(error, "problem_mark", None)
            where = " at line %d, column %d" % (mark.line + 1, mark.column + 1) if mark else ""
            problem = getattr(error, "problem", None)
            context = getattr(error, "context", None)
            text = "%s, %s" % (context, problem) if context and problem and "document" in context else (problem or error)
            print("invalid %s: YAML error: %s%s" % (path, one_line(text), where))
            continue
        except RecursionError:
            all_valid = False
            print("invalid %s: nesting is too deep" % path)
            continue
        error = jsonschema.exceptions.best_match(validator.iter_errors(document))
        if error is None:
            print("ok %s" % path)
        else:
            all_valid = False
            print("invalid %s: %s at %s" % (path, message(error), json_path(error.absolute_path)))
    return 0 if all_valid else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
