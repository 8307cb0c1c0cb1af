/* The hand-written part of the exported layer, compiled into the cffi module itself
 * (it calls extern "Python" functions, which are static there):
 *  - starting the embedded interpreter pinned to the one that built the library,
 *  - the variadic vxAddLogEntry, which formats in C and hands Python a plain string.
 * PVX_PYTHON_PROGRAM is defined by build_ffi.py. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static volatile int pvx_started;            /* 0 not yet, 1 running, -1 failed for good */
static pthread_once_t pvx_once = PTHREAD_ONCE_INIT;

static int pvx_init_interpreter(void)
{
    PyConfig config;
    PyStatus st;
    if (Py_IsInitialized())                  /* a Python host: share its interpreter */
        return 0;
    PyConfig_InitPythonConfig(&config);
    config.install_signal_handlers = 0;
    config.parse_argv = 0;
    /* The program name decides sys.prefix (and a venv's pyvenv.cfg), whatever PATH says. */
    st = PyConfig_SetBytesString(&config, &config.program_name, PVX_PYTHON_PROGRAM);
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
        fprintf(stderr, "pyopenvx: the embedded Python (%s) could not start\n", PVX_PYTHON_PROGRAM);
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

PVX_EXPORT void VX_API_CALL vxAddLogEntry(vx_reference ref, vx_status status, const char *message, ...)
{
    char text[VX_MAX_LOG_MESSAGE_LEN];
    va_list ap;
    if (message == NULL || pvx_ref_live(ref, PVX_ANY_TYPE) == NULL || pvx_start() != 0)
        return;
    va_start(ap, message);
    vsnprintf(text, sizeof text, message, ap);     /* truncates to VX_MAX_LOG_MESSAGE_LEN - 1 */
    va_end(ap);
    pvx_py_log_entry(ref, status, text);
}
