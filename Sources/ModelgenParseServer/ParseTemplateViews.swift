// Generated from Templates/parse-*.mustache and the views in
// Sources/ModelgenTemplateCompiler/TemplateViewSpecs.swift by `swift run template-compiler`; do not edit.

import ModelgenTemplates

/// The JavaScript module of the defined schema (`parse-schema-js`).
struct ParseSchemaScriptView {
    /// The class definitions as a JSON array, as `schema.json` holds them.
    var definitions: String
}

extension ParseSchemaScriptView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["definitions"] = definitions
        return context
    }
}

extension ParseSchemaScriptView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "parse-schema-js": CompiledParseTemplates.parseSchemaJs(self, &output)
        default: return false
        }
        return true
    }
}

/// The default `parse-` templates compiled to Swift over these views.
enum CompiledParseTemplates {
    // parse-schema-js.mustache
    static func parseSchemaJs(_ view: ParseSchemaScriptView, _ output: inout TemplateOutput) {
        output.appendLiteral("// Parse Server's defined schema (docs/ParseServer.md):\n//   const { definitions } = require('./schema.js');\n//   new ParseServer({ ..., schema: { definitions, lockSchemas: true } });\nmodule.exports.definitions = ")
        output.append(view.definitions)
        output.appendLiteral(";\n")
    }
}
