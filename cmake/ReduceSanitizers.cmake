# Sanitizer and fuzzer instrumentation of the project's own code.
#
#   REDUCE_ENABLE_SANITIZERS=ON  compiles and links every target of ours with
#                                AddressSanitizer (LeakSanitizer included) and
#                                UndefinedBehaviorSanitizer; any UBSan finding
#                                aborts (-fno-sanitize-recover=all).
#   REDUCE_ENABLE_FUZZERS=ON     additionally adds libFuzzer's coverage
#                                instrumentation (-fsanitize=fuzzer-no-link)
#                                and builds the fuzz targets in tools/*-fuzzer.
#
# Debian's libMLIR.so / libLLVM.so are not instrumented: ASan still catches
# heap errors in our code on memory they allocate (malloc is intercepted), and
# LeakSanitizer sees every allocation, but out-of-bounds accesses inside
# libMLIR itself are not checked and libFuzzer gets no coverage from it.

option(REDUCE_ENABLE_SANITIZERS
  "Build the project with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(REDUCE_ENABLE_FUZZERS
  "Build the libFuzzer targets (requires REDUCE_ENABLE_SANITIZERS)" OFF)

# Flags that every object and every link of ours gets; exported on our
# libraries (see add_reduce_library) so that a consumer links the runtime.
set(REDUCE_SANITIZER_COMPILE_FLAGS "")
set(REDUCE_SANITIZER_LINK_FLAGS "")

if(REDUCE_ENABLE_FUZZERS AND NOT REDUCE_ENABLE_SANITIZERS)
  message(FATAL_ERROR
    "REDUCE_ENABLE_FUZZERS=ON requires REDUCE_ENABLE_SANITIZERS=ON")
endif()

if(REDUCE_ENABLE_SANITIZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "REDUCE_ENABLE_SANITIZERS=ON needs clang "
      "(configure with -DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++), "
      "got ${CMAKE_CXX_COMPILER_ID}")
  endif()
  list(APPEND REDUCE_SANITIZER_COMPILE_FLAGS
    -fsanitize=address,undefined
    -fno-sanitize-recover=all
    -fno-omit-frame-pointer
    -gline-tables-only)
  list(APPEND REDUCE_SANITIZER_LINK_FLAGS -fsanitize=address,undefined)
  if(REDUCE_ENABLE_FUZZERS)
    list(APPEND REDUCE_SANITIZER_COMPILE_FLAGS -fsanitize=fuzzer-no-link)
    list(APPEND REDUCE_SANITIZER_LINK_FLAGS -fsanitize=fuzzer-no-link)
  endif()
  add_compile_options(${REDUCE_SANITIZER_COMPILE_FLAGS})
  add_link_options(${REDUCE_SANITIZER_LINK_FLAGS})
  message(STATUS "reduce: building with ${REDUCE_SANITIZER_COMPILE_FLAGS}")
endif()
