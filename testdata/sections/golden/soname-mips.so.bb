
File: soname-mips.so
Format: elf32-mips
Arch: mips
AddressSize: 32bit
LoadName: libfoo.so.1
