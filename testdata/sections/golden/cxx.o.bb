
File: cxx.o
Format: elf64-x86-64
Arch: x86_64
AddressSize: 64bit
LoadName: <Not found>
BBAddrMap [
  Function {
    At: 0x0
    Name: _ZN3geo8classifyEi
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
            Size: 0xC
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x18
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
    At: 0x20
    Name: _Z3runi
    BB Ranges [
      {
        Base Address: 0x20
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x16
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x16
            Size: 0xC
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x30
            Callsite End Offsets: [19, 29, 40]
            Size: 0x3A
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x6A
            Callsite End Offsets: [19]
            Size: 0x25
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0x8F
            Size: 0x5
            HasReturn: No
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
BBAddrMap [
  Function {
    At: 0x0
    Name: _ZN12_GLOBAL__N_15twiceEi
    BB Ranges [
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0xB
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
BBAddrMap [
  Function {
    At: 0x0
    Name: _ZN3geo3dotINS_5PointEEEiRKT_S4_
    BB Ranges [
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
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
]
