# -*- Python -*-
# lit configuration that runs the gtest binaries built under unittests/.

import os

import lit.formats

config.name = "REDUCE-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.reduce_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")

# No host profile, nothing written to the user's home (see test/lit.cfg.py).
config.environment["REDUCE_PROFILE"] = "off"
config.environment["REDUCE_CACHE_DIR"] = os.path.join(
    config.reduce_obj_root, "unittests", "reduce-cache")

lit_config.load_config(
    config, os.path.join(config.reduce_src_root, "test", "sanitizers.cfg.py"))
