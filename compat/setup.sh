#!/usr/bin/env bash
# Machine setup for compat/ci.sh: the nightly toolchain (rustdoc JSON for
# the public API check) and python3 (the scripts that read cargo metadata
# and rustdoc JSON). Idempotent: skips what is present.
set -euo pipefail
if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
fi
if ! command -v python3 >/dev/null 2>&1; then
    apt-get update
    apt-get install -y python3
fi
