import ArgumentParser

@main
struct TextMeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textmeasure",
        abstract: "Measure text exactly with HarfBuzz and real fonts.",
        subcommands: [Width.self, Wrap.self, Columns.self, Rows.self, Render.self]
    )
}
