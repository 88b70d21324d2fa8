#pragma once

namespace catcheck::tools {

// How the command line's process takes memory from the OS: freed memory kept for reuse, and the heap
// backed by transparent huge pages where the kernel offers them. Called first thing in main, before any
// solver context exists. See ProcessMemory.cpp.
void tuneProcessMemory();

}  // namespace catcheck::tools
