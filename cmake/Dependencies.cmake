# Finds the Debian 12 packages catcheck builds against (installed by .ci/setup).
find_package(Threads REQUIRED)
find_package(fmt REQUIRED)
find_package(spdlog REQUIRED)  # Debian's build uses the external fmt (SPDLOG_FMT_EXTERNAL)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json REQUIRED)
find_package(GTest REQUIRED)
find_package(PkgConfig REQUIRED)
find_package(Boost REQUIRED)  # header-only Boost.Graph
find_package(SPIRV-Tools REQUIRED)  # the SPIR-V front end assembles and parses modules with it

# cvc5 ships no CMake config on Debian 12.
find_path(CVC5_INCLUDE_DIR cvc5/cvc5.h REQUIRED)
find_library(CVC5_LIBRARY cvc5 REQUIRED)
pkg_check_modules(Z3 REQUIRED IMPORTED_TARGET z3)

# z3 is linked in; cvc5 is a module of its own (CMakeLists.txt: catcheck_cvc5), loaded on first use.
add_library(catcheck_solvers INTERFACE)
target_link_libraries(catcheck_solvers INTERFACE PkgConfig::Z3)
