import AnimateCLI
import AnimatePreview
import AnimateScenes

// The `animate` tool: the command line, with the preview, for the built-in lesson scenes.
AnimateCLI.main(catalog: BuiltinScenes.catalog, offersNewProject: true, commands: [PreviewCommand.self, DocsCommand.self])
