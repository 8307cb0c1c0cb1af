/* User data object descriptor (vx_khr_user_data_object): the bytes, the type name and the
 * table of open maps. Python creates it and decides every refusal; the C fast paths answer
 * valid query/copy/map/unmap requests from it. Every change of the map table, from C or from
 * Python, goes through the functions below under the descriptor's own mutex. */
#ifndef PVX_USER_DATA_OBJECT_H
#define PVX_USER_DATA_OBJECT_H

typedef struct pvx_udo_map {
    vx_map_id id;
    vx_size offset;
    vx_size size;
    vx_enum usage;
} pvx_udo_map;

typedef struct pvx_udo {
    uint8_t *data;                    /* size bytes, NULL while a virtual object's size is open */
    vx_size size;
    vx_char type_name[VX_MAX_REFERENCE_NAME];
    void *lock;                       /* pthread_mutex_t, private to C */
    pvx_udo_map *maps;                /* open maps, in no particular order */
    uint32_t map_count;
    uint32_t map_capacity;
    vx_map_id last_map_id;            /* ids are unique per object, never reused */
} pvx_udo;

/* A zero-filled descriptor of `size` bytes (0: left open), or NULL when memory is short. */
PVX_HIDDEN pvx_udo *pvx_udo_create(vx_size size);
/* Gives an open descriptor its size, zero-filled. 0 on success, -1 when memory is short. */
PVX_HIDDEN int pvx_udo_allocate(pvx_udo *udo, vx_size size);
PVX_HIDDEN void pvx_udo_destroy(pvx_udo *udo);
/* Records a map of a range already checked; 0 and *id on success, -1 when memory is short. */
PVX_HIDDEN int pvx_udo_map_add(pvx_udo *udo, vx_size offset, vx_size size, vx_enum usage, vx_map_id *id);
/* Forgets map `id`; 0 when it was open, -1 when not. */
PVX_HIDDEN int pvx_udo_map_remove(pvx_udo *udo, vx_map_id id);
PVX_HIDDEN uint32_t pvx_udo_map_count(pvx_udo *udo);

#endif
