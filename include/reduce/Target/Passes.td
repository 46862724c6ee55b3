//===- Passes.td - Target description passes ---------------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The pass that records the target description in the module.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TARGET_PASSES_TD
#define REDUCE_TARGET_PASSES_TD

include "mlir/Pass/PassBase.td"

def ReduceAttachTargetPass
    : Pass<"reduce-attach-target", "::mlir::ModuleOp"> {
  let summary = "Record the target description in the module";
  let description = [{
    Sets the module attribute `reduce.target` to the target description
    (ReduceTarget) the `reduce-to-llvm` pipeline compiles for: one entry
    per field, as the host profile names them, and `profile`, the profile
    it came from ("static default" or the profile's path).

    ```mlir
    module attributes {reduce.target = {accumulators = 4 : i64,
        prefetch_distance = 2048 : i64, profile = "static default",
        range_minimum = true, stream_vector_bits = 256 : i64,
        vector_bits = 512 : i64, ...}} {
    ```

    The pipeline creates the pass with the target it resolved
    (`createReduceAttachTargetPass(target, profile)`); created from the
    command line, it records the defaults (ReduceTargetFields.def) with the
    profile `none`. `set` overrides fields by key:
    `--reduce-attach-target="set=vector_bits=512,min_stream_bytes=4096"`;
    an unknown key or a value outside the field's range is an error.

    The passes that read the target from this attribute (the planners
    `reduce-plan-splits` and `reduce-plan`, and `reduce-fuse-elementwise`,
    `reduce-vectorize`, `reduce-prefetch`, `reduce-nontemporal-stores`,
    `reduce-expand-min-max`; docs/pipeline.md lists what each reads)
    compile a module without it for the defaults.
  }];
  let options = [
    ListOption<"set", "set", "std::string",
               "Fields of the target, as key=value (keys as in "
               "`reduce.target`), over the defaults">,
  ];
}

#endif // REDUCE_TARGET_PASSES_TD
