// Reading launch options (PtxLaunch.h). Dimensions are 1 to 3 positive integers; an argument is a
// parameter position, '=', and an integer literal (decimal, 0x hex, optional sign) or a buffer. Malformed
// text is std::invalid_argument, which the command line reports as bad input (exit 2).
#include "frontends/ptx/PtxLaunch.h"

#include <stdexcept>
#include <vector>

namespace catcheck::frontends::ptx {
namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

// An integer literal; nothing when `text` is not entirely one.
bool parseInteger(const std::string& text, long long& value) {
  if (text.empty()) return false;
  try {
    size_t used = 0;
    value = std::stoll(text, &used, 0);
    return used == text.size();
  } catch (const std::exception&) {
    // an unsigned 64-bit literal past LLONG_MAX: its bits
    try {
      size_t used = 0;
      value = static_cast<long long>(std::stoull(text, &used, 0));
      return used == text.size() && text[0] != '-';
    } catch (const std::exception&) {
      return false;
    }
  }
}

long long positive(const std::string& text, const std::string& what) {
  long long value = 0;
  if (!parseInteger(text, value) || value <= 0) throw std::invalid_argument(what);
  return value;
}

}  // namespace

Dim3 parseDim3(const std::string& text, const std::string& option) {
  std::string what = option + " " + text + ": expected X[,Y[,Z]] of positive integers";
  std::vector<std::string> parts = split(text, ',');
  if (parts.size() > 3) throw std::invalid_argument(what);
  Dim3 dim;
  long long* fields[] = {&dim.x, &dim.y, &dim.z};
  for (size_t i = 0; i < parts.size(); ++i) *fields[i] = positive(parts[i], what);
  if (dim.count() > (1 << 20)) throw std::invalid_argument(option + " " + text + ": more than 2^20 threads");
  return dim;
}

std::pair<int, KernelArgument> parseKernelArgument(const std::string& text) {
  std::string what =
      "--arg " + text + ": expected I=VALUE with VALUE an integer, buffer:BYTES or buffer:BYTES:any";
  size_t equals = text.find('=');
  if (equals == std::string::npos) throw std::invalid_argument(what);
  long long index = 0;
  if (!parseInteger(text.substr(0, equals), index) || index < 0 || index > 4096)
    throw std::invalid_argument(what);
  std::string value = text.substr(equals + 1);
  KernelArgument argument;
  if (value.starts_with("buffer:")) {
    std::vector<std::string> parts = split(value.substr(7), ':');
    if (parts.size() > 2 || (parts.size() == 2 && parts[1] != "any")) throw std::invalid_argument(what);
    argument.kind = KernelArgument::Kind::Buffer;
    argument.bytes = positive(parts[0], what);
    if (argument.bytes > (1 << 24))
      throw std::invalid_argument("--arg " + text + ": a buffer of at most 16 MiB");
    argument.anyContents = parts.size() == 2;
  } else if (!parseInteger(value, argument.value)) {
    throw std::invalid_argument(what);
  }
  return {static_cast<int>(index), argument};
}

std::string describeLaunch(const KernelLaunch& launch) {
  auto dim = [](const Dim3& d) {
    return std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z);
  };
  std::string text = "--grid " + dim(launch.grid) + " --block " + dim(launch.block);
  if (launch.cluster.count() > 1) text += " --cluster " + dim(launch.cluster);
  for (const auto& [index, argument] : launch.arguments) {
    text += " --arg " + std::to_string(index) + "=";
    if (argument.kind == KernelArgument::Kind::Integer) {
      text += std::to_string(argument.value);
    } else {
      text += "buffer:" + std::to_string(argument.bytes) + (argument.anyContents ? ":any" : "");
    }
  }
  if (launch.dynamicSharedBytes > 0) text += " --dynamic-smem " + std::to_string(launch.dynamicSharedBytes);
  return text;
}

}  // namespace catcheck::frontends::ptx
