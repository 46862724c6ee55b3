// Placeholder, replaced by the ONNX importer.
#include "reduce/Import/Onnx.h"
#include "reduce/Import/ModelBuilder.h"
using namespace mlir;
using namespace mlir::reduce;
llvm::Expected<Buffer> mlir::reduce::readTensorProtoFile(llvm::StringRef p) {
  return makeImportError("'" + p + "': not built yet");
}
