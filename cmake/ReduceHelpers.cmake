# Helpers shared by the project's CMakeLists.

include(GNUInstallDirs)

# add_reduce_library(name SOURCES... [DEPENDS tgt...] [LINK_MLIR lib...]
#                    [LINK_LIBS lib...])
# A static library of ours, exported in the `ReduceTargets` set so that a
# downstream project can `find_package(Reduce)` it. MLIR libraries go through
# LINK_MLIR, which resolves to libMLIR.so when MLIR_LINK_MLIR_DYLIB is on.
function(add_reduce_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_MLIR;LINK_LIBS" ${ARGN})
  add_mlir_library(${name} ${ARG_UNPARSED_ARGUMENTS}
    EXCLUDE_FROM_LIBMLIR
    DISABLE_INSTALL
    DEPENDS ${ARG_DEPENDS})
  reduce_target_use_pch(${name})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${REDUCE_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${REDUCE_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  # Our headers include MLIR's and LLVM's: consumers need their paths too.
  set(upstream_includes ${MLIR_INCLUDE_DIRS} ${LLVM_INCLUDE_DIRS})
  list(REMOVE_DUPLICATES upstream_includes)
  target_include_directories(${name} SYSTEM PUBLIC ${upstream_includes})
  if(ARG_LINK_LIBS)
    target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  endif()
  if(ARG_LINK_MLIR)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_LINK_MLIR})
  endif()
  # An instrumented library needs the sanitizer runtime wherever it is linked,
  # including in a downstream project that finds the installed package.
  if(REDUCE_SANITIZER_LINK_FLAGS)
    target_link_options(${name} INTERFACE ${REDUCE_SANITIZER_LINK_FLAGS})
  endif()
  set_property(GLOBAL APPEND PROPERTY REDUCE_EXPORTED_LIBS ${name})
  install(TARGETS ${name} EXPORT ReduceTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()

# add_reduce_tool(name SOURCES... [LINK_MLIR lib...] [LINK_LIBS lib...])
function(add_reduce_tool name)
  cmake_parse_arguments(ARG "" "" "LINK_MLIR;LINK_LIBS" ${ARGN})
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  reduce_target_use_pch(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  mlir_target_link_libraries(${name} PRIVATE ${ARG_LINK_MLIR})
  # The installed tool finds libMLIR.so / libLLVM.so where Debian put them.
  set_property(TARGET ${name} APPEND PROPERTY INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
  install(TARGETS ${name} EXPORT ReduceTargets
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()
