"""Prints a function whose result is a chain of N vector minimums:
m0 = min(a, b), then m[i] = min(m[i-1], a or b). Usage: minimum-chain.py N"""
import sys

n = int(sys.argv[1])
print("func.func @chain(%a: vector<16xf32>, %b: vector<16xf32>) -> vector<16xf32> {")
print("  %m0 = arith.minimumf %a, %b : vector<16xf32>")
for i in range(1, n):
    print("  %%m%d = arith.minimumf %%m%d, %%%s : vector<16xf32>" % (i, i - 1, "ab"[i % 2]))
print("  return %%m%d : vector<16xf32>" % (n - 1))
print("}")
