// The model, its loader and the JSON text they are written in live in the ModelMapperSchema target
// (Sources/LAYERS.md); one `import ModelMapper` gives users all of it.
@_exported import ModelMapperSchema
