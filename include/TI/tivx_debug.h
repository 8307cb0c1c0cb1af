/*
 * pyopenvx - TIOVX-compatible debug printing (seed 003).
 * Written for pyopenvx: the names and values of TIOVX's public API. A zone is a bit of a mask: the
 * global mask (tivx_set_debug_zone) decides VX_PRINT, a graph's or node's own mask VX_PRINT_GRAPH and
 * VX_PRINT_NODE. Enabled prints go to stderr; errors and warnings are enabled from the start.
 */
#ifndef PYOPENVX_TIVX_DEBUG_H
#define PYOPENVX_TIVX_DEBUG_H

#include <VX/vx.h>
#include <stdint.h>

/* Debug zones (bit numbers of the masks). */
typedef enum _tivx_debug_zone_e {
    VX_ZONE_ERROR = 0,
    VX_ZONE_WARNING = 1,
    VX_ZONE_INFO = 2,
    VX_ZONE_MAX = 3,             /* bound: zones are below it */
} tivx_debug_zone_e;

#ifndef PYOPENVX_DECLARATIONS_ONLY
/* A compile-time check: a zero divisor when `e` is false. */
#define ASSERT_CONCAT_(a, b) a##b
#define ASSERT_CONCAT(a, b) ASSERT_CONCAT_(a, b)
#define BUILD_ASSERT(e) enum { ASSERT_CONCAT(assert_line_, __LINE__) = (1U / (e)) }

/* "[function:line] message" when `zone` is enabled globally. */
#define VX_PRINT(zone, message, ...)                                                              \
    do {                                                                                          \
        tivx_print_global((vx_enum)(zone), "[%s:%u] " message, __func__, (unsigned)__LINE__,      \
                          ##__VA_ARGS__);                                                         \
    } while (0)
/* "[ name ] message" when `zone` is enabled for the graph or node. */
#define VX_PRINT_GRAPH(zone, graph, message, ...)                                                 \
    do {                                                                                          \
        tivx_print_object((vx_enum)(zone), tivxGetGraphDebugZonemask(graph), "[ %s ] " message,   \
                          tivxGetGraphName(graph), ##__VA_ARGS__);                                \
    } while (0)
#define VX_PRINT_NODE(zone, node, message, ...)                                                   \
    do {                                                                                          \
        tivx_print_object((vx_enum)(zone), tivxGetNodeDebugZonemask(node), "[ %s ] " message,     \
                          tivxGetNodeName(node), ##__VA_ARGS__);                                  \
    } while (0)
/* (VX_PRINT_KERNEL is not here: TIOVX's kernel utilities define it, not its public headers, and a
 * second definition warned in every TI target file; tests/c/tivx_compat/tivx_compat_utils.h has one.) */
/* A configuration limit was reached: says which. */
#define VX_PRINT_BOUND_ERROR(resource) tivx_bound_error(__func__, (uint32_t)__LINE__, resource)
#endif

#ifdef __cplusplus
extern "C" {
#endif

VX_API_ENTRY vx_char * VX_API_CALL tivx_find_zone_name(vx_enum zone);
VX_API_ENTRY void VX_API_CALL tivx_print_global(vx_enum zone, const char *format, ...);
VX_API_ENTRY void VX_API_CALL tivx_print_object(vx_enum zone, vx_uint32 debug_zonemask, const char *format, ...);
VX_API_ENTRY void VX_API_CALL tivx_set_debug_zone(vx_enum zone);
VX_API_ENTRY void VX_API_CALL tivx_clr_debug_zone(vx_enum zone);
VX_API_ENTRY vx_bool VX_API_CALL tivx_is_zone_enabled(vx_enum zone);
VX_API_ENTRY vx_uint32 VX_API_CALL tivxGetNodeDebugZonemask(vx_node node);
VX_API_ENTRY vx_uint32 VX_API_CALL tivxGetGraphDebugZonemask(vx_graph graph);
VX_API_ENTRY vx_status VX_API_CALL tivxSetGraphDebugZone(vx_graph graph, vx_uint32 debug_zone, vx_bool enable);
VX_API_ENTRY vx_status VX_API_CALL tivxSetNodeDebugZone(vx_node node, vx_uint32 debug_zone, vx_bool enable);
VX_API_ENTRY const char * VX_API_CALL tivxGetNodeName(vx_node node);
VX_API_ENTRY const char * VX_API_CALL tivxGetGraphName(vx_graph graph);
VX_API_ENTRY void VX_API_CALL tivx_bound_error(const char *func, uint32_t line, const char *resource);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_DEBUG_H */
