#!/bin/sh
# interop.sh: the filters against real peers (make interop): R,
# google/pprof, Chromium and PostgreSQL judge them. The cases are in
# tests/interop/cases; tools/deps.sh interop installs the peers.
exec sh "$(dirname "$0")/run.sh" -s interop "$@"
