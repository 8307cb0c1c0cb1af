/* Verification's validation of the standard nodes whose output is "like an input" (validate.c):
 * Python declares each such kernel's rule as plain data (kernels/like.py) and graph/verify.py hands
 * C the graph's nodes in order; C checks, shapes nothing, and stops at the first node it cannot
 * pass, which Python then validates itself (and refuses with its own status and line). Plain data
 * only (cffi parses this header). */
#ifndef PVX_VALIDATE_H
#define PVX_VALIDATE_H

#include "schedule.h"

/* One kernel's rule: parameter `input` is an image of one of `formats` (0 ends the list), at least
 * `least` x `least`; `other` (or UINT32_MAX) an image of the same format and size; parameter
 * `output` an image of `output_format` (0: the input's) and the input's size; the node's border
 * mode one of `borders` (0 ends). The output's valid rectangle: the inputs' intersected, shrunk by
 * `lost` on each side under VX_BORDER_UNDEFINED. */
typedef struct pvx_like_rule {
    uint32_t input, other, output;
    vx_df_image formats[3];
    vx_df_image output_format;
    uint32_t least;
    uint32_t lost;
    vx_enum borders[4];
} pvx_like_rule;

/* Validates nodes[from], nodes[from + 1], ... each by its rule (rules[k], NULL: none) while it
 * passes: an unreplicated node with no meta format made and no VX_NODE_VALID_RECT_RESET whose
 * inputs satisfy its rule and whose output already has the geometry the rule gives (a virtual one
 * as created or as the last verification left it: nothing to reopen or apply); its local data is
 * reset and its output's valid rectangle written. Returns the index of the first node not passed
 * (n when all were). */
PVX_HIDDEN uint32_t pvx_validate_like(pvx_node *const *nodes, const pvx_like_rule *const *rules, uint32_t from,
                                      uint32_t n);

#endif
