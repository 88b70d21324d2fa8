// SPIR-V types, the decorations that lay them out in memory, and their scalar leaves. See SpirvTypes.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "frontends/spirv/SpirvModule.h"

namespace catcheck::frontends::spirv {

enum class TypeKind {
  Void,
  Bool,
  Int,
  Float,
  Vector,
  Array,
  RuntimeArray,
  Struct,
  Pointer,
  Function,
  Opaque
};

struct Type {
  TypeKind kind = TypeKind::Opaque;
  int width = 0;  // Int/Float: bits; Bool: 1
  bool isSigned = false;
  uint32_t element = 0;            // Vector/Array/RuntimeArray: element type; Pointer: pointee
  long long count = 0;             // Vector/Array: number of elements
  std::vector<uint32_t> members;   // Struct
  uint32_t storageClass = 0;       // Pointer
  long long arrayStride = 0;       // ArrayStride decoration (0: none)
  std::vector<long long> offsets;  // Struct: Offset decoration per member (-1: none)
  uint32_t lengthId = 0;           // Array: the constant giving the length
};

// One scalar of a laid-out type: its byte offset, width in bits, index path ("[0][2]") and scalar type.
struct Leaf {
  long long offset = 0;
  int width = 0;
  std::string path;
  uint32_t type = 0;
};

// `value` rounded up to a multiple of `alignment` (unchanged for an alignment of 1 or less).
long long alignUp(long long value, long long alignment);

class TypeTable {
 public:
  void setPointerBits(int bits) { pointerBits_ = bits; }
  int pointerBits() const { return pointerBits_; }
  // OpenCL's layout of vectors (OpenCL C 3.0 §6.3.5, "Alignment of Types"): a vector is aligned to its size,
  // and a 3-component vector takes the size of a 4-component one. Otherwise a vector is its components,
  // aligned as one component (Vulkan modules say their layout with Offset and ArrayStride).
  void setOpenclVectorLayout(bool on) { openclVectors_ = on; }

  // Records a type-declaring instruction; `constantValue` resolves array lengths.
  void declare(const Instruction& in, long long arrayLength);
  void decorate(const Instruction& in);  // OpDecorate / OpMemberDecorate (ArrayStride, Offset)
  void finish();                         // applies decorations recorded before their types

  bool has(uint32_t id) const { return types_.count(id) != 0; }
  const Type& at(uint32_t id, const core::SourceLocation& where) const;
  const Type* find(uint32_t id) const;

  // Bits of a scalar (Bool 1, pointer the addressing model's width).
  int scalarWidth(uint32_t id, const core::SourceLocation& where) const;
  bool isScalar(uint32_t id) const;
  // Size in bytes and alignment; a runtime array counts `runtimeLength` elements.
  long long size(uint32_t id, const core::SourceLocation& where, long long runtimeLength = 0) const;
  long long alignment(uint32_t id, const core::SourceLocation& where) const;
  long long memberOffset(uint32_t structId, size_t member, const core::SourceLocation& where) const;
  long long stride(uint32_t arrayId, const core::SourceLocation& where) const;
  // Number of elements of a composite (runtime arrays: `runtimeLength`).
  long long elementCount(uint32_t id, const core::SourceLocation& where, long long runtimeLength = 0) const;
  uint32_t elementType(uint32_t id, size_t index, const core::SourceLocation& where) const;

  // The scalar leaves of `id` in layout order.
  std::vector<Leaf> leaves(uint32_t id, const core::SourceLocation& where, long long runtimeLength = 0) const;
  std::string describe(uint32_t id) const;

 private:
  void addLeaves(uint32_t id, long long offset, const std::string& path, std::vector<Leaf>& out,
                 const core::SourceLocation& where, long long runtimeLength) const;

  std::map<uint32_t, Type> types_;
  std::map<uint32_t, long long> strides_;
  std::map<std::pair<uint32_t, uint32_t>, long long> memberOffsets_;
  int pointerBits_ = 64;
  bool openclVectors_ = false;
};

}  // namespace catcheck::frontends::spirv
