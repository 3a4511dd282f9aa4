
File: bbmap-zstd.o
Format: elf64-x86-64
Arch: x86_64
AddressSize: 64bit
LoadName: <Not found>
BBAddrMap [
  Function {
    At: 0x0
    Name: sum
    BB Ranges [
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0xC
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0xC
            Size: 0xE
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 5
            Offset: 0x20
            Size: 0x3
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 6
            Offset: 0x23
            Size: 0x8
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x2B
            Size: 0x8
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0x33
            Callsite End Offsets: [5]
            Size: 0xA
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 7
            Offset: 0x3D
            Size: 0x3
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x40
            Size: 0xF
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
    At: 0x50
    Name: sq
    BB Ranges [
      {
        Base Address: 0x50
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x6
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
    At: 0x60
    Name: classify
    BB Ranges [
      {
        Base Address: 0x60
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0xA
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 6
            Offset: 0xA
            Size: 0x10
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: Yes
          }
          {
            ID: 7
            Offset: 0x1A
            Size: 0x6
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x20
            Size: 0x6
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x26
            Callsite End Offsets: [2]
            Size: 0x2
            HasReturn: Yes
            HasTailCall: Yes
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x28
            Size: 0x5
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0x2D
            Size: 0x9
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
    At: 0xA0
    Name: search
    BB Ranges [
      {
        Base Address: 0xA0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x6
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 10
            Offset: 0x10
            Size: 0x3
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0x13
            Size: 0x5
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x18
            Size: 0x4
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x1C
            Size: 0x10
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x2C
            Size: 0x2
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 6
            Offset: 0x2E
            Size: 0x8
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 9
            Offset: 0x40
            Size: 0x8
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 8
            Offset: 0x48
            Size: 0x5
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 5
            Offset: 0x4D
            Size: 0x1
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
    At: 0xF0
    Name: main
    BB Ranges [
      {
        Base Address: 0xF0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Callsite End Offsets: [25]
            Size: 0x1E
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x20
            Callsite End Offsets: [11]
            Size: 0x1A
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x3A
            Callsite End Offsets: [22]
            Size: 0x1E
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
