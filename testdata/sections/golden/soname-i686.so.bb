
File: soname-i686.so
Format: elf32-i386
Arch: i386
AddressSize: 32bit
LoadName: libfoo.so.1
BBAddrMap [
  Function {
    At: 0x1200
    Name: foo_add
    BB Ranges [
      {
        Base Address: 0x1200
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x1B
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x1B
            Size: 0x4
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x20
            Size: 0x10
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x30
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
  }
  Function {
    At: 0x1240
    Name: foo_twice
    BB Ranges [
      {
        Base Address: 0x1240
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Callsite End Offsets: [30]
            Size: 0x23
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
]
