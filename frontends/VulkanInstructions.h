// Internal interface of the Vulkan litmus front end: the qualifier list of a memory instruction read into
// its parts (VulkanQualifiers.cpp), the tags those parts give (docs/semantics.md 5, VULKAN table), and one
// builder per instruction family (VulkanMemoryAccess.cpp, VulkanBarriers.cpp). Builders fill kind, operands
// and tags; the dispatcher (VulkanInstructions.cpp) sets location and text.
#pragma once

#include <string>
#include <vector>

#include "LitmusVulkanParser.h"
#include "core/ir/Program.h"
#include "frontends/LitmusLayout.h"

namespace catcheck::frontends::vulkan {

using Parser = grammar::LitmusVulkanParser;

// The qualifiers of one memory instruction (`ld.atom.acq.dv.sc0.semsc0`), each null when absent.
struct Qualifiers {
  std::string mnemonic;                   // ld st rmw membar cbar
  antlr4::Token* atom = nullptr;          // atom
  antlr4::Token* order = nullptr;         // acq rel acq_rel
  antlr4::Token* marker = nullptr;        // nonpriv av vis (plain accesses)
  antlr4::Token* scope = nullptr;         // sg wg qf dv
  antlr4::Token* storageClass = nullptr;  // sc0 .. sc3
  std::vector<antlr4::Token*> semantics;  // semsc0 .. semsc3
  antlr4::Token* semAv = nullptr;
  antlr4::Token* semVis = nullptr;
  antlr4::Token* operation = nullptr;  // add sub mul div and or xor (rmw)

  bool acquires() const { return order != nullptr && order->getText() != "rel"; }
  bool releases() const { return order != nullptr && order->getText() != "acq"; }
};

// Reads the qualifiers after `mnemonic` and checks them against the instruction's form (docs/semantics.md
// 4.2): known words, in the order the forms write them, each allowed on this instruction, nothing required
// missing.
Qualifiers readQualifiers(const LitmusCell& cell, antlr4::Token* mnemonic,
                          const std::vector<Parser::QualifierContext*>& qualifiers);

// Tags from qualifiers. The scope and storage class tags (SG WG QF DV, SC0..SC3) when present; the plain
// access's NONPRIV and AV / VIS; the acquire side of the order (ACQ, the SEMSCn tags and SEMVIS, only when
// the order acquires) and its release side (REL, the SEMSCn tags and SEMAV, only when it releases).
void addLocationTags(const Qualifiers& q, core::TagSet& tags);
void addMarkerTags(const Qualifiers& q, core::TagSet& tags);
void addAcquireTags(const Qualifiers& q, core::TagSet& tags);
void addReleaseTags(const Qualifiers& q, core::TagSet& tags);

// ld, st (plain and atomic) and rmw.atom.
core::Instruction buildLoad(LitmusCell& cell, Parser::LoadContext* ctx);
core::Instruction buildStore(LitmusCell& cell, Parser::StoreContext* ctx);
core::Instruction buildRmw(LitmusCell& cell, Parser::RmwContext* ctx);

// membar, cbar, avdevice and visdevice.
core::Instruction buildMemoryBarrier(LitmusCell& cell, Parser::MemoryBarrierContext* ctx);
core::Instruction buildControlBarrier(LitmusCell& cell, Parser::ControlBarrierContext* ctx);
core::Instruction buildDeviceOperation(Parser::DeviceOperationContext* ctx);

// Dispatches one non-empty cell to its family and records its location and source text.
core::Instruction buildInstruction(LitmusCell& cell, Parser::InstructionContext* ctx);

}  // namespace catcheck::frontends::vulkan
