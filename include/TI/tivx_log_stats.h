/*
 * pyopenvx - TIOVX-compatible graph export (seed 003).
 * Written for pyopenvx: the names of TIOVX's public API.
 */
#ifndef PYOPENVX_TIVX_LOG_STATS_H
#define PYOPENVX_TIVX_LOG_STATS_H

#include <VX/vx.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the graph as Graphviz text to <output_file_path>/<output_file_prefix>_1_img.txt (as TIOVX): nodes
 * with their kernel and target, data objects (virtual ones dashed), an edge per parameter. */
VX_API_ENTRY vx_status VX_API_CALL tivxExportGraphToDot(vx_graph graph, const char *output_file_path, const char *output_file_prefix);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_LOG_STATS_H */
