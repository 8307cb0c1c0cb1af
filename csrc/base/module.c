/* Module loading for vxLoadKernels: the dynamic loader only; which modules, and what a failure
 * means, is decided in Python (graph/module.py). */
#define _GNU_SOURCE
#include "module.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

void *pvx_module_open(const char *path, char *error, size_t error_size)
{
    void *module = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (module == NULL && error != NULL)
        snprintf(error, error_size, "%s", dlerror());
    return module;
}

void *pvx_module_symbol(void *module, const char *name)
{
    dlerror();
    return dlsym(module, name);
}

int pvx_module_close(void *module)
{
    return dlclose(module);
}

/* A Python host opens libopenvx with RTLD_LOCAL, so a module that does not link -lopenvx would not
 * find the API. Re-opening it with RTLD_GLOBAL (the same copy: RTLD_NOLOAD) fixes that; it is the
 * libopenvx.so beside this library (_pyopenvx.so). */
int pvx_export_own_symbols(void)
{
    Dl_info info;
    char path[PATH_MAX + 16];
    const char *slash;
    if (dladdr((void *)pvx_export_own_symbols, &info) == 0 || info.dli_fname == NULL ||
        (slash = strrchr(info.dli_fname, '/')) == NULL)
        return -1;
    snprintf(path, sizeof path, "%.*s/libopenvx.so", (int)(slash - info.dli_fname), info.dli_fname);
    return dlopen(path, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL) != NULL ? 0 : -1;
}
