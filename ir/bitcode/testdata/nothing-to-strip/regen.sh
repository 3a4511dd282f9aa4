#!/usr/bin/env bash
# regen.sh - the fixture of TestGoldens (ir/bitcode) here: a module whose
# debug info fails the verifier with nothing StripDebugInfo removes
# (llvm-as-22 -disable-verify), and its golden from llvm-dis-22.
set -euo pipefail
cd "$(dirname "$0")"
llvm-as-22 -disable-verify di-invalid-unstrippable.ll -o di-invalid-unstrippable.bc
llvm-dis-22 di-invalid-unstrippable.bc -o - 2>/dev/null >di-invalid-unstrippable.dis
