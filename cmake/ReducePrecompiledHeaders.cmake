# Precompiled headers for the project's C++ targets.
#
#   REDUCE_ENABLE_PCH=ON (default with clang, see below) compiles the MLIR,
#   LLVM and standard headers below once per build directory and hands the
#   result to every library, tool, unit test, fuzzer and benchmark of ours
#   (-include-pch with clang, a .gch with GCC). Parsing these headers is
#   most of the compile time of a typical source file.
#
# The precompiled header only saves time: every source file keeps its own
# includes and compiles without it (-DREDUCE_ENABLE_PCH=OFF builds that way).
#
# One target, ReducePCH, compiles the header; the others reuse it
# (REUSE_FROM), which needs the same compiler flags. The flags are the
# build's (sanitizers, -fPIC, -fno-exceptions from llvm_update_compile_flags);
# additional -D and -I options of a target are fine. Targets whose flags
# differ (-fexceptions for the Python module, -march=native and -ffast-math
# in benchmarks/) do not use it. Only upstream headers are listed: a change
# to one of ours does not rebuild the header, and generated (.inc) headers
# need not exist before it is compiled.

# On by default with clang only. GCC 12 builds and uses the same header (a
# .gch), but its .gch is 1 GB and every compile reads it: light files get
# slower (Runtime/Buffer.cpp 2.5 -> 6.6 s), heavy ones faster
# (Vectorize/Split.cpp 15.6 -> 7.1 s), and a whole build with 4 jobs on 2
# cores was slower, not faster (docs/robustness.md, Cost).
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set(reduce_pch_default ON)
else()
  set(reduce_pch_default OFF)
endif()
option(REDUCE_ENABLE_PCH
  "Compile common MLIR/LLVM headers once (precompiled header) per build"
  ${reduce_pch_default})

# Ordered roughly from the most included (lib/, tools/, unittests/) to the
# heaviest; adding a header costs every target a little when loading it.
# Angle brackets: found through the include path, as in the sources.
set(REDUCE_PCH_HEADERS
  # Standard library.
  <algorithm>
  <cstdint>
  <cstdlib>
  <cstring>
  <functional>
  <memory>
  <optional>
  <string>
  <utility>
  <vector>
  # LLVM.
  <llvm/ADT/ArrayRef.h>
  <llvm/ADT/STLExtras.h>
  <llvm/ADT/SmallString.h>
  <llvm/ADT/SmallVector.h>
  <llvm/ADT/StringExtras.h>
  <llvm/ADT/StringRef.h>
  <llvm/Support/Error.h>
  <llvm/Support/FileSystem.h>
  <llvm/Support/MathExtras.h>
  <llvm/Support/MemoryBuffer.h>
  <llvm/Support/Path.h>
  <llvm/Support/raw_ostream.h>
  # MLIR core.
  <mlir/IR/Builders.h>
  <mlir/IR/BuiltinAttributes.h>
  <mlir/IR/BuiltinOps.h>
  <mlir/IR/BuiltinTypes.h>
  <mlir/IR/Diagnostics.h>
  <mlir/IR/DialectRegistry.h>
  <mlir/IR/MLIRContext.h>
  <mlir/IR/PatternMatch.h>
  <mlir/IR/Verifier.h>
  <mlir/Pass/Pass.h>
  <mlir/Pass/PassManager.h>
  <mlir/Transforms/DialectConversion.h>
  <mlir/Transforms/GreedyPatternRewriteDriver.h>
  # Dialects.
  <mlir/Dialect/Arith/IR/Arith.h>
  <mlir/Dialect/Func/IR/FuncOps.h>
  <mlir/Dialect/LLVMIR/LLVMDialect.h>
  <mlir/Dialect/Linalg/IR/Linalg.h>
  <mlir/Dialect/Linalg/Transforms/Transforms.h>
  <mlir/Dialect/Math/IR/Math.h>
  <mlir/Dialect/MemRef/IR/MemRef.h>
  <mlir/Dialect/SCF/IR/SCF.h>
  <mlir/Dialect/Tensor/IR/Tensor.h>
  <mlir/Dialect/UB/IR/UBOps.h>
  <mlir/Dialect/Vector/IR/VectorOps.h>
  )

if(REDUCE_ENABLE_PCH)
  # The donor: an object library of one empty file, so that the targets
  # reusing its header wait for the header only, not for a whole library.
  set(pch_source ${CMAKE_BINARY_DIR}/ReducePCH.cpp)
  if(NOT EXISTS ${pch_source})
    file(WRITE ${pch_source}
      "// The precompiled header's own translation unit "
      "(cmake/ReducePrecompiledHeaders.cmake).\n")
  endif()
  add_library(ReducePCH OBJECT ${pch_source})
  llvm_update_compile_flags(ReducePCH)
  # C++ only: a C source in a target must not get the C++ header.
  list(TRANSFORM REDUCE_PCH_HEADERS
    REPLACE "(.+)" "$<$<COMPILE_LANGUAGE:CXX>:\\1>"
    OUTPUT_VARIABLE pch_headers)
  target_precompile_headers(ReducePCH PRIVATE ${pch_headers})
  message(STATUS "reduce: precompiled headers on (REDUCE_ENABLE_PCH)")
endif()

# reduce_target_use_pch(target): compile target's C++ sources with the
# shared precompiled header (nothing when REDUCE_ENABLE_PCH is off).
function(reduce_target_use_pch target)
  if(REDUCE_ENABLE_PCH)
    target_precompile_headers(${target} REUSE_FROM ReducePCH)
  endif()
endfunction()
