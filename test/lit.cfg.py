# -*- Python -*-
# lit configuration of the reduce regression suite.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "REDUCE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.reduce_obj_root, "test")
# The gtest suite has its own config; the consumer project is not a test.
config.excludes = ["Unit", "CMakeLists.txt", "README.txt", "lit.cfg.py",
                   "lit.site.cfg.py", "consumer", "sanitizers.cfg.py",
                   "inputs", "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%reduce_src_root", config.reduce_src_root))
config.substitutions.append(("%reduce_obj_root", config.reduce_obj_root))
config.substitutions.append(("%mlir_dir", config.mlir_dir))
config.substitutions.append(("%cmake_generator", config.cmake_generator))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%cxx", config.cxx_compiler))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

# The host profile (docs/tuning.md): off, so that the IR and the values the
# tests check do not depend on a calibration of this machine (the tests of
# reduce-tune set REDUCE_PROFILE themselves), and a cache directory under the
# build tree, so that no test writes to the user's home.
config.environment["REDUCE_PROFILE"] = "off"
config.environment["REDUCE_CACHE_DIR"] = os.path.join(
    config.reduce_obj_root, "test", "reduce-cache")
# The persistent JIT cache (docs/jit.md): off, so that every test compiles
# what it runs; the tests of the cache turn it on in a directory of their own.
config.environment["REDUCE_JIT_CACHE"] = "off"

# Run FileCheck with strict variable scoping, as upstream MLIR does.
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tool_dirs = [config.reduce_tools_dir, config.llvm_tools_dir]
tools = ["reduce-compile", "reduce-opt", "reduce-run", "reduce-translate",
         "reduce-tune", "mlir-opt"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# The plugins for Debian's mlir-opt (docs/plugins.md, test/Plugins): the
# feature `reduce-plugins` when they are built (not in the sanitizer build),
# the system mlir-opt by its full path, and the two libraries.
if config.reduce_build_plugins:
    config.available_features.add("reduce-plugins")
config.substitutions.append(
    ("%system_mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))
config.substitutions.append(
    ("%reduce_dialect_plugin",
     os.path.join(config.reduce_libs_dir, "libReduceDialectPlugin.so")))
config.substitutions.append(
    ("%reduce_pass_plugin",
     os.path.join(config.reduce_libs_dir, "libReducePassPlugin.so")))

# Debian's python3 with python3-numpy, to write and read .npy files.
config.substitutions.append(("%python", "/usr/bin/python3"))

# Execution tests: the JIT runner and its runtime libraries (llvm_shlib_dir
# may be empty with Debian's packaging; the libraries live beside bin/).
llvm_config.add_tool_substitutions(["mlir-runner"], tool_dirs)
runtime_lib_dir = config.llvm_shlib_dir or os.path.join(
    os.path.dirname(config.llvm_tools_dir), "lib")
for runtime in ["mlir_runner_utils", "mlir_c_runner_utils"]:
    config.substitutions.append(
        ("%" + runtime, os.path.join(runtime_lib_dir, "lib" + runtime + ".so")))
# The OpenMP runtime (libomp-22-dev) for the threads=N execution tests
# (test/Integration, test/Compile); it sits beside the runner libraries.
libomp = os.path.join(runtime_lib_dir, "libomp.so")
if os.path.exists(libomp):
    config.available_features.add("libomp")
config.substitutions.append(("%libomp_dir", runtime_lib_dir))
config.substitutions.append(("%libomp", libomp))

# Host CPU features for the execution tests of target-specific lowerings:
# `avx512dq` when the CPU has the AVX-512DQ range instructions on every
# vector width (AVX-512DQ and AVX-512VL).
try:
    with open("/proc/cpuinfo") as cpuinfo:
        cpu_flags = set()
        for line in cpuinfo:
            if line.startswith("flags"):
                cpu_flags.update(line.split(":", 1)[1].split())
                break
except OSError:
    cpu_flags = set()
if {"avx512dq", "avx512vl"} <= cpu_flags:
    config.available_features.add("avx512dq")
# `x86-64-v3` and `x86-64-v4` when the CPU runs code compiled for that level
# (reduce-compile --target-cpu, test/Compile).
if {"avx2", "fma", "bmi1", "bmi2", "f16c", "movbe"} <= cpu_flags:
    config.available_features.add("x86-64-v3")
    if {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"} <= cpu_flags:
        config.available_features.add("x86-64-v4")

# Sanitizer build: options, features `asan`/`ubsan`/`fuzzer`, the canary and
# the fuzz targets (test/Robustness, test/Fuzz).
lit_config.load_config(
    config, os.path.join(config.reduce_src_root, "test", "sanitizers.cfg.py"))
if config.reduce_enable_sanitizers:
    llvm_config.add_tool_substitutions(["reduce-sanitizer-canary"],
                                       [os.path.join(config.reduce_obj_root,
                                                     "test", "Robustness")])
if config.reduce_enable_fuzzers:
    llvm_config.add_tool_substitutions(
        ["reduce-parse-fuzzer", "reduce-pipeline-fuzzer",
         "reduce-npy-fuzzer", "reduce-onnx-fuzzer",
         "reduce-openvino-fuzzer"],
        [config.reduce_tools_dir])
# Seconds each fuzz target runs (utils/test.sh passes REDUCE_FUZZ_SECONDS),
# and the libFuzzer flags every target in test/Fuzz uses.
fuzz_seconds = lit_config.params.get("fuzz_seconds", "30")
config.substitutions.append(("%fuzz_seconds", fuzz_seconds))
config.substitutions.append(
    ("%fuzz_flags", "-max_total_time=%s -timeout=20 -rss_limit_mb=4096 "
     "-max_len=4096 -print_final_stats=1" % fuzz_seconds))

# Open MPI (utils/setup.sh installs openmpi-bin) for the distributed
# execution tests: as root too, and with more processes than cores. In the
# sanitizer build without LeakSanitizer: Open MPI's components leak at
# MPI_Finalize, which unloads them, so that their frames cannot be named,
# nor suppressed (address and UB checks stay on).
# %mpi_env runs a process that loads Open MPI without mpirun.
mpi_env = "env"
if config.reduce_enable_sanitizers:
    mpi_env = "env ASAN_OPTIONS=%s:detect_leaks=0" % (
        config.environment["ASAN_OPTIONS"])
config.substitutions.append(("%mpi_env", mpi_env))
config.substitutions.append(
    ("%mpirun", mpi_env + " mpirun --allow-run-as-root --oversubscribe"))
