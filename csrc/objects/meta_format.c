/* vxSetMetaFormatAttribute for the fixed-size attributes; anything else (strings, arrays, the
 * valid rectangle callback, refusals) goes to Python, which logs why. */
#include "meta_format.h"

#include <string.h>

static const pvx_meta_attribute *table;
static uint32_t table_count;

void pvx_meta_set_table(const pvx_meta_attribute *t, uint32_t count)
{
    table_count = 0;
    table = t;
    __atomic_store_n(&table_count, count, __ATOMIC_RELEASE);
}

static vx_size expected_size(vx_enum attribute)
{
    uint32_t n = __atomic_load_n(&table_count, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; i < n; i++)
        if (table[i].attribute == attribute)
            return table[i].size;
    return 0;
}

int pvx_fast_vxSetMetaFormatAttribute(vx_meta_format meta, vx_enum attribute, const void *ptr, vx_size size,
                                      vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(meta, VX_TYPE_META_FORMAT);
    pvx_meta_format *m = ref ? ref->desc : NULL;
    if (m == NULL || ptr == NULL || size == 0 || size > PVX_META_VALUE_BYTES || expected_size(attribute) != size)
        return 0;
    vx_enum owner = (attribute >> 8) & 0xFFF;          /* VX_ATTRIBUTE_BASE's object type */
    if (m->object_type != owner && m->object_type != VX_TYPE_REFERENCE)
        return 0;
    uint32_t i = 0;
    while (i < m->count && m->items[i].attribute != attribute)
        i++;
    if (i == PVX_META_MAX_ITEMS)
        return 0;
    m->object_type = owner;
    m->items[i].attribute = attribute;
    m->items[i].size = size;
    memcpy(m->items[i].value, ptr, size);
    if (i == m->count)
        m->count++;
    *out = VX_SUCCESS;
    return 1;
}
