cmake_minimum_required(VERSION 3.25)
# Installs the build tree into a fresh prefix, then checks what a user of the package gets: the catcheck
# executable finds the installed models and the installed cvc5 module, and prints its version; examples/ configures against the prefix
# with find_package(catcheck), builds, and its check_litmus finds the installed models and answers FAIL
# for MP-release-acquire under ptx-v7.5 (program_spec).
# Run as: cmake -DBINARY_DIR= -DSOURCE_DIR= -DWORK_DIR= -DGENERATOR= -P InstallAndBuildExample.cmake

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
  set(step_errors "${err}" PARENT_SCOPE)
endfunction()

function(expect_in text wanted what)
  string(FIND "${text}" "${wanted}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${what}: expected '${wanted}' in:\n${text}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run_step("install" ${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix ${prefix})
file(REAL_PATH ${prefix}/share/catcheck/models models)
set(litmus ${SOURCE_DIR}/litmus/PTX/MP-release-acquire.litmus)

run_step("catcheck --version" ${prefix}/bin/catcheck --version)
expect_in("${step_output}" "catcheck " "catcheck --version")
expect_in("${step_output}" "z3 " "catcheck --version")
run_step("installed catcheck" ${CMAKE_COMMAND} -E env --unset=CATCHECK_MODELS_DIR
         ${prefix}/bin/catcheck ${models}/ptx-v7.5.cat ${litmus})
expect_in("${step_output}" "Result: FAIL" "installed catcheck")
# cvc5 is a module the installed catcheck loads from the prefix on first use (encoders/Cvc5Solver.cpp).
run_step("installed catcheck with cvc5" ${CMAKE_COMMAND} -E env --unset=CATCHECK_MODELS_DIR
         ${prefix}/bin/catcheck -vv --solver cvc5 ${models}/ptx-v7.5.cat ${litmus})
expect_in("${step_output}" "Result: FAIL" "installed catcheck with cvc5")
file(REAL_PATH ${prefix} real_prefix)
expect_in("${step_errors}" "cvc5 module loaded from ${real_prefix}/" "installed catcheck's cvc5 module")

run_step("configure examples" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples -B ${WORK_DIR}/build -G ${GENERATOR}
         -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
run_step("build examples" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run_step("check_litmus" ${CMAKE_COMMAND} -E env --unset=CATCHECK_MODELS_DIR
         ${WORK_DIR}/build/check_litmus/check_litmus ${litmus})
message(STATUS "check_litmus:\n${step_output}")
expect_in("${step_output}" "Models: ${models}" "check_litmus finds the installed models")
expect_in("${step_output}" "Test: MP-release-acquire  Model: ptx-v7.5  Property: program_spec" "check_litmus")
expect_in("${step_output}" "Result: FAIL" "check_litmus verdict")
