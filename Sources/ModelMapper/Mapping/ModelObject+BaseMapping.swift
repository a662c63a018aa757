extension ModelObject {
    /// The mapping with the model's own names of the object's entity, looked up in its model
    /// (under the model's lock): for what is not on a hot path. The codecs keep their own.
    var baseMapping: EntityMapping { model.mappings[layout.entityIndex] }
}
