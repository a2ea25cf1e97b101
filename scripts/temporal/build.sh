#!/usr/bin/env bash
# Builds the Temporal server, its SQL schema tool and the Temporal Web UI server from their Go modules into
# .tools/temporal/<versions>/ (ignored by git), and reuses them when they are already there. Nothing is downloaded but
# Go modules through the Go module proxy: no binary, no image (docs/decisions/0031-temporal-server-from-go-modules.md).
# Prints the folder holding the three binaries on its last line. Exit code 3 means Go is missing.
set -euo pipefail

# Pinned to the newest releases whose go.mod accepts the machines' Go (1.26.8): later ones ask for 1.26.10.
SERVER_VERSION=v1.32.1
UI_VERSION=v2.55.0

root="$(cd "$(dirname "$0")/../.." && pwd)"
dest="$root/.tools/temporal/server-${SERVER_VERSION}-ui-${UI_VERSION}"

if [ -x "$dest/temporal-server" ] && [ -x "$dest/temporal-sql-tool" ] && [ -x "$dest/temporal-ui-server" ]; then
  echo "$dest"
  exit 0
fi

# Where the go-svc machines keep Go, should PATH not name it.
[ -x /usr/local/go/bin/go ] && ! command -v go >/dev/null 2>&1 && export PATH="$PATH:/usr/local/go/bin"
if ! command -v go >/dev/null 2>&1; then
  echo "temporal: Go is not installed, so the Temporal server cannot be built here. Install Go 1.26 (Debian: apt-get install golang, or the go-svc machine kind) and run scripts/temporal/build.sh again." >&2
  exit 3
fi

mkdir -p "$dest"
# Test runs started at once wait for one build instead of each starting its own.
exec 9>"$dest.lock"
flock 9
if [ -x "$dest/temporal-server" ] && [ -x "$dest/temporal-sql-tool" ] && [ -x "$dest/temporal-ui-server" ]; then
  echo "$dest"
  exit 0
fi
# A build of its own per binary: two of the three are called 'server'.
build() {
  local target=$1 name=$2 tags=${3:-}
  local bin
  bin=$(mktemp -d)
  echo "temporal: building $name from $target (a cold build takes several minutes on 2 cores)" >&2
  CGO_ENABLED=0 GOTOOLCHAIN=local GOBIN="$bin" GOFLAGS="-trimpath" go install ${tags:+-tags "$tags"} "$target" >&2
  mv "$bin"/* "$dest/$name"
  rmdir "$bin"
}
# The server's own Makefile builds with disable_grpc_modules; the server embeds its SQLite driver (pure Go).
[ -x "$dest/temporal-server" ] || build "go.temporal.io/server/cmd/server@${SERVER_VERSION}" temporal-server disable_grpc_modules
[ -x "$dest/temporal-sql-tool" ] || build "go.temporal.io/server/cmd/tools/sql@${SERVER_VERSION}" temporal-sql-tool disable_grpc_modules
[ -x "$dest/temporal-ui-server" ] || build "github.com/temporalio/ui-server/v2/cmd/server@${UI_VERSION}" temporal-ui-server
echo "$dest"
