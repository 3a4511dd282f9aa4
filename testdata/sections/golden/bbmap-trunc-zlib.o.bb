
File: bbmap-trunc-zlib.o
Format: elf64-x86-64
Arch: x86_64
AddressSize: 64bit
LoadName: <Not found>
BBAddrMap [
]
BBAddrMap [
  Function {
    At: 0x0
    Name: never
    BB Ranges [
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0xC
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
    ]
    PGO analyses {
      FuncEntryCount: 0
      PGO BB entries [
        {
          Frequency: 18014398509481984
          Successors [
          ]
        }
      ]
    }
  }
]
