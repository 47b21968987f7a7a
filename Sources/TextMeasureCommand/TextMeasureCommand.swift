import ArgumentParser

@main
struct TextMeasureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textmeasure",
        abstract: "Measure text exactly with HarfBuzz and real fonts.",
        subcommands: [Width.self, Wrap.self, Columns.self, Rows.self, Render.self, Serve.self]
    )
}
