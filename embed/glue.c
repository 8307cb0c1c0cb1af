/* The hand-written part of the exported layer, compiled into the cffi module itself
 * (it calls extern "Python" functions, which are static there):
 *  - starting the embedded interpreter that libopenvx.so (embed/loader.c) found for this install,
 *  - the variadic vxAddLogEntry, which formats in C and hands Python a plain string,
 *  - pvx_module_open_api: what libopenvx.so calls after loading this module. */
#include <pthread.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>

typedef void (*pvx_fn)(void);
static const pvx_fn *pvx_api_entries(void);  /* build_ffi.py: the exported functions, in its order */

static volatile int pvx_started;            /* 0 not yet, 1 running, -1 failed for good */
static pthread_once_t pvx_once = PTHREAD_ONCE_INIT;
static char pvx_program[PATH_MAX];          /* "" when none was found beside the package */
static char pvx_site[PATH_MAX];             /* the directory holding the package */

static int pvx_init_interpreter(void)
{
    PyConfig config;
    PyStatus st;
    if (Py_IsInitialized())                  /* a Python host: share its interpreter */
        return 0;
    PyConfig_InitPythonConfig(&config);
    config.install_signal_handlers = 0;
    config.parse_argv = 0;
    /* The program name decides sys.prefix (and a venv's pyvenv.cfg), whatever PATH says; without
     * one, the interpreter's own prefix is used and the package's directory goes on sys.path. */
    if (pvx_program[0])
        st = PyConfig_SetBytesString(&config, &config.program_name, pvx_program);
    else
        st = PyConfig_SetBytesString(&config, &config.pythonpath_env, pvx_site);
    if (!PyStatus_Exception(st))
        st = Py_InitializeFromConfig(&config);
    PyConfig_Clear(&config);
    if (PyStatus_Exception(st))
        return -1;
    PyEval_SaveThread();                     /* cffi takes the GIL per call */
    return 0;
}

static void pvx_start_once(void)
{
    int ok = pvx_init_interpreter() == 0 && pvx_arena_init() == 0 && cffi_start_python() == 0;
    if (!ok)
        fprintf(stderr, "pyopenvx: the embedded Python (%s) could not start\n",
                pvx_program[0] ? pvx_program : "the one of libpython");
    __atomic_store_n(&pvx_started, ok ? 1 : -1, __ATOMIC_RELEASE);
}

/* 0 when Python is ready; every exported wrapper checks this before its first upcall. */
static inline int pvx_start(void)
{
    if (__builtin_expect(__atomic_load_n(&pvx_started, __ATOMIC_ACQUIRE) == 1, 1))
        return 0;
    pthread_once(&pvx_once, pvx_start_once);
    return pvx_started == 1 ? 0 : -1;
}

static void pvx_log_text(vx_reference ref, vx_status status, const char *message, va_list ap)
{
    char text[VX_MAX_LOG_MESSAGE_LEN];
    if (message == NULL || pvx_ref_live(ref, PVX_ANY_TYPE) == NULL || pvx_start() != 0)
        return;
    vsnprintf(text, sizeof text, message, ap);     /* truncates to VX_MAX_LOG_MESSAGE_LEN - 1 */
    pvx_py_log_entry(ref, status, text);
}

/* This module's own (cffi declares it); C programs call libopenvx.so's, which ends in pvx_log_text. */
PVX_EXPORT void VX_API_CALL vxAddLogEntry(vx_reference ref, vx_status status, const char *message, ...)
{
    va_list ap;
    va_start(ap, message);
    pvx_log_text(ref, status, message, ap);
    va_end(ap);
}

__attribute__((visibility("default"))) const pvx_fn *pvx_module_open_api(const char *program, const char *site)
{
    snprintf(pvx_program, sizeof pvx_program, "%s", program);
    snprintf(pvx_site, sizeof pvx_site, "%s", site);
    return pvx_api_entries();
}
