# `cmake --install build --prefix P`: the catcheck executable (bin/), the shared library (lib/), the cvc5
# module both load on first use (lib/catcheck/), the public headers (include/catcheck/), the models
# (share/catcheck/models/, where both find them at run time) and a CMake package (lib/cmake/catcheck/) so
# that `find_package(catcheck)` gives the target catcheck::catcheck.
include(CMakePackageConfigHelpers)

set(CATCHECK_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/catcheck)

install(TARGETS catcheck RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS catcheck_cvc5 LIBRARY DESTINATION ${CATCHECK_CVC5_MODULE_DIR})
install(TARGETS catcheck_library EXPORT catcheckTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include/catcheck DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/models/ DESTINATION ${CMAKE_INSTALL_DATADIR}/catcheck/models)
install(EXPORT catcheckTargets NAMESPACE catcheck:: DESTINATION ${CATCHECK_CMAKE_DIR})

configure_package_config_file(${CMAKE_CURRENT_SOURCE_DIR}/cmake/catcheckConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/catcheckConfig.cmake
                              INSTALL_DESTINATION ${CATCHECK_CMAKE_DIR} PATH_VARS CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/catcheckConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/catcheckConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/catcheckConfigVersion.cmake
        DESTINATION ${CATCHECK_CMAKE_DIR})
