// The dialect-independent layout of litmus tests (docs/semantics.md 3.1, 3.2). Threads are the columns of the
// table: the thread header declares P0, P1, ... in column order, and every row has exactly one cell per
// thread. Labels, jumps, branches and register arithmetic are spelled the same in PTX and Vulkan, so their
// translation to Program IR lives here too; none of them is a memory event.
#include "frontends/LitmusLayout.h"

#include <limits>
#include <map>
#include <set>

namespace catcheck::frontends {

std::string testName(antlr4::ParserRuleContext* header, const antlr4::Token* arch, size_t stringType) {
  std::string name;
  const antlr4::Token* previous = arch;
  for (antlr4::tree::ParseTree* child : header->children) {
    antlr4::Token* token = dynamic_cast<antlr4::tree::TerminalNode*>(child)->getSymbol();
    if (token == arch) continue;
    if (token->getLine() != arch->getLine() || token->getType() == stringType) break;
    if (!name.empty() && token->getStartIndex() > previous->getStopIndex() + 1) name += ' ';
    name += token->getText();
    previous = token;
  }
  return name;
}

core::Thread columnThread(const std::string& file, const antlr4::Token* id, size_t column) {
  core::Thread thread;
  thread.name = "P" + std::to_string(column);
  if (parseInteger(id->getText().substr(1), locationOf(file, id)) != static_cast<long long>(column)) {
    throw core::InputError(locationOf(file, id), "thread " + id->getText() + " is in the column of " +
                                                     thread.name + " (threads are P0, P1, ... in order)");
  }
  return thread;
}

int scopeId(const std::string& file, const antlr4::Token* token) {
  long long id = parseInteger(token->getText(), locationOf(file, token));
  if (id > std::numeric_limits<int>::max()) {
    throw core::InputError(locationOf(file, token), "scope id " + token->getText() + " is too large");
  }
  return static_cast<int>(id);
}

long long integerLiteral(const std::string& file, antlr4::ParserRuleContext* number) {
  return parseInteger(number->getText(), locationOf(file, number->getStart()));
}

void checkRowWidth(const std::string& file, antlr4::ParserRuleContext* row, size_t cells, size_t threads) {
  if (cells == threads) return;
  throw core::InputError(
      locationOf(file, row->getStart()),
      "row has " + countOf(cells, "cell") + " but the test has " + countOf(threads, "thread"));
}

void checkLabels(const core::Thread& thread) {
  std::set<std::string> labels;
  for (const core::Instruction& instruction : thread.code) {
    if (instruction.kind == core::InstructionKind::Label &&
        !labels.insert(instruction.branch().label).second) {
      throw core::InputError(instruction.location,
                             "label '" + instruction.branch().label + "' is defined twice in " + thread.name);
    }
  }
  for (const core::Instruction& instruction : thread.code) {
    if (instruction.kind == core::InstructionKind::Jump && labels.count(instruction.branch().label) == 0) {
      throw core::InputError(instruction.location,
                             "undefined label '" + instruction.branch().label + "' in " + thread.name);
    }
  }
}

core::Instruction labelInstruction(const std::string& name) {
  core::Instruction label;
  label.kind = core::InstructionKind::Label;
  label.branch().label = name;
  return label;
}

core::Instruction jumpInstruction(const std::string& label, std::optional<core::Expr> condition) {
  core::Instruction jump;
  jump.kind = core::InstructionKind::Jump;
  jump.branch().label = label;
  jump.branch().condition = std::move(condition);
  return jump;
}

core::Instruction localInstruction(int reg, core::Expr value) {
  core::Instruction local;
  local.kind = core::InstructionKind::Local;
  local.reg = reg;
  local.value = std::move(value);
  return local;
}

core::ExprOp branchComparison(const std::string& mnemonic) {
  static const std::map<std::string, core::ExprOp> comparisons = {
      {"beq", core::ExprOp::Eq}, {"bne", core::ExprOp::Ne}, {"blt", core::ExprOp::Lt},
      {"ble", core::ExprOp::Le}, {"bgt", core::ExprOp::Gt}, {"bge", core::ExprOp::Ge},
  };
  return comparisons.at(mnemonic);
}

core::ExprOp arithmeticOperation(const std::string& mnemonic) {
  static const std::map<std::string, core::ExprOp> operations = {
      {"add", core::ExprOp::Add}, {"sub", core::ExprOp::Sub}, {"mul", core::ExprOp::Mul},
      {"div", core::ExprOp::Div}, {"and", core::ExprOp::And}, {"or", core::ExprOp::Or},
      {"xor", core::ExprOp::Xor},
  };
  return operations.at(mnemonic);
}

core::RmwOp rmwOperation(const std::string& name) {
  static const std::map<std::string, core::RmwOp> operations = {
      {"add", core::RmwOp::Add}, {"sub", core::RmwOp::Sub},       {"mul", core::RmwOp::Mul},
      {"div", core::RmwOp::Div}, {"and", core::RmwOp::And},       {"or", core::RmwOp::Or},
      {"xor", core::RmwOp::Xor}, {"exch", core::RmwOp::Exchange},
  };
  return operations.at(name);
}

core::Expr LitmusCell::constant(antlr4::ParserRuleContext* number) const {
  return core::Expr::constantValue(parseInteger(number->getText(), locate(number->getStart())));
}

void LitmusCell::fail(const antlr4::Token* where, const std::string& message) const {
  throw core::InputError(locate(where), message);
}

}  // namespace catcheck::frontends
