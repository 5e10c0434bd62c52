/// JSON's string literal as the runtime (``JSONValue`` on the wire) and the `parse` emitter's
/// schema files write it. `"` and `\` escaped, control characters as `\n` `\r` `\t` `\b` `\f` or `\u00XX`, and U+2028 and U+2029 as `\u2028` and
/// `\u2029`: valid JSON either way, but line breaks to JavaScript before ES2019, and the schema
/// file is JavaScript. Everything else is written as it is.
package enum JSONString {
    package static func append(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
