#!/bin/sh
# Regenerates the PC-section fixtures from pcsections.ll with LLVM 22.
#
#   x86_64-small.o, x86_64-small    llc -code-model=small: 4-byte PC fields
#   x86_64-medium.o, x86_64-medium  llc -code-model=medium: 8-byte PC fields
#   x86_64-large.o                  llc -code-model=large: 8-byte PC fields
#   aarch64_be-large                big-endian, 8-byte PC fields (+lse, so
#                                   atomicrmw is one instruction)
#
# The .o files are ET_REL (PC fields 0, RELA relocations against .text);
# the others are linked by ld.lld-22 with entry point start, no libraries.
# The expected values in pcsections_test.go were read from
# llvm-objdump-22 -d and llvm-objdump-22 -s of these files; rerun the tests
# after regenerating.
set -eu
cd "$(dirname "$0")"

LLC=${LLC:-llc-22}
LLD=${LLD:-ld.lld-22}

obj() { # triple code-model output [llc flags…]
	t=$1 cm=$2 out=$3
	shift 3
	"$LLC" -O2 -filetype=obj -mtriple="$t" -code-model="$cm" "$@" pcsections.ll -o "$out"
}
link() { # input output
	"$LLD" -static -e start --build-id=none -o "$2" "$1"
}

obj x86_64-unknown-linux-gnu small x86_64-small.o
obj x86_64-unknown-linux-gnu medium x86_64-medium.o
obj x86_64-unknown-linux-gnu large x86_64-large.o
link x86_64-small.o x86_64-small
link x86_64-medium.o x86_64-medium

obj aarch64_be-unknown-linux-gnu large aarch64_be-large.o -mattr=+lse
link aarch64_be-large.o aarch64_be-large
rm aarch64_be-large.o
