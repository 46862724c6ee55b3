// The ONNX Runtime contender of reduce-bench's fused workloads: a node
// server that runs the ONNX models of benchmarks/make_fused_onnx.py with
// onnxruntime-node's CPU execution provider, timed by itself, with the line
// protocol of benchmarks/numpy_contender.py (load PATH [y], fused NAME,
// run N, save PATH [I]) plus
//
//   threads N     sessions with intraOpNumThreads N for the next runs
//
// Usage: node ort_contender.js MODELDIR ORTDIR
//   MODELDIR holds NAME.onnx, ORTDIR the onnxruntime-node package
//   (utils/bench.sh installs onnxruntime-node@1.30.0 with --ignore-scripts
//   under the build directory). Exits at once when the package cannot be
//   loaded (the benchmark then goes on without this contender).
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');

const [modelDir, ortDir] = process.argv.slice(2);
let ort;
try {
  ort = require(ortDir);
} catch (error) {
  process.stderr.write('ort_contender: ' + error.message + '\n');
  process.exit(1);
}

/// Reads a little-endian f32 C-order .npy file into an ort.Tensor.
function readNpy(file) {
  const bytes = fs.readFileSync(file);
  if (bytes.toString('latin1', 1, 6) !== 'NUMPY')
    throw new Error(file + ' is not a .npy file');
  const major = bytes[6];
  const headerLength =
      major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
  const start = (major === 1 ? 10 : 12) + headerLength;
  const header = bytes.toString('latin1', major === 1 ? 10 : 12, start);
  if (!/'descr':\s*'<f4'/.test(header) || /'fortran_order':\s*True/.test(header))
    throw new Error(file + ': only C-order <f4 is read');
  const shape = header.match(/'shape':\s*\(([^)]*)\)/)[1]
                    .split(',').filter((s) => s.trim()).map(Number);
  // A copy, aligned for Float32Array.
  const data = new Float32Array(bytes.length - start >> 2);
  new Uint8Array(data.buffer).set(bytes.subarray(start));
  return new ort.Tensor('float32', data, shape);
}

/// Writes an f32 ort.Tensor as a .npy file (version 1).
function writeNpy(file, tensor) {
  const dims = tensor.dims.map(String).join(', ');
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${dims}${
      tensor.dims.length === 1 ? ',' : ''}), }`;
  header += ' '.repeat(63 - ((header.length + 10) % 64)) + '\n';
  const prefix = Buffer.alloc(10);
  prefix.write('\x93NUMPY', 0, 'latin1');
  prefix[6] = 1;
  prefix[7] = 0;
  prefix.writeUInt16LE(header.length, 8);
  const data = tensor.data;
  fs.writeFileSync(file, Buffer.concat([
    prefix, Buffer.from(header, 'latin1'),
    Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  ]));
}

const inputs = {};
const sessions = new Map();
let name = null;
let threads = 1;
let results = null;

async function session() {
  const key = name + '/' + threads;
  if (!sessions.has(key))
    sessions.set(key, await ort.InferenceSession.create(
                          path.join(modelDir, name + '.onnx'), {
                            intraOpNumThreads: threads,
                            interOpNumThreads: 1,
                            executionMode: 'sequential',
                            graphOptimizationLevel: 'all',
                            // Workers block after their work instead of
                            // spinning: spinning, they took a core from
                            // the contender timed next (docs/tuning.md,
                            // "The benchmark's method").
                            extra: {session: {intra_op: {allow_spinning: '0'}}},
                          }));
  return sessions.get(key);
}

async function handle(words) {
  switch (words[0]) {
  case 'load':
    inputs[words[2] === 'y' ? 'y' : 'x'] = readNpy(words[1]);
    return 'ok';
  case 'fused':
    name = words[1];
    await session();
    return 'ok';
  case 'threads':
    threads = Number(words[1]);
    if (name)
      await session();
    return 'ok';
  case 'run': {
    const calls = Number(words[1]);
    const s = calls > 0 ? await session() : null;
    const feeds = {};
    if (s)
      for (const input of s.inputNames)
        feeds[input] = inputs[input];
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; ++i) {
      results = null; // as numpy_contender.py's run
      results = await s.run(feeds);
    }
    return String(Number(process.hrtime.bigint() - start) / 1e9);
  }
  case 'save': {
    const s = await session();
    const output = s.outputNames[words.length > 2 ? Number(words[2]) : 0];
    writeNpy(words[1], results[output ?? s.outputNames[0]]);
    return 'ok';
  }
  default:
    return 'error unknown command ' + words[0];
  }
}

(async () => {
  const lines = readline.createInterface({input: process.stdin});
  for await (const line of lines) {
    const words = line.trim().split(/\s+/);
    if (!words[0])
      continue;
    let reply;
    try {
      reply = await handle(words);
    } catch (error) {
      reply = 'error ' + String(error.message || error).replace(/\n/g, ' ');
    }
    process.stdout.write(reply + '\n');
  }
})();
