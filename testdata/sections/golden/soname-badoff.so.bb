
File: soname-badoff.so
Format: elf64-x86-64
Arch: x86_64
AddressSize: 64bit
LoadName: <?>
BBAddrMap [
  Function {
    At: 0x1310
    Name: foo_add
    BB Ranges [
      {
        Base Address: 0x1310
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x6
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x6
            Size: 0x4
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x10
            Size: 0x12
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x22
            Size: 0xA
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
    ]
  }
  Function {
    At: 0x1340
    Name: foo_twice
    BB Ranges [
      {
        Base Address: 0x1340
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Callsite End Offsets: [7]
            Size: 0x7
            HasReturn: Yes
            HasTailCall: Yes
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
    ]
  }
]
