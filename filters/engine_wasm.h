/* engine_wasm.h: the report page's engine (make wasm: build/wasm/
 * engine.wasm), gzip'd, as the build makes it a C array (tools/
 * embed-bytes.sh); linked into tsvreport alone. */
#ifndef ENGINE_WASM_H
#define ENGINE_WASM_H

#include <stddef.h>

extern const unsigned char engine_wasm_gz[];
extern const size_t engine_wasm_gz_size;

#endif
