# -*- Python -*-
# Sanitizer settings shared by the lit suite and the gtest suite; loaded by
# test/lit.cfg.py and test/Unit/lit.cfg.py. Does nothing in a normal build
# but name the suites of a GCC build apart ("-gcc").
#
# In a REDUCE_ENABLE_SANITIZERS=ON build every finding must fail its test:
# UBSan is compiled non-recoverable, and abort_on_error turns ASan, UBSan and
# LeakSanitizer reports into SIGABRT, so that `not tool` (which accepts any
# non-zero exit code, including the sanitizers' exit code 1) still fails.

import os

if getattr(config, "reduce_cxx_compiler_id", "") == "GNU":
    # utils/test.sh also runs the gtest suite of the GCC build.
    config.name += "-gcc"

if config.reduce_enable_sanitizers:
    # Tells the sanitizer run apart from the normal one in lit's output and
    # report, when utils/test.sh runs both at once.
    config.name += "-asan"
    config.available_features.add("asan")
    config.available_features.add("ubsan")
    common = "abort_on_error=1:print_summary=1"
    # allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons each new slab
    # when it is inlined into our instrumented code (e.g. the storage of a
    # dialect attribute), and the uninstrumented libMLIR, allocating from the
    # same slab, never unpoisons what it hands out: a false use-after-poison.
    # Heap, stack and global checks are unaffected.
    config.environment["ASAN_OPTIONS"] = ":".join([
        common, "detect_leaks=1", "strict_string_checks=1",
        "check_initialization_order=1", "detect_stack_use_after_return=1",
        "allow_user_poisoning=0"])
    config.environment["UBSAN_OPTIONS"] = ":".join([
        common, "halt_on_error=1", "print_stacktrace=1"])
    config.environment["LSAN_OPTIONS"] = common
if config.reduce_enable_fuzzers:
    config.available_features.add("fuzzer")
