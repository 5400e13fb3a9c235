#!/usr/bin/env bash
# The Python package's tests on a fresh machine: a virtual environment in
# python/target/venv, the README's install command, then pytest.
set -euo pipefail
echo "== Python package: python/ci.sh"
cd "$(dirname "$0")/.."

# python3 with venv and pip: .ci/setup installs them where missing.

venv=python/target/venv
rm -rf "$venv"
python3 -m venv "$venv"
# shellcheck disable=SC1091
. "$venv/bin/activate"
python -m pip install --quiet --upgrade pip
# surt: the Internet Archive's SURT package, which the ia profile's keys
# are measured against (python/tools/surt_agreement.py below).
python -m pip install --quiet "maturin>=1.9.4,<2" pytest pyarrow surt

# The install command exactly as the README's Python section gives it.
install=$(awk '/^## Python$/{p=1} p && /^```sh$/{getline; print; exit}' README.md)
[ "$install" = "pip install ./python" ] || { echo "README: unexpected install command: $install" >&2; exit 1; }
echo "+ $install"
$install --quiet

# The extension's Rust: formatted, and clean under clippy (pyo3's build
# script finds this environment's Python).
cargo fmt --check --manifest-path python/Cargo.toml
cargo clippy --manifest-path python/Cargo.toml --locked --all-targets --quiet -- -D warnings

# From outside the source tree, so that the installed package is tested.
cd python/tests
python -m pytest -q -p no:cacheprovider .

# The ia SURT profile against the surt package from PyPI, over the
# vendored URL lists: at least 99.9 % of the keys equal.
echo "== SURT keys against the surt package (python/tools/surt_agreement.py)"
python ../tools/surt_agreement.py --min 99.9
