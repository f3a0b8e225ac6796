#!/bin/sh
# deps.sh [test]: installs what the build (and with "test", the unit tests)
# needs when it is missing: on Debian and Ubuntu with apt-get (through sudo
# when not root); elsewhere it names the packages and stops.
set -e
need=""
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v protoc-c >/dev/null 2>&1 || need="$need protobuf-c-compiler"
have() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1"; }
have zlib || need="$need zlib1g-dev"
have libdeflate || need="$need libdeflate-dev"
have libprotobuf-c || need="$need libprotobuf-c-dev"
if [ "${1:-}" = test ]; then
	have check || need="$need check"
	command -v xmllint >/dev/null 2>&1 || need="$need libxml2-utils"
	command -v sqlite3 >/dev/null 2>&1 || need="$need sqlite3"
fi
[ -z "$need" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
	echo "deps.sh: missing build dependencies; install the packages that" \
	    "provide:$need (names as on Debian)" >&2
	exit 1
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
echo "deps.sh: installing$need" >&2
$sudo apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >&2
