// The catcheck library in one include: load models and programs, check, enumerate, diff two models, run
// manifests. Link with `find_package(catcheck)` and `target_link_libraries(app PRIVATE catcheck::catcheck)`.
#pragma once

#include "catcheck/Check.h"
#include "catcheck/Diff.h"
#include "catcheck/Enumerate.h"
#include "catcheck/Errors.h"
#include "catcheck/Manifest.h"
#include "catcheck/Model.h"
#include "catcheck/Program.h"
#include "catcheck/Version.h"
