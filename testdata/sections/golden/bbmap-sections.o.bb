
File: bbmap-sections.o
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
            Size: 0x15
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 1
            Offset: 0x0
            Size: 0x11
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 5
            Offset: 0x0
            Size: 0x8
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 6
            Offset: 0x0
            Size: 0x11
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 3
            Offset: 0x0
            Size: 0x11
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 4
            Offset: 0x0
            Callsite End Offsets: [5]
            Size: 0xD
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 7
            Offset: 0x0
            Size: 0x8
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 2
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
BBAddrMap [
  Function {
    At: 0x0
    Name: sq
    BB Ranges [
      {
        Base Address: 0x0
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
]
BBAddrMap [
  Function {
    At: 0x0
    Name: classify
    BB Ranges [
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x13
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 6
            Offset: 0x0
            Size: 0x10
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: Yes
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 7
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
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 2
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
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 1
            Offset: 0x0
            Callsite End Offsets: [5]
            Size: 0x5
            HasReturn: Yes
            HasTailCall: Yes
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 3
            Offset: 0x0
            Size: 0x5
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 4
            Offset: 0x0
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
]
BBAddrMap [
  Function {
    At: 0x0
    Name: search
    BB Ranges [
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x9
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 10
            Offset: 0x0
            Size: 0x8
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 4
            Offset: 0x0
            Size: 0xE
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 1
            Offset: 0x0
            Size: 0xD
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 2
            Offset: 0x0
            Size: 0x19
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 3
            Offset: 0x0
            Size: 0xB
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 6
            Offset: 0x0
            Size: 0xB
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 9
            Offset: 0x0
            Size: 0xB
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 8
            Offset: 0x0
            Size: 0xA
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 5
            Offset: 0x0
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
]
BBAddrMap [
  Function {
    At: 0x0
    Name: main
    BB Ranges [
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Callsite End Offsets: [25]
            Size: 0x23
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 2
            Offset: 0x0
            Callsite End Offsets: [11]
            Size: 0x1F
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
        ]
      }
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 1
            Offset: 0x0
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
