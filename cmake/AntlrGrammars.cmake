# Generates C++ from grammar/*.g4 with the Debian antlr4 tool at build time (never committed) and
# builds it against the antlr4 runtime. The generated code is compiled without our warning flags.
find_package(antlr4-runtime REQUIRED)
find_program(ANTLR4_TOOL antlr4 REQUIRED)

# clang rejects one inline constructor in the Debian runtime's headers (4.9: misc/InterpreterDataReader.h
# default-constructs a Vocabulary whose const members have no initializer; fixed in later runtimes). For a
# clang build (the fuzz targets), compile against a copy of the headers made in the build tree with that
# constructor initializing the Vocabulary explicitly; GCC builds use the installed headers as they are.
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  set(compat ${CMAKE_CURRENT_BINARY_DIR}/antlr4-runtime-compat)
  file(COPY ${ANTLR4_INCLUDE_DIR}/ DESTINATION ${compat})
  file(READ ${compat}/misc/InterpreterDataReader.h text)
  string(REPLACE "InterpreterData() {};" "InterpreterData() : vocabulary({}, {}) {};" text "${text}")
  file(WRITE ${compat}/misc/InterpreterDataReader.h "${text}")
  set(ANTLR4_INCLUDE_DIR ${compat})
endif()

# The catcheck executable links the runtime statically where the package has the archive (Debian's does):
# every process then skips loading the shared runtime and resolving the 3 900 symbol relocations it and our
# generated parsers' vtables need. One litmus test's process: 14.2-14.6 -> 12.9-13.4 ms, `catcheck --help`
# 4.6 -> 3.7 ms (perf stat, 40 runs each, in turns). A target asks for it with the property
# CATCHECK_STATIC_ANTLR4; the others, libcatcheck.so among them (the archive's thread-local variables use
# the executable-only TLS model), get the shared runtime.
if(TARGET antlr4_static)
  set(CATCHECK_ANTLR4_RUNTIME
      "$<IF:$<BOOL:$<TARGET_PROPERTY:CATCHECK_STATIC_ANTLR4>>,antlr4_static,antlr4_shared>")
else()
  set(CATCHECK_ANTLR4_RUNTIME antlr4_shared)
endif()

set(CATCHECK_GRAMMAR_DIR ${CMAKE_CURRENT_SOURCE_DIR}/grammar)
set(CATCHECK_GENERATED_DIR ${CMAKE_CURRENT_BINARY_DIR}/generated)

# Each entry: grammar name; its imports are listed as dependencies.
set(CATCHECK_GRAMMARS Cat LitmusPTX LitmusVulkan)
foreach(grammar IN LISTS CATCHECK_GRAMMARS)
  set(out ${CATCHECK_GENERATED_DIR}/${grammar})
  set(srcs ${out}/${grammar}Lexer.cpp ${out}/${grammar}Parser.cpp
           ${out}/${grammar}Visitor.cpp ${out}/${grammar}BaseVisitor.cpp)
  file(GLOB grammar_inputs ${CATCHECK_GRAMMAR_DIR}/*.g4)
  add_custom_command(
    OUTPUT ${srcs}
    COMMAND ${ANTLR4_TOOL} -Dlanguage=Cpp -visitor -no-listener -package catcheck::grammar
            -lib ${CATCHECK_GRAMMAR_DIR} -Xexact-output-dir -o ${out} ${CATCHECK_GRAMMAR_DIR}/${grammar}.g4
    DEPENDS ${grammar_inputs}
    COMMENT "ANTLR: generating ${grammar}"
    VERBATIM)
  add_library(catcheck_grammar_${grammar} STATIC ${srcs})
  target_include_directories(catcheck_grammar_${grammar} SYSTEM PUBLIC ${ANTLR4_INCLUDE_DIR} ${out})
  target_compile_options(catcheck_grammar_${grammar} PRIVATE -w)
  target_compile_options(catcheck_grammar_${grammar} PUBLIC -fno-char8_t)
  target_link_libraries(catcheck_grammar_${grammar} PUBLIC ${CATCHECK_ANTLR4_RUNTIME})
endforeach()
