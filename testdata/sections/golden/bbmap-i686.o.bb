
File: bbmap-i686.o
Format: elf32-i386
Arch: i386
AddressSize: 32bit
LoadName: <Not found>
BBAddrMap [
]
