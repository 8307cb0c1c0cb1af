/* Modules (module.c): dlopen/dlsym without policy; graph/module.py decides what to load and when. */
#ifndef PVX_MODULE_H
#define PVX_MODULE_H

#include "common.h"

PVX_HIDDEN void *pvx_module_open(const char *path, char *error, size_t error_size);
PVX_HIDDEN void *pvx_module_symbol(void *module, const char *name);
PVX_HIDDEN int pvx_module_close(void *module);
PVX_HIDDEN int pvx_export_own_symbols(void);

#endif
