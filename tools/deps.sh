#!/bin/sh
# deps.sh [test|interop|ci]: installs what the build needs when it is
# missing (with "test", also what make check's cases use; "interop", the
# peers make interop runs; "ci", the sanitizers, valgrind and the fuzzers'
# clang): on Debian and Ubuntu with apt-get (through sudo when not root);
# elsewhere it names the packages and stops. The tests never install:
# they name what is missing.
set -e
need=""
have() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1"; }
cmd() { command -v "$1" >/dev/null 2>&1 || need="$need $2"; }
cmd cc gcc
cmd pkg-config pkg-config
cmd protoc-c protobuf-c-compiler
have zlib || need="$need zlib1g-dev"
have libzstd || need="$need libzstd-dev"
have libdeflate || need="$need libdeflate-dev"
have libprotobuf-c || need="$need libprotobuf-c-dev"
have sqlite3 || need="$need libsqlite3-dev"
have libpq || need="$need libpq-dev"
# sql2tsv clickhouse://: ClickHouse over its HTTP interface
have libcurl || need="$need libcurl4-openssl-dev"
have libdw || need="$need libdw-dev"
# the report page's engine (make wasm): clang's wasm32-wasi target, its
# builtins, WASI's libc and wasm-ld
cmd clang clang
cmd wasm-ld lld
[ -f /usr/lib/wasm32-wasi/libc.a ] || need="$need wasi-libc"
if command -v clang >/dev/null 2>&1 &&
    ! [ -f "$(clang --target=wasm32-wasi -print-libgcc-file-name 2>/dev/null)" ]; then
	need="$need libclang-rt-dev-wasm32"
fi
have libdebuginfod || need="$need libdebuginfod-dev"
case ${1:-} in
test|interop|ci)
	have check || need="$need check"
	cmd xmllint libxml2-utils
	cmd protoc protobuf-compiler
	cmd sqlite3 sqlite3
	cmd script bsdutils
	cmd gzip gzip
	cmd zstd zstd
	cmd python3 python3
	cmd dot graphviz
	cmd eu-addr2line elfutils ;;
esac
case ${1:-} in
interop|ci)
	cmd Rscript r-base-core
	# the R package's tables are tibbles where tibble is (rpkg/)
	[ -d /usr/lib/R/site-library/tibble ] || need="$need r-cran-tibble"
	# the databases' views read by a stock R client (tests/interop)
	[ -d /usr/lib/R/site-library/RSQLite ] || need="$need r-cran-rsqlite"
	cmd go golang-go
	[ -d /usr/share/gocode/src/github.com/google/pprof/profile ] ||
	    need="$need golang-github-google-pprof-dev"
	cmd chromium chromium
	cmd firefox-esr firefox-esr
	cmd runuser util-linux
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 ||
	    need="$need postgresql"
	cmd node nodejs
	cmd npm npm
	cmd perf linux-perf
	cmd debuginfod debuginfod
	cmd eu-addr2line elfutils
	cmd curl curl
	cmd clickhouse-server clickhouse-server
	cmd clickhouse-client clickhouse-client ;;
esac
case ${1:-} in
ci)
	cmd valgrind valgrind
	cmd clang clang
	have libxml-2.0 || need="$need libxml2-dev" ;;
esac
# the npm packages make interop uses, into build/tests/out/npm (not a Debian
# package: the registry's, pinned)
npm_packages() {
	case ${1:-} in interop|ci) ;; *) return 0 ;; esac
	dir="$(dirname "$0")/../build/tests/out/npm"
	[ -d "$dir/node_modules/protobufjs" ] &&
	    [ -d "$dir/node_modules/speedscope" ] &&
	    [ -d "$dir/node_modules/ajv" ] && return 0
	command -v npm >/dev/null 2>&1 || return 0
	echo "deps.sh: installing protobufjs@8.8.1, speedscope@1.25.0 (its" \
	    "file format's schema), ajv@8.20.0 (npm) in build/tests/out/npm" >&2
	mkdir -p "$dir" && npm install --silent --no-save --prefix "$dir" \
	    protobufjs@8.8.1 speedscope@1.25.0 ajv@8.20.0 >&2
}
if [ -z "$need" ]; then
	npm_packages "${1:-}"
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "deps.sh: missing dependencies; install the packages that" \
	    "provide:$need (names as on Debian)" >&2
	exit 1
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
echo "deps.sh: installing$need" >&2
# another apt-get at work holds dpkg's lock: wait for it (10 minutes)
# rather than fail
lock="-o DPkg::Lock::Timeout=600"
$sudo apt-get $lock update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get $lock install -y -qq $need >&2
npm_packages "${1:-}"
