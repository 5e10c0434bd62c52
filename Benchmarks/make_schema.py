#!/usr/bin/env python3
"""Writes a synthetic modelgen schema with N classes of 20 fields each (a realistic mix:
scalars, bounded numbers, enums, embedded values, pointers, relations, indexes).

Usage: python3 make_schema.py N > schema.yaml
"""
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_schema.py N")
    n = int(sys.argv[1])
    out = ["version: 1", "description: Synthetic schema with %d classes." % n, "", "enums:"]
    for e in range(max(1, n // 20)):
        out.append("  Kind%d:" % e)
        out.append("    values: [alpha, beta, gamma, delta]")
    out += ["", "embedded:"]
    for e in range(max(1, n // 20)):
        out.append("  Part%d:" % e)
        out.append("    fields:")
        out.append("      label: string!")
        out.append("      amount: {type: double, min: 0}")
    out += ["", "classes:"]
    for c in range(n):
        kinds = max(1, n // 20)
        out.append("  Entity%d:" % c)
        out.append("    description: Entity number %d of the synthetic schema." % c)
        out.append("    fields:")
        out.append("      name: {type: string, required: true, maxLength: 120, description: The display name.}")
        out.append("      code: {type: string, unique: true, minLength: 2, maxLength: 16}")
        out.append("      count: {type: int, min: 0, max: 1000000, default: 0}")
        out.append("      ratio: {type: double, min: 0, max: 1}")
        out.append("      weight: float")
        out.append("      active: {type: bool, default: true}")
        out.append("      startsAt: date")
        out.append("      notes: string")
        out.append("      kind: {type: Kind%d, default: alpha}" % (c % kinds))
        out.append("      parts: array<Part%d>" % (c % kinds))
        out.append("      main: Part%d" % (c % kinds))
        out.append("      tags: {type: array<string>, maxCount: 10}")
        out.append("      attributes: map<string>")
        out.append("      payload: object")
        out.append("      image: file")
        out.append("      parent: pointer<Entity%d>" % ((c + n - 1) % n))
        out.append("      owner: {type: pointer<_User>, required: true, onDelete: cascade}")
        out.append("      related: relation<Entity%d>" % ((c + 1) % n))
        out.append("      score2: {type: int, index: true}")
        out.append("      place: geopoint")
        out.append("    indexes:")
        out.append("      - [name, startsAt]")
        out.append("      - {fields: [code, kind], unique: true}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
