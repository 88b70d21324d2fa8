// Where an installed catcheck finds its parts at run time: the folder of the executable or shared library
// its code was linked into (bin/ or lib/ of the install prefix), from which the models and the cvc5 module
// are at relative paths fixed when the build is configured.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <string>

namespace catcheck::core {

// The folder of the executable or shared library holding catcheck's code; empty if unknown.
std::filesystem::path directoryOfThisBinary();

// The first of `relativeFolders` (from directoryOfThisBinary()) that holds a regular file `name`, as the
// file's normalised path; empty if none does.
std::string findBesideThisBinary(std::initializer_list<const char*> relativeFolders, const std::string& name);

}  // namespace catcheck::core
