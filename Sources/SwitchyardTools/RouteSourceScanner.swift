import Foundation
import SwiftParser
import SwiftSyntax

/// The `@Route` structs declared in Swift sources, found by parsing them as the compiler does.
public enum RouteSourceScanner {
    /// One `@Route("pattern")` struct.
    public struct Declaration: Sendable, Equatable {
/// The pattern the macro was given, as written.
        public let pattern: String
/// The struct's name.
        public let typeName: String
/// The source file, as the scan was given it.
        public let file: String
/// The line of the `@Route` attribute, from 1.
        public let line: Int

        /// `File.swift:12 ProductRoute`: where lint reports it.
        public var location: String { "\(file):\(line) \(typeName)" }
    }

    /// The largest source file read: a generated file of routes is far smaller.
    public static let maximumFileBytes = 4 << 20

    /// Every `@Route` struct in `files`, Swift files or folders searched for them, in order.
    ///
    /// - Throws: ``ToolError`` naming a file that cannot be read or is over ``maximumFileBytes``.
    public static func scan(_ files: [String]) throws(ToolError) -> [Declaration] {
        var found: [Declaration] = []
        for file in try swiftFiles(in: files) {
            let data = try BoundedFile.read(file, maximum: maximumFileBytes, what: "Swift source")
            found += declarations(in: String(decoding: data, as: UTF8.self), file: file)
        }
        return found
    }

    /// The `@Route` structs in one file's text.
    public static func declarations(in source: String, file: String) -> [Declaration] {
        let tree = Parser.parse(source: source)
        let finder = Finder(converter: SourceLocationConverter(fileName: file, tree: tree), file: file)
        finder.walk(tree)
        return finder.found
    }

    private static func swiftFiles(in paths: [String]) throws(ToolError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ToolError("cannot read \(path): no such file or folder")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: path)
            var inFolder: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".swift") && !relative.hasPrefix(".build") { inFolder.append((path as NSString).appendingPathComponent(relative)) }
            }
            files += inFolder.sorted()
        }
        return files
    }

    private final class Finder: SyntaxVisitor {
        let converter: SourceLocationConverter
        let file: String
        var found: [Declaration] = []

        init(converter: SourceLocationConverter, file: String) {
            self.converter = converter
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            for case .attribute(let attribute) in node.attributes {
                let name = attribute.attributeName.trimmedDescription
                guard name == "Route" || name == "SwitchyardTypedRoutes.Route",
                      case .argumentList(let arguments) = attribute.arguments,
                      let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self),
                      let pattern = literal.representedLiteralValue else { continue }
                let line = converter.location(for: attribute.positionAfterSkippingLeadingTrivia).line
                found.append(Declaration(pattern: pattern, typeName: node.name.text, file: file, line: line))
            }
            return .visitChildren
        }
    }
}
