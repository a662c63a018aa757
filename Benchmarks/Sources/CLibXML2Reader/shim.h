#ifndef MODELMAPPER_BENCHMARKS_LIBXML2_SHIM_H
#define MODELMAPPER_BENCHMARKS_LIBXML2_SHIM_H

// libxml2's DOM parser and streaming reader, for model-loading-benchmark's baselines. The
// library's own CLibXML2 module is not a product, so the benchmarks name libxml2 themselves.
// ICU is switched off before any other libxml2 header, as Sources/CLibXML2/shim.h explains.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>

#endif
