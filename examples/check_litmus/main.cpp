// check_litmus: the smallest program using the catcheck library. It loads a memory model (by default the
// PTX 7.5 model installed with catcheck), loads a litmus test, checks its condition (program_spec, bound 1,
// z3) and prints the verdict with the witness execution when there is one.
//   check_litmus TEST.litmus [MODEL.cat]
// Exit codes: 0 a verdict, 2 bad input, 3 the solver gave up or an internal error.
#include <catcheck/catcheck.h>

#include <iostream>

namespace {

void printVerdict(const catcheck::Program& program, const catcheck::Model& model,
                  const catcheck::Verdict& verdict) {
  std::cout << "Test: " << program.name() << "  Model: " << model.name()
            << "  Property: " << catcheck::propertyName(catcheck::Property::ProgramSpec) << "\n"
            << "Condition: " << program.condition() << "\n"
            << "Result: " << catcheck::resultName(verdict.result) << "\n"
            << "Explanation: " << verdict.explanation << "\n";
  if (verdict.witness) {
    std::cout << "Witness (" << verdict.witness->events.size() << " events, " << verdict.witness->rf.size()
              << " rf edges):\n"
              << verdict.witness->text;
  }
  std::cout << "Time: " << verdict.times.totalMs << " ms\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: check_litmus TEST.litmus [MODEL.cat]\n";
    return 2;
  }
  catcheck::VersionInfo version = catcheck::version();
  std::cout << "catcheck " << version.catcheck << " (z3 " << version.z3 << ", cvc5 " << version.cvc5 << ")\n"
            << "Models: " << catcheck::modelsDirectory() << "\n";
  try {
    std::string modelPath = argc == 3 ? argv[2] : catcheck::modelsDirectory() + "/ptx-v7.5.cat";
    catcheck::Model model = catcheck::loadModelFile(modelPath);
    catcheck::Program program = catcheck::loadProgramFile(argv[1]);
    catcheck::CheckOptions options;  // program_spec, bound 1, FAIR progress, z3
    printVerdict(program, model, catcheck::checkProgram(program, model, options));
    return 0;
  } catch (const catcheck::InputError& e) {
    std::cerr << e.what() << "\n";  // file:line:col: error: ...
    return 2;
  } catch (const catcheck::Error& e) {
    std::cerr << "check_litmus: " << e.what() << "\n";
    return 3;
  }
}
