#!/usr/bin/env bash
# weburl-sites needs nothing beyond the Rust toolchain that builds the
# workspace: no system package, no tool. Kept so that every area has the
# same two scripts.
set -euo pipefail
