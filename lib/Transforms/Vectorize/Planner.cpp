//===- Planner.cpp - Choosing how a reduction is vectorized -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The strategy follows the layout: a reduction along the innermost
// (contiguous) dim keeps vector accumulators along the row and reduces them
// horizontally once per row; short and medium rows are instead reduced a
// tile of rows at a time by a shuffle tree; a reduction of everything to one
// value is first split into blocks; a mixed-axes reduction with short inner
// rows is split into an outer reduction and one of the short rows; a
// reduction along outer dims vectorizes across the innermost kept dim and
// needs no horizontal reduction. The numbers come from the target
// description; docs/tuning.md says how they were measured.
//
//===----------------------------------------------------------------------===//

#include "Planner.h"
#include "Strategies.h"
#include "Utils.h"
#include "../Transcendental.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::vectorize;

namespace {
/// The loops of an op as the strategy sees them: after a distribution over
/// threads, those of one thread's tile.
struct Loops {
  SmallVector<int64_t> ranges;
  SmallVector<utils::IteratorType> iterators;
  /// Static bytes of the inputs (saturating).
  uint64_t inputBytes = 0;

  bool isDynamic() const { return ShapedType::isDynamicShape(ranges); }
  int64_t getNumReductionLoops() const {
    return llvm::count_if(iterators, linalg::isReductionIterator);
  }
};

/// Returns true if `op` streams its input from L3 or memory: static, of at
/// least `minStreamBytes` (before any distribution over threads).
static bool isStreamed(linalg::LinalgOp op, const ReduceTarget &target) {
  return !op.hasDynamicShape() &&
         getStaticInputBytes(op) >=
             static_cast<uint64_t>(target.minStreamBytes);
}

/// Returns true if the body of `op` computes a transcendental per element:
/// it is bound by arithmetic, not by its reads (Transcendental.h).
static bool isArithmeticBound(linalg::LinalgOp op) {
  return computesTranscendental(*op.getBlock());
}

/// How a reduction is distributed over threads: `threads` tiles of `chunk`
/// along dim `dim` (one tile: no distribution).
struct ThreadTiling {
  int64_t threads = 1;
  int64_t dim = 0;
  int64_t chunk = 0;
};

/// Chooses the split or the plan of one op; see chooseSplit and
/// planLinalgOp. Every member is computed once, in the constructor, from
/// the op and the options alone.
class Planner {
public:
  /// Plans `op`, as if it had the loops `loopsOverride` when given (an op
  /// that is not built yet, with the body, operands and element types of
  /// `op`).
  Planner(linalg::LinalgOp op, const PlannerOptions &options,
          SmallVectorImpl<std::string> *reasons,
          std::optional<Loops> loopsOverride = std::nullopt)
      : op(op), target(options.target), options(options), reasons(reasons),
        ordered(options.strictFpOrder && hasFloatAddCombiner(op)),
        arithmeticBound(isArithmeticBound(op)),
        loops(loopsOverride ? std::move(*loopsOverride) : getLoops(op)),
        elementBits(getWidestElementBits(op)),
        inputBits(getWidestInputElementBits(op)),
        vectorBits(chooseVectorBits()),
        lanes(std::max<int64_t>(1, vectorBits / elementBits)),
        tileSize(lanes * target.accumulators), tiling(chooseThreads()),
        tileLoops(getTileLoops(loops, tiling)) {}

  /// The split of a reduction, if it is split.
  SplitPlanAttr split() {
    if (isEmpty() || loops.getNumReductionLoops() == 0)
      return {};
    noteKernel();
    noteRegisters();
    if (SplitPlanAttr split = planRowsSplit())
      return split;
    if (SplitPlanAttr split = planBlocksSplit())
      return split;
    return planThreadsSplit();
  }

  /// The plan of the op as it is (no split).
  PlanAttrInterface plan() {
    if (isEmpty()) {
      note("an empty iteration space computes nothing: the init is the "
           "result");
      return NonePlanAttr::get(op.getContext());
    }
    noteKernel();
    noteRegisters();
    if (loops.getNumReductionLoops() == 0)
      return planElementwise();
    noteThreads();
    if (linalg::isReductionIterator(loops.iterators.back()))
      return planInner();
    return planOuter();
  }

private:
  template <typename... Parts>
  void note(const Parts &...parts) {
    if (!reasons)
      return;
    std::string text;
    llvm::raw_string_ostream os(text);
    (os << ... << parts);
    reasons->push_back(std::move(text));
  }

  /// Names what the op computes when it is more than one combiner of one
  /// input (the kernels of reduce-fuse-elementwise, and the lowerings
  /// that compute per element): its inputs, results and ops per element.
  void noteKernel() {
    Block *body = op.getBlock();
    int64_t bodyOps = static_cast<int64_t>(body->getOperations().size()) - 1;
    int64_t inputs = op.getNumDpsInputs(), results = op.getNumDpsInits();
    if (inputs <= 1 && results <= 1 && bodyOps <= results)
      return;
    note("kernel: ", inputs, inputs == 1 ? " input, " : " inputs, ",
         results, results == 1 ? " result, " : " results, ", bodyOps,
         bodyOps == 1 ? " op" : " ops", " per element",
         arithmeticBound ? " with a transcendental" : "");
  }

  /// Names the distribution over threads, if any.
  void noteThreads() {
    if (tiling.threads > 1)
      note("threads: dim ", tiling.dim, " (", loops.ranges[tiling.dim], ") in ",
           tiling.threads, " tiles of ", tiling.chunk);
  }

  SplitPlanAttr makeSplit(SplitKind kind, int64_t parts = 0,
                          SplitPlanAttr partial = {}) const {
    return SplitPlanAttr::get(op.getContext(), kind, parts, partial);
  }

  /// The distribution over threads of the plan, if any.
  ThreadsAttr getThreadsAttr() const {
    if (tiling.threads == 1)
      return {};
    return ThreadsAttr::get(op.getContext(), tiling.threads, tiling.dim,
                            tiling.chunk);
  }

public:
  /// The loops of `op`: for an op with no reduced dim, those it has once
  /// collapsed (reduce-vectorize collapses it before applying its plan).
  static Loops getLoops(linalg::LinalgOp op) {
    if (op.getNumReductionLoops() == 0)
      return getElementwiseLoops(op, getCollapsedLoopRanges(op));
    Loops loops;
    loops.inputBytes = getStaticInputBytes(op);
    loops.ranges = op.getStaticLoopRanges();
    loops.iterators = op.getIteratorTypesArray();
    return loops;
  }

  /// The loops of `op`, an op with no reduced dim, with the sizes `ranges`.
  static Loops getElementwiseLoops(linalg::LinalgOp op,
                                   ArrayRef<int64_t> ranges) {
    Loops loops;
    loops.inputBytes = getStaticInputBytes(op);
    loops.ranges = llvm::to_vector(ranges);
    loops.iterators.assign(loops.ranges.size(), utils::IteratorType::parallel);
    return loops;
  }

private:
  /// The loops of the partial reduction that `split_short_rows` makes of an
  /// op with the (static) loops `loops`: the innermost dim kept, then the
  /// adjacent dims of the same kind collapsed, as collapseAdjacentDims
  /// does (every operand of it indexes its dims in order).
  static Loops getShortRowsPartialLoops(const Loops &loops) {
    Loops partial;
    partial.inputBytes = loops.inputBytes;
    SmallVector<utils::IteratorType> iterators = loops.iterators;
    iterators.back() = utils::IteratorType::parallel;
    for (size_t dim = 0, e = iterators.size(); dim < e;) {
      size_t end = dim + 1;
      int64_t size = loops.ranges[dim];
      bool overflows = false;
      for (; end < e && iterators[end] == iterators[dim]; ++end)
        overflows |= llvm::MulOverflow(size, loops.ranges[end], size);
      if (overflows) {
        // Not collapsed: the sizes stay apart.
        partial.ranges.append(loops.ranges.begin() + dim,
                              loops.ranges.begin() + end);
        partial.iterators.append(end - dim, iterators[dim]);
      } else {
        partial.ranges.push_back(size);
        partial.iterators.push_back(iterators[dim]);
      }
      dim = end;
    }
    return partial;
  }

  bool isEmpty() const { return llvm::is_contained(loops.ranges, 0); }

  /// Returns true if the loops of one thread's tile stream their input from
  /// L3 or memory: static, of at least `minStreamBytes`.
  bool streamsInput() const {
    return !tileLoops.isDynamic() &&
           tileLoops.inputBytes >= static_cast<uint64_t>(target.minStreamBytes);
  }

  /// Registers of `streamVectorBits` for static inputs of at least
  /// `minStreamBytes` whose reads bound them, else of `vectorBits`.
  int64_t chooseVectorBits() const {
    bool readBound = isStreamed(op, target) && !arithmeticBound;
    return readBound ? target.streamVectorBits : target.vectorBits;
  }

  /// Says why the registers are what they are.
  void noteRegisters() {
    bool streamed = isStreamed(op, target);
    if (op.hasDynamicShape())
      note("dynamic shape, taken as in cache");
    else
      note(streamed ? "streamed" : "in cache", ": ", loops.inputBytes,
           " input bytes ", streamed ? ">=" : "<", " min_stream_bytes ",
           target.minStreamBytes);
    if (streamed && arithmeticBound)
      note("a transcendental per element bounds it by arithmetic: ",
           "registers of vector_bits");
    if (options.heldToStreamRegisters)
      note("the function streams an input: registers of at most ",
           target.vectorBits, " bits throughout");
    note(vectorBits, "-bit registers of ", lanes, " x ", elementBits,
         "-bit lanes, ", target.accumulators, " per tile");
  }

  /// A reduction whose innermost dim is reduced and that also reduces a dim
  /// outside a kept one (at least `minShortSplitFactor` elements per
  /// result) would reduce each kept row in turn, jumping over the outer
  /// reduced dims between the rows. It is split so that the input is read in
  /// order:
  /// - short rows (at most `maxShortRowBytes`): the outer reduction first,
  ///   into a partial result that keeps the short dim, then the short rows;
  /// - long rows: the rows first, into a partial result per row (an inner
  ///   reduction of 2-D rows, read as parts), then the outer reduction of
  ///   that result.
  /// Not for `ordered` sums.
  SplitPlanAttr planRowsSplit() {
    if (ordered || !isShortRowsSplittable(op))
      return {};
    int64_t rank = loops.ranges.size();
    // A reduced dim outside a kept one, reducing at least
    // `minShortSplitFactor` elements per partial result (the count stops
    // there: static dims near 2^62 are legal).
    int64_t outerReduced = 1;
    bool keptInside = false;
    for (int64_t dim = 0; dim + 1 < rank; ++dim) {
      if (linalg::isReductionIterator(loops.iterators[dim]))
        outerReduced = std::min(
            outerReduced *
                std::min(loops.ranges[dim], target.minShortSplitFactor),
            target.minShortSplitFactor);
      else if (outerReduced > 1)
        keptInside = true;
    }
    if (!keptInside || outerReduced < target.minShortSplitFactor)
      return {};
    int64_t maxColumns =
        target.maxShortRowBytes / std::max<int64_t>(1, elementBits / 8);
    if (loops.ranges.back() > maxColumns) {
      note("split_long_rows: inner rows of ", loops.ranges.back(),
           " elements (more than ", maxColumns,
           ") reduced inside a kept dim: the rows are reduced first, in "
           "order, then the outer reduced dims of their results");
      return makeSplit(SplitKind::long_rows);
    }
    note("split_short_rows: inner rows of ", loops.ranges.back(),
         " elements (at most ", maxColumns,
         ") reduced inside a kept dim: the outer reduction streams the input "
         "in order, then the short rows are reduced");
    // The partial reduction reduces the outer dims into a result that keeps
    // the short one: of the splits, only split_threads can apply to it.
    Planner partial(op, options, reasons, getShortRowsPartialLoops(loops));
    return makeSplit(SplitKind::short_rows, /*parts=*/0,
                     partial.planThreadsSplit());
  }

  /// A reduction of everything to one value (one static reduced dim of at
  /// least 4 blocks) becomes blocks of `splitBlockTiles` vector tiles into
  /// partial results, then their reduction: each accumulator lane adds at
  /// most `splitBlockTiles` elements, which cuts the rounding error of long
  /// float sums, and the blocks can run on threads. Not for `ordered` sums.
  SplitPlanAttr planBlocksSplit() {
    if (loops.ranges.size() != 1 || loops.isDynamic() || ordered)
      return {};
    int64_t size = loops.ranges[0];
    int64_t block = tileSize * target.splitBlockTiles;
    if (size < 4 * block)
      return {};
    // A multiple of the vector tile that divides the size, near `block`.
    for (int64_t candidate = block; candidate >= block / 2;
         candidate -= tileSize)
      if (size % candidate == 0) {
        if (!canSplitIntoParts(op, size / candidate)) {
          note("no split_blocks: the body has no single combiner with a "
               "neutral element");
          return {};
        }
        note("split_blocks: ", size, " elements reduced to one value, in ",
             size / candidate, " blocks of ", candidate, " (about ",
             target.splitBlockTiles, " tiles of ", tileSize, ")");
        return makeSplit(SplitKind::blocks, size / candidate);
      }
    note("no split_blocks: no multiple of ", tileSize, " between ", block / 2,
         " and ", block, " divides ", size);
    return {};
  }

  /// True when the op is to run on `threads`: more than one thread, static
  /// shapes, an input of at least `minParallelBytes`.
  bool isParallelCandidate() const {
    return options.threads > 1 && !loops.isDynamic() &&
           loops.inputBytes >= options.minParallelBytes;
  }

  /// With threads, a reduction whose only reduced dim is the outermost one
  /// (columns of a matrix) is split into `threads` reductions of
  /// consecutive slices: each thread streams its own contiguous part of the
  /// input. Splitting the kept dim instead has every thread read every row,
  /// a part of it.
  SplitPlanAttr planThreadsSplit() {
    if (!isParallelCandidate() || loops.getNumReductionLoops() != 1 ||
        loops.ranges.size() < 2 ||
        !linalg::isReductionIterator(loops.iterators[0]) ||
        loops.ranges[0] % options.threads != 0 || ordered ||
        !hasNeutralCombiner(op))
      return {};
    note("split_threads: the outermost dim (", loops.ranges[0],
         ") is the only reduced one: ", options.threads,
         " threads each stream a contiguous slice");
    return makeSplit(SplitKind::threads, options.threads);
  }

  /// With threads and a large static input, the outermost parallel dim of
  /// at least `threads` of a reduction or an elementwise op is split into `threads` tiles of an
  /// `scf.forall` (a multiple of the vector tile when the dim is the
  /// innermost one). The rest of the plan is chosen for one tile.
  ThreadTiling chooseThreads() const {
    if (!isParallelCandidate())
      return {};
    for (auto [dim, iterator] : llvm::enumerate(loops.iterators)) {
      int64_t range = loops.ranges[dim];
      if (linalg::isReductionIterator(iterator) || range < options.threads)
        continue;
      int64_t chunk = llvm::divideCeil(range, options.threads);
      if (dim + 1 == loops.ranges.size())
        chunk = llvm::alignTo(chunk, tileSize);
      if (chunk >= range)
        continue;
      return {options.threads, static_cast<int64_t>(dim), chunk};
    }
    return {};
  }

  /// The loops of one tile of `tiling`: a dim that the tiles do not divide
  /// evenly is dynamic.
  static Loops getTileLoops(const Loops &loops, const ThreadTiling &tiling) {
    Loops tile = loops;
    if (tiling.threads == 1)
      return tile;
    int64_t range = loops.ranges[tiling.dim];
    if (range % tiling.chunk == 0) {
      tile.inputBytes = loops.inputBytes / range * tiling.chunk;
      tile.ranges[tiling.dim] = tiling.chunk;
    } else {
      tile.ranges[tiling.dim] = ShapedType::kDynamic;
    }
    return tile;
  }

  /// The tile of the innermost dim of size `size`: the whole dim when it is
  /// static and fits in the vector tile; else, for a static size that is
  /// not a multiple of the vector tile, a multiple of the register width
  /// between half and twice the vector tile that divides it, so that no
  /// tile is masked (240 f32 with 16 lanes: 80); else the vector tile.
  /// With `powerOfTwoRegisters`, the multiple is instead the largest power
  /// of two of registers, at most twice the tile, that divides the size
  /// (240 f32 with 8 lanes: 16), for accumulators that a loop carries and
  /// that are reduced after it: LLVM folds the reduction after the loop of
  /// a tile of 5 registers back onto the whole vector of the last
  /// iteration, live across blocks and scalarized.
  int64_t getInnerTile(int64_t size, bool powerOfTwoRegisters = false) const {
    if (ShapedType::isDynamic(size))
      return tileSize;
    if (size <= tileSize || size % tileSize == 0)
      return std::min(size, tileSize);
    int64_t registers = tileSize / lanes;
    if (powerOfTwoRegisters) {
      for (int64_t candidate =
               llvm::bit_floor(static_cast<uint64_t>(2 * registers));
           candidate >= 1; candidate /= 2)
        if (size % (candidate * lanes) == 0)
          return candidate * lanes;
      return tileSize;
    }
    for (int64_t distance = 1; distance <= registers; ++distance)
      for (int64_t candidate : {registers + distance, registers - distance})
        if (candidate * 2 >= registers && candidate <= 2 * registers &&
            candidate > 0 && size % (candidate * lanes) == 0)
          return candidate * lanes;
    return tileSize;
  }

  /// The rows reduced together by the row-tile strategy, or 0 when it does
  /// not apply. The innermost dim must be the only reduced one and static,
  /// the dim before it kept and static, and the sum not `ordered` (the
  /// tree reassociates):
  /// - short rows, a power of two of at most one register: tiles of one
  ///   register's lanes of rows, when the rows are a multiple of it;
  /// - medium rows, 2 to `maxRowRegisters` whole registers: tiles of the
  ///   largest power of two of rows, at most the lanes, that divides the
  ///   rows, so that the horizontal reductions share one shuffle tree; in
  ///   cache, the first multiple of that group that divides the rows and
  ///   reads `minRowTileRegisters` registers a step (or the largest that
  ///   divides them, up to twice that).
  int64_t getRowTile() const {
    int64_t rank = tileLoops.ranges.size();
    if (tileLoops.getNumReductionLoops() != 1 || rank < 2 || ordered ||
        isOnlineRow(op))
      return 0;
    int64_t columns = tileLoops.ranges.back();
    int64_t rows = tileLoops.ranges[rank - 2];
    if (ShapedType::isDynamic(columns) || ShapedType::isDynamic(rows) ||
        linalg::isReductionIterator(tileLoops.iterators[rank - 2]) ||
        columns < 2)
      return 0;
    if (columns <= lanes)
      return llvm::isPowerOf2_64(columns) && rows % lanes == 0 ? lanes : 0;
    if (columns % lanes != 0 || columns > target.maxRowRegisters * lanes)
      return 0;
    int64_t group = getShuffleTreeRows(rows, lanes);
    if (group < 2)
      return 0;
    int64_t rowRegisters = columns / lanes;
    int64_t tile = group;
    if (streamsInput() || group * rowRegisters >= target.minRowTileRegisters)
      return tile;
    // The first multiple of the group that divides the rows and reads
    // enough registers, else the largest that divides them; the search
    // stops at twice the registers (rows may have a large prime factor).
    int64_t limit = 2 * target.minRowTileRegisters;
    for (int64_t candidate = 2 * group;
         candidate <= rows && candidate * rowRegisters <= limit;
         candidate += group) {
      if (rows % candidate != 0)
        continue;
      tile = candidate;
      if (candidate * rowRegisters >= target.minRowTileRegisters)
        break;
    }
    return tile;
  }

  PlanAttrInterface planRowTiles(int64_t rowTile) {
    int64_t rowStreams = 1;
    if (streamsInput() && target.rowStreams > 1 &&
        canExpandRowStreams(op, tileLoops.ranges, target.rowStreams, rowTile))
      rowStreams = target.rowStreams;
    int64_t group = getShuffleTreeRows(rowTile, lanes);
    note("row_tiles: rows of ", tileLoops.ranges.back(), " elements, ", rowTile,
         " at a time, reduced against each other by one shuffle tree",
         group < rowTile ? " per " : "",
         group < rowTile ? std::to_string(group) : "",
         group < rowTile ? " rows" : "", rowStreams > 1 ? ", read as " : "",
         rowStreams > 1 ? std::to_string(rowStreams) : "",
         rowStreams > 1 ? " streams of consecutive rows" : "");
    return RowTilesPlanAttr::get(op.getContext(), vectorBits, rowTile,
                                 rowStreams, getThreadsAttr());
  }

  /// Returns true if an operand of the op has i1 elements.
  bool hasBoolOperands() const {
    return llvm::any_of(op->getOperandTypes(), [](Type type) {
      return getElementTypeOrSelf(type).isInteger(1);
    });
  }

  /// The block of rows (2-D loops, static) whose `parts` parts are read side
  /// by side: 0 when all the rows fit in `rowStreamBlockBytes`, else the
  /// most rows that do, a multiple of `parts` that divides the rows; -1 if
  /// there is none.
  int64_t getStreamBlock(int64_t parts) const {
    int64_t rows = tileLoops.ranges[0];
    if (rows <= 0)
      return -1;
    int64_t bytes = static_cast<int64_t>(tileLoops.inputBytes);
    int64_t rowBytes = std::max<int64_t>(1, bytes / rows);
    if (bytes <= target.rowStreamBlockBytes)
      return 0;
    for (int64_t block = target.rowStreamBlockBytes / rowBytes / parts * parts;
         block >= parts; block -= parts)
      if (rows % block == 0)
        return block;
    return -1;
  }

  /// Returns true if the op has several results, which keep the rows at
  /// once of one result (the target's `resultAccumulators` is set and the
  /// op streams its input).
  bool keepsRowsOfOneResult() const {
    return op.getNumDpsInits() > 1 && streamsInput() &&
           target.resultAccumulators > 0;
  }

  /// The registers a row of each result's innermost tile of a streamed op
  /// with several results that keeps the rows at once of one result: the
  /// target's `resultAccumulators`, fewer (a power of two, at least 1)
  /// while the accumulators of all results and rows at once exceed half the
  /// target's registers (the other half holds the loaded vectors, per-row
  /// values and temporaries); 0 when the results share the rows at once
  /// instead.
  int64_t getResultAccumulators() const {
    if (!keepsRowsOfOneResult())
      return 0;
    int64_t results = op.getNumDpsInits();
    int64_t rows = getRowsPerResult(std::max<int64_t>(target.rowStreams,
                                                      target.streamRows));
    auto registers = static_cast<int64_t>(llvm::bit_floor(
        static_cast<uint64_t>(target.resultAccumulators)));
    while (registers > 1 &&
           2 * rows * results * registers > target.vectorRegisters)
      registers /= 2;
    return registers;
  }

  /// The rows at once of an op with several results, of the target's
  /// `rows` for one result: with result accumulators, `rows` rounded down
  /// to a power of two, halved while even one register a row for every
  /// result exceeds half the target's registers; else `rows` / results
  /// rounded up, then down to a power of two, halved while the
  /// accumulators (`accumulators` a row) of all results exceed the
  /// target's registers; at least 1 (for one result, `rows` rounded down to
  /// a power of two).
  int64_t getRowsPerResult(int64_t rows) const {
    int64_t results = std::max<int64_t>(op.getNumDpsInits(), 1);
    if (keepsRowsOfOneResult()) {
      auto perResult = static_cast<int64_t>(
          llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(rows, 1))));
      while (perResult > 1 &&
             2 * perResult * results > target.vectorRegisters)
        perResult /= 2;
      return perResult;
    }
    auto perResult = static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(
        std::max<int64_t>(llvm::divideCeil(rows, results), 1))));
    while (results > 1 && perResult > 1 &&
           perResult * results * target.accumulators > target.vectorRegisters)
      perResult /= 2;
    return perResult;
  }

  /// Innermost dim reduced: row tiles when they apply, else vector
  /// accumulators along the rows, `streamRows` rows of the innermost kept
  /// dim at once when the shape is static, that dim a multiple of it, the
  /// row tiles unmasked and the sum not `ordered`.
  PlanAttrInterface planInner() {
    if (int64_t rowTile = getRowTile())
      return planRowTiles(rowTile);
    int64_t innerTile =
        getInnerTile(tileLoops.ranges.back(), /*powerOfTwoRegisters=*/true);
    int64_t resultAccumulators = getResultAccumulators();
    if (resultAccumulators && innerTile > resultAccumulators * lanes &&
        innerTile % (resultAccumulators * lanes) == 0)
      innerTile = resultAccumulators * lanes;
    // Rows at once keep more reads in flight; a transcendental per element
    // needs the registers for its arithmetic instead.
    if (arithmeticBound && target.streamRows > 1)
      note("one row at a time: a transcendental per element");
    bool unmasked = !tileLoops.isDynamic() && !ordered && !arithmeticBound &&
                    tileLoops.ranges.back() % innerTile == 0;
    // Several rows of bools at once are arrays of i1 vectors, which LLVM
    // lowers lane by lane into mask registers.
    if (unmasked && hasBoolOperands()) {
      note("one row at a time: rows of bools");
      unmasked = false;
    }
    // Streamed 2-D rows: one row from each of `rowStreams` parts of the
    // rows at once, long streams side by side (reassociates nothing: each
    // row keeps its own accumulators), in blocks of at most
    // `rowStreamBlockBytes`.
    // The accumulators of several results share the rows at once and the
    // registers.
    int64_t results = op.getNumDpsInits();
    int64_t targetRowStreams = getRowsPerResult(target.rowStreams);
    int64_t targetStreamRows = getRowsPerResult(target.streamRows);
    if (resultAccumulators)
      note("result_accumulators: each of ", results,
           " results keeps the rows at once, registers a row: ",
           innerTile / lanes, " (", target.vectorRegisters, " registers)");
    else if (results > 1 && (targetRowStreams < target.rowStreams ||
                             targetStreamRows < target.streamRows))
      note("rows at once divided among ", results, " results (",
           target.vectorRegisters, " registers)");
    int64_t rowStreams = 1, streamBlock = 0;
    if (unmasked && streamsInput() && targetRowStreams > 1 &&
        canExpandRowStreams(op, tileLoops.ranges, targetRowStreams, 1)) {
      streamBlock = getStreamBlock(targetRowStreams);
      if (streamBlock >= 0)
        rowStreams = targetRowStreams;
    }
    int64_t streamRows = 1;
    if (unmasked && rowStreams == 1 && targetStreamRows > 1) {
      for (int64_t dim = tileLoops.ranges.size() - 1; dim >= 0; --dim) {
        if (linalg::isReductionIterator(tileLoops.iterators[dim]))
          continue;
        if (tileLoops.ranges[dim] % targetStreamRows == 0)
          streamRows = targetStreamRows;
        break;
      }
    }
    note("inner: the innermost dim (", tileLoops.ranges.back(),
         ") is reduced into accumulators of ", innerTile, " elements",
         streamRows > 1 ? ", " : "",
         streamRows > 1 ? std::to_string(streamRows) : "",
         streamRows > 1 ? " rows at once" : "",
         rowStreams > 1 ? ", one row from each of " : "",
         rowStreams > 1 ? std::to_string(rowStreams) : "",
         rowStreams > 1 ? " parts of the rows at once" : "",
         streamBlock > 0 ? ", in blocks of " : "",
         streamBlock > 0 ? std::to_string(streamBlock) : "",
         streamBlock > 0 ? " rows" : "",
         ordered ? ", in sequential order (strict-fp-order)" : "");
    return InnerPlanAttr::get(
        op.getContext(), vectorBits, innerTile, streamRows, rowStreams,
        std::max<int64_t>(streamBlock, 0), ordered, getThreadsAttr());
  }

  /// The block of the kept innermost dim of size `size`: about
  /// `keptBlockBytes` of each input row (the accumulators of widened inputs
  /// take more), a multiple of the vector tile that divides `size` when one
  /// does; 0 when the dim is at most 4 vector tiles (its accumulators stay in
  /// registers and its row stride is short enough for the prefetchers) or
  /// dynamic.
  int64_t getKeptBlock(int64_t size) const {
    if (ShapedType::isDynamic(size) || size <= 4 * tileSize)
      return 0;
    int64_t elementBytes = std::max<int64_t>(1, inputBits / 8);
    int64_t preferred = std::max<int64_t>(
        tileSize, llvm::alignDown(target.keptBlockBytes / elementBytes,
                                  tileSize));
    if (size <= preferred)
      return size;
    for (int64_t block = preferred; block >= tileSize; block -= tileSize)
      if (size % block == 0)
        return block;
    return preferred;
  }

  /// Innermost dim kept: vectors across it; the innermost reduced dim in
  /// steps of `outerRowsPerStep` rows (`outerMinMaxRowsPerStep` for a
  /// NaN-propagating float minimum or maximum) when it is a static multiple
  /// of it,
  /// the shape static and the vectors unmasked; for the long rows of a
  /// streamed 2-D input, the rows of a step come from as many parts of the
  /// rows, read side by side.
  PlanAttrInterface planOuter() {
    SmallVector<int64_t> ranges = tileLoops.ranges;
    int64_t rowDim = -1;
    for (int64_t dim = ranges.size() - 1; dim >= 0 && rowDim < 0; --dim)
      if (linalg::isReductionIterator(tileLoops.iterators[dim]))
        rowDim = dim;
    // A NaN-propagating float minimum or maximum adds its rows by a tree,
    // whose instructions per row fall as it has more leaves.
    int64_t step = hasFloatMinMaxCombiner(op) ? target.outerMinMaxRowsPerStep
                                              : target.outerRowsPerStep;
    // Widened accumulators (f32 products in f64) take as many more rows
    // per step: as many accumulator bytes loaded and stored per input byte.
    if (elementBits > inputBits && !hasFloatMinMaxCombiner(op)) {
      step *= elementBits / inputBits;
      note("accumulators ", elementBits / inputBits,
           " times as wide as the input: ", step, " rows per step");
    }
    // A transcendental per element keeps a tile's worth of registers in
    // flight per row: at most `accumulators` rows per step, so that their
    // arithmetic is not spilled.
    if (arithmeticBound && step > target.accumulators) {
      step = target.accumulators;
      note("a transcendental per element: ", step, " rows per step");
    }
    int64_t keptBlock = getKeptBlock(ranges.back());
    // Long rows of a streamed input: the `outerRowsPerStep` rows of a step
    // come from as many parts of the rows, read side by side
    // (reassociates the additions).
    int64_t rowStreams = 1;
    if (keptBlock > 0 && streamsInput() && !ordered &&
        canExpandOuterStreams(op, ranges, step)) {
      rowStreams = step;
      rowDim = 1;
      ranges = {ranges[0] / rowStreams, rowStreams, ranges[1]};
    }
    bool stepsRows =
        !tileLoops.isDynamic() && step > 1 && ranges[rowDim] % step == 0;
    int64_t blockRows = 1, rowsPerStep = 1, innerTile = 0;
    if (keptBlock > 0) {
      bool unmasked = keptBlock % getInnerTile(keptBlock) == 0;
      if (stepsRows && unmasked)
        blockRows = step;
      // The block's loops are static when the block divides the dim.
      bool staticBlock = keptBlock == ranges.back() ||
                         ranges.back() % keptBlock == 0;
      innerTile = getInnerTile(staticBlock ? keptBlock : ShapedType::kDynamic);
      if (blockRows > 1 && staticBlock)
        rowsPerStep = step;
    } else {
      innerTile = getInnerTile(ranges.back());
      if (stepsRows && ranges.back() % innerTile == 0)
        rowsPerStep = step;
    }
    note("outer: the innermost dim (", ranges.back(),
         ") is kept, vectors of ", innerTile, " across it",
         keptBlock ? ", in blocks of " : "",
         keptBlock ? std::to_string(keptBlock) : "",
         rowsPerStep > 1 ? ", " : "",
         rowsPerStep > 1 ? std::to_string(rowsPerStep) : "",
         rowsPerStep > 1 ? " reduced rows per step" : "",
         rowStreams > 1 ? ", one from each of " : "",
         rowStreams > 1 ? std::to_string(rowStreams) : "",
         rowStreams > 1 ? " parts of the rows" : "");
    return OuterPlanAttr::get(op.getContext(), vectorBits, innerTile, keptBlock,
                              blockRows, rowsPerStep, rowStreams,
                              getThreadsAttr());
  }

  /// No reduced dim: 1-D vectors of the inner tile.
  PlanAttrInterface planElementwise() {
    int64_t innerTile =
        loops.ranges.empty() ? 1 : getInnerTile(loops.ranges.back());
    noteThreads();
    note("elementwise: 1-D vectors of ", innerTile);
    return ElementwisePlanAttr::get(op.getContext(), vectorBits, innerTile,
                                    getThreadsAttr());
  }

  // Not const: the interface methods of an op handle are not.
  mutable linalg::LinalgOp op;
  const ReduceTarget &target;
  const PlannerOptions &options;
  SmallVectorImpl<std::string> *const reasons;
  const bool ordered;
  /// A transcendental per element: the stream settings do not apply.
  const bool arithmeticBound;
  /// The loops of the whole op.
  const Loops loops;
  const unsigned elementBits;
  /// The widest input element: narrower than `elementBits` when the
  /// accumulators are widened.
  const unsigned inputBits;
  const int64_t vectorBits;
  const int64_t lanes;
  /// Elements of the innermost vector tile: `accumulators` registers.
  const int64_t tileSize;
  const ThreadTiling tiling;
  /// The loops of one thread's tile (the whole op's without threads).
  const Loops tileLoops;
};
} // namespace

/// Returns true if `strategy` reads its streamed input as long runs of
/// contiguous elements reduced into accumulators (`inner`, the rows of
/// `split_long_rows` and the blocks of `split_blocks`), the strategies that
/// read faster with the narrower stream registers held in the backend
/// (docs/tuning.md).
static bool readsRowsIntoAccumulators(VectorStrategy strategy) {
  return strategy == VectorStrategy::inner ||
         strategy == VectorStrategy::split_long_rows ||
         strategy == VectorStrategy::split_blocks;
}

FailureOr<PlannerOptions>
mlir::reduce::vectorize::getPlannerOptions(Operation *function) {
  FailureOr<ReduceTarget> target = lookupReduceTarget(function);
  if (failed(target))
    return failure();
  FunctionPlanAttr plan = lookupFunctionPlan(function);
  PlannerOptions options;
  options.target = *target;
  options.strictFpOrder = plan.getStrictFpOrder();
  options.threads = plan.getThreads();
  options.minParallelBytes = target->minParallelBytes;
  return options;
}

void mlir::reduce::vectorize::chooseFunctionRegisters(
    Operation *function, ArrayRef<linalg::LinalgOp> reductions,
    PlannerOptions &options) {
  FunctionPlanAttr functionPlan = lookupFunctionPlan(function);
  if (functionPlan.getVectorBits() != 0)
    return applyFunctionRegisters(function, options);
  ReduceTarget &target = options.target;
  if (target.streamVectorBits >= target.vectorBits)
    return;
  bool streams = false;
  for (linalg::LinalgOp op : reductions) {
    if (!isStreamed(op, target))
      continue;
    // Wide registers do more arithmetic per instruction.
    if (isArithmeticBound(op))
      return;
    streams = true;
    PlanAttrInterface plan = chooseSplit(op, options, /*reasons=*/nullptr);
    if (!plan)
      plan = planLinalgOp(op, options, /*reasons=*/nullptr);
    if (!readsRowsIntoAccumulators(plan.getStrategy()))
      return;
  }
  if (!streams)
    return;
  ReduceDialect::FunctionPlanAttrHelper(function->getContext())
      .setAttr(function,
               FunctionPlanAttr::get(function->getContext(),
                                     target.streamVectorBits,
                                     functionPlan.getThreads(),
                                     functionPlan.getStrictFpOrder()));
  applyFunctionRegisters(function, options);
}

void mlir::reduce::vectorize::applyFunctionRegisters(Operation *function,
                                                     PlannerOptions &options) {
  // The verifier holds it to 0, 128, 256 or 512.
  auto bits =
      static_cast<unsigned>(lookupFunctionPlan(function).getVectorBits());
  if (bits == 0)
    return;
  ReduceTarget &target = options.target;
  target.vectorBits = std::min(target.vectorBits, bits);
  target.streamVectorBits = std::min(target.streamVectorBits, bits);
  options.heldToStreamRegisters = true;
}

PlanAttrInterface
mlir::reduce::vectorize::planLinalgOp(linalg::LinalgOp op,
                                      const PlannerOptions &options,
                                      SmallVectorImpl<std::string> *reasons) {
  return Planner(op, options, reasons).plan();
}

PlanAttrInterface mlir::reduce::vectorize::planFusedFill(
    linalg::FillOp fill, ArrayRef<int64_t> tileShape,
    const PlannerOptions &options, SmallVectorImpl<std::string> *reasons) {
  // A fill of a static shape collapses to one dim.
  SmallVector<int64_t> ranges;
  if (!tileShape.empty()) {
    int64_t size = 1;
    for (int64_t dim : tileShape)
      if (llvm::MulOverflow(size, dim, size))
        return {};
    ranges.push_back(size);
  }
  return Planner(fill, options, reasons,
                 Planner::getElementwiseLoops(fill, ranges))
      .plan();
}

SplitPlanAttr
mlir::reduce::vectorize::chooseSplit(linalg::LinalgOp op,
                                     const PlannerOptions &options,
                                     SmallVectorImpl<std::string> *reasons) {
  return Planner(op, options, reasons).split();
}

void mlir::reduce::vectorize::emitPlanRemark(Operation *op,
                                             PlanAttrInterface plan,
                                             ArrayRef<std::string> reasons) {
  InFlightDiagnostic remark = op->emitRemark();
  if (plan)
    remark << "plan " << plan;
  else
    remark << "no plan";
  if (!reasons.empty())
    remark << ": " << llvm::join(reasons, "; ");
}
