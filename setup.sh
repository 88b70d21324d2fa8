#!/bin/sh
# Installs catcheck's build and test dependencies from Debian 12 packages (run as root).
set -e
PACKAGES="cmake ninja-build g++ pkg-config libcvc5-dev libz3-dev antlr4 libantlr4-runtime-dev uuid-dev \
  libboost-graph-dev libgtest-dev libspdlog-dev libcli11-dev nlohmann-json3-dev graphviz \
  spirv-tools spirv-headers"
missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi
