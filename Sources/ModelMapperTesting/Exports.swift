// ModelMapperTesting is the comparisons and round trips of ModelMapperTestingCore (which the
// modelgen tool uses too, without linking a test framework) and the expectations that report
// them to Swift Testing and XCTest.
@_exported import ModelMapperTestingCore
