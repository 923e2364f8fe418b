import AnimateCLI
import AnimateScenes

// The `animate` tool: the command line with the built-in lesson scenes.
AnimateCLI.main(catalog: BuiltinScenes.catalog, offersNewProject: true)
