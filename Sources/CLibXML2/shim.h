#ifndef MODELMAPPER_CLIBXML2_SHIM_H
#define MODELMAPPER_CLIBXML2_SHIM_H

// xmlversion.h first, so that ICU can be switched off before any other libxml2 header
// pulls in <unicode/ucnv.h>: with ICU visible, a clean build of a module that imports both
// Foundation and CLibXML2 fails with "'UErrorCode' has different definitions".
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/globals.h>
#include <libxml/xmlreader.h>

// Swift 6 rejects calling the `xmlFree` global variable directly.
static inline void mm_xmlFree(void *pointer) {
    xmlFree(pointer);
}

// A variadic C function cannot be written in Swift: this one swallows libxml2's
// generic (printf-style) messages so that nothing is ever printed to stderr.
static void mm_ignoreGenericError(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

// xmlGenericError and friends are per-thread macros in a threaded libxml2;
// these accessors let Swift save and restore them around a parse.
static inline xmlGenericErrorFunc mm_currentGenericErrorFunc(void) { return xmlGenericError; }
static inline void *mm_currentGenericErrorContext(void) { return xmlGenericErrorContext; }
static inline xmlStructuredErrorFunc mm_currentStructuredErrorFunc(void) { return xmlStructuredError; }
static inline void *mm_currentStructuredErrorContext(void) { return xmlStructuredErrorContext; }

static inline void mm_silenceGenericErrors(void) {
    xmlSetGenericErrorFunc(NULL, mm_ignoreGenericError);
}

static inline void mm_restoreGenericErrors(xmlGenericErrorFunc function, void *context) {
    xmlSetGenericErrorFunc(context, function);
}

#endif
