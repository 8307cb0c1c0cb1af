/* Standard nodes validated by their "output like input" rule in one call (validate.h): what C
 * passes is exactly what the Python validator would pass, the rest goes back to Python. */
#include "validate.h"
#include "../objects/image.h"

static const pvx_image *image_of(vx_reference ref)
{
    const pvx_ref *r = (const pvx_ref *)ref;
    return r != NULL && r->type == VX_TYPE_IMAGE ? r->desc : NULL;
}

static int listed(const vx_enum *list, size_t size, vx_enum value)
{
    for (size_t k = 0; k < size && list[k]; k++)
        if (list[k] == value)
            return 1;
    return 0;
}

static int passes(pvx_node *node, const pvx_like_rule *rule)
{
    if (rule == NULL || node->is_replicated || node->valid_rect_reset || node->metas[rule->output] != NULL ||
        !listed(rule->borders, 4, node->border.mode))
        return 0;
    const pvx_image *in = image_of(node->parameters[rule->input]);
    if (in == NULL || !listed((const vx_enum *)rule->formats, 3, (vx_enum)in->format) ||
        in->width < rule->least || in->height < rule->least)
        return 0;
    const pvx_image *other = rule->other == UINT32_MAX ? NULL : image_of(node->parameters[rule->other]);
    if (rule->other != UINT32_MAX &&
        (other == NULL || other->format != in->format || other->width != in->width || other->height != in->height))
        return 0;
    pvx_image *out = (pvx_image *)image_of(node->parameters[rule->output]);
    vx_df_image fmt = rule->output_format ? rule->output_format : in->format;
    if (out == NULL || out->format != fmt || out->width != in->width || out->height != in->height)
        return 0;
    node->local_data_size = 0, node->local_data_ptr = NULL;
    pvx_image *const rects[2] = {(pvx_image *)in, (pvx_image *)other};
    uint32_t lost = node->border.mode == VX_BORDER_UNDEFINED ? rule->lost : 0;
    pvx_image_valid_from(out, rects, rects, other ? 2 : 1, lost, lost, lost, lost);
    return 1;
}

uint32_t pvx_validate_like(pvx_node *const *nodes, const pvx_like_rule *const *rules, uint32_t from, uint32_t n)
{
    uint32_t k = from;
    while (k < n && passes(nodes[k], rules[k]))
        k++;
    return k;
}
