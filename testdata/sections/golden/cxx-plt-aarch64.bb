
File: cxx-plt-aarch64
Format: elf64-littleaarch64
Arch: aarch64
AddressSize: 64bit
LoadName: <Not found>
BBAddrMap [
  Function {
    At: 0x2103B8
    Name: _ZN12_GLOBAL__N_15twiceEi
    BB Ranges [
      {
        Base Address: 0x2103B8
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x10
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
    At: 0x2103C8
    Name: _ZN3geo3dotINS_5PointEEEiRKT_S4_
    BB Ranges [
      {
        Base Address: 0x2103C8
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x14
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
    At: 0x2103DC
    Name: _ZN3geo8classifyEi
    BB Ranges [
      {
        Base Address: 0x2103DC
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
            Size: 0x4
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
    At: 0x2103F8
    Name: _Z3runi
    BB Ranges [
      {
        Base Address: 0x2103F8
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x24
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x24
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
            Callsite End Offsets: [16, 28, 40]
            Size: 0x40
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x70
            Callsite End Offsets: [24]
            Size: 0x34
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0xA4
            Size: 0x8
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
    At: 0x2104A4
    Name: _Z5checki
    BB Ranges [
      {
        Base Address: 0x2104A4
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
            ID: 2
            Offset: 0xC
            Size: 0x8
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0x14
            Size: 0xC
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x20
            Callsite End Offsets: [12]
            Size: 0xC
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x2C
            Callsite End Offsets: [8, 20]
            Size: 0x14
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
