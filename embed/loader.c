/* The hand-written part of libopenvx.so, the library C programs link. It has no Python in it, so
 * it links and loads on any machine; the implementation is _pyopenvx.so beside it (the cffi module:
 * the C core and the upcalls, which need libpython). On the first call this file finds the
 * interpreter of the environment the library is installed in and its shared libpython, loads that
 * with RTLD_GLOBAL, then the implementation, and fills pvx_api (one pointer per exported function,
 * in build_ffi.py's order). Each exported function of build_ffi.py jumps through that table.
 *
 * Found at first use, never at build time, so that a wheel built elsewhere and a venv that was
 * moved both work: <prefix>/lib/pythonX.Y/site-packages/pyopenvx/lib/libopenvx.so gives
 * <prefix>/bin/pythonX.Y (in a venv a link to its base interpreter), and libpython is looked for
 * beside that interpreter's real file (<home>/lib), then by soname (LD_LIBRARY_PATH,
 * ld.so.cache: distributions' Pythons). A Python host already has libpython: nothing is loaded.
 * Defined by build_ffi.py: PVX_PYTHON_VERSION ("3.11"), PVX_LIBPYTHON (its soname), and for a
 * build in a source tree PVX_PYTHON_PROGRAM (the interpreter that built it). */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef void (*pvx_fn)(void);
typedef const pvx_fn *(*pvx_open_f)(const char *program, const char *site);

static const pvx_fn *pvx_api;                  /* NULL until loaded (or when loading failed) */
static pthread_once_t pvx_load_once = PTHREAD_ONCE_INIT;

/* Cuts the last n components off path (in place); 0 when there were that many. */
static int pvx_up(char *path, int n)
{
    while (n-- > 0) {
        char *slash = strrchr(path, '/');
        if (slash == NULL || slash == path)
            return -1;
        *slash = '\0';
    }
    return 0;
}

/* program: the interpreter of the prefix the package is installed in ("" when there is none);
 * site: the directory holding the package (put on sys.path when no interpreter was found). */
static void pvx_find_program(const char *libdir, char *program, char *site)
{
    char prefix[PATH_MAX];
    snprintf(site, PATH_MAX, "%s", libdir);
    pvx_up(site, 2);                                     /* .../site-packages/pyopenvx/lib */
    snprintf(prefix, sizeof prefix, "%s", site);
    program[0] = '\0';
#ifdef PVX_PYTHON_PROGRAM
    snprintf(program, PATH_MAX, "%s", PVX_PYTHON_PROGRAM);
#else
    if (pvx_up(prefix, 3) == 0) {                        /* <prefix>/lib/pythonX.Y/site-packages */
        snprintf(program, PATH_MAX, "%.4000s/bin/python" PVX_PYTHON_VERSION, prefix);
        if (access(program, X_OK) != 0)
            program[0] = '\0';
    }
#endif
}

static void *pvx_open_libpython(const char *program, char *why, size_t size)
{
    char home[PATH_MAX], path[PATH_MAX + 64];
    void *lib;
    if (program[0] && realpath(program, home) != NULL && pvx_up(home, 2) == 0) {  /* <home>/bin/pythonX.Y */
        snprintf(path, sizeof path, "%s/lib/%s", home, PVX_LIBPYTHON);
        if ((lib = dlopen(path, RTLD_NOW | RTLD_GLOBAL)) != NULL)
            return lib;
    } else {
        home[0] = '\0';
    }
    if ((lib = dlopen(PVX_LIBPYTHON, RTLD_NOW | RTLD_GLOBAL)) != NULL)
        return lib;
    snprintf(why, size, "no shared %s for the interpreter %s (looked %s%s%son the library search path): a "
             "statically linked Python cannot serve C programs, one built with --enable-shared can", PVX_LIBPYTHON,
             program[0] ? program : "(none beside the package)", home[0] ? "in " : "", home, home[0] ? "/lib and " : "");
    return NULL;
}

static void pvx_load(void)
{
    char libdir[PATH_MAX], program[PATH_MAX], site[PATH_MAX], path[PATH_MAX + 32], why[3 * PATH_MAX];
    Dl_info self;
    void *module;
    pvx_open_f open_module;
    const pvx_fn *api = NULL;
    why[0] = '\0';
    if (dladdr((void *)pvx_load, &self) == 0 || self.dli_fname == NULL || realpath(self.dli_fname, libdir) == NULL)
        snprintf(why, sizeof why, "cannot tell where libopenvx.so is");
    else {
        pvx_up(libdir, 1);
        pvx_find_program(libdir, program, site);
        /* a Python host (or a C host embedding Python) has libpython already */
        if (dlsym(RTLD_DEFAULT, "Py_IsInitialized") == NULL && pvx_open_libpython(program, why, sizeof why) == NULL)
            goto failed;
        snprintf(path, sizeof path, "%s/_pyopenvx.so", libdir);
        module = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        open_module = module ? (pvx_open_f)dlsym(module, "pvx_module_open_api") : NULL;
        if (open_module == NULL)
            snprintf(why, sizeof why, "cannot load %s: %s", path, dlerror());
        else
            api = open_module(program, site);
    }
failed:
    if (api == NULL)
        fprintf(stderr, "pyopenvx: %s\n", why);
    __atomic_store_n(&pvx_api, api, __ATOMIC_RELEASE);
}

/* The first call's loading, out of line and cold: a trampoline's usual path is then a load, a test
 * and a jump, with no frame (the conformance suite's per-pixel vxFormatImagePatchAddress2d calls
 * spent 12% of GraphPipeline's 2048x1024 cases in the trampoline's register saves). */
__attribute__((noinline, cold)) static const pvx_fn *pvx_load_api(void)
{
    pthread_once(&pvx_load_once, pvx_load);
    return __atomic_load_n(&pvx_api, __ATOMIC_ACQUIRE);
}

/* The table, or NULL when the implementation cannot be loaded (every call then fails). */
static inline const pvx_fn *pvx_ready(void)
{
    const pvx_fn *api = __atomic_load_n(&pvx_api, __ATOMIC_ACQUIRE);
    return __builtin_expect(api != NULL, 1) ? api : pvx_load_api();
}

/* Variadic: the implementation formats it (pvx_log_text takes the va_list). */
PVX_EXPORT void VX_API_CALL vxAddLogEntry(vx_reference ref, vx_status status, const char *message, ...)
{
    const pvx_fn *api = pvx_ready();
    va_list ap;
    if (api == NULL)
        return;
    va_start(ap, message);
    ((void (*)(vx_reference, vx_status, const char *, va_list))api[PVX_LOG_TEXT])(ref, status, message, ap);
    va_end(ap);
}

/* TIOVX's variadic prints (TI/tivx_debug.h), likewise. */
PVX_EXPORT void VX_API_CALL tivx_print_global(vx_enum zone, const char *format, ...)
{
    const pvx_fn *api = pvx_ready();
    va_list ap;
    if (api == NULL)
        return;
    va_start(ap, format);
    ((void (*)(vx_enum, const char *, va_list))api[PVX_TIVX_PRINT_GLOBAL_V])(zone, format, ap);
    va_end(ap);
}

PVX_EXPORT void VX_API_CALL tivx_print_object(vx_enum zone, vx_uint32 debug_zonemask, const char *format, ...)
{
    const pvx_fn *api = pvx_ready();
    va_list ap;
    if (api == NULL)
        return;
    va_start(ap, format);
    ((void (*)(vx_enum, vx_uint32, const char *, va_list))api[PVX_TIVX_PRINT_OBJECT_V])(zone, debug_zonemask, format, ap);
    va_end(ap);
}
