
File: soname-ppc64.so
Format: elf64-powerpc
Arch: powerpc64
AddressSize: 64bit
LoadName: libfoo.so.1
