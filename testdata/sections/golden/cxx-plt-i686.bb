
File: cxx-plt-i686
Format: elf32-i386
Arch: i386
AddressSize: 32bit
LoadName: <Not found>
BBAddrMap [
  Function {
    At: 0x12E0
    Name: _ZN12_GLOBAL__N_15twiceEi
    BB Ranges [
      {
        Base Address: 0x12E0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0xD
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
    At: 0x12F0
    Name: _ZN3geo3dotINS_5PointEEEiRKT_S4_
    BB Ranges [
      {
        Base Address: 0x12F0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x17
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
    At: 0x1310
    Name: _ZN3geo8classifyEi
    BB Ranges [
      {
        Base Address: 0x1310
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x1A
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x1A
            Size: 0x7
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x21
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
    At: 0x1340
    Name: _Z3runi
    BB Ranges [
      {
        Base Address: 0x1340
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
            Callsite End Offsets: [24, 36, 48]
            Size: 0x42
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x62
            Callsite End Offsets: [21]
            Size: 0x1F
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0x81
            Size: 0x4
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
  Function {
    At: 0x13D0
    Name: _Z5checki
    BB Ranges [
      {
        Base Address: 0x13D0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x18
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x18
            Size: 0x7
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0x1F
            Size: 0x7
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x26
            Callsite End Offsets: [14]
            Size: 0xE
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x34
            Callsite End Offsets: [12, 36]
            Size: 0x24
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
