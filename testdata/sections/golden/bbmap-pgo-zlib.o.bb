
File: bbmap-pgo-zlib.o
Format: elf64-x86-64
Arch: x86_64
AddressSize: 64bit
LoadName: <Not found>
BBAddrMap [
  Function {
    At: 0x0
    Name: is_prime
    BB Ranges [
      {
        Base Address: 0x0
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x5
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x5
            Size: 0x5
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0xA
            Size: 0x7
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0x20
            Size: 0xA
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x2A
            Size: 0xB
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 7
            Offset: 0x35
            Size: 0x6
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 5
            Offset: 0x3B
            Size: 0x3
            HasReturn: Yes
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 6
            Offset: 0x3E
            Size: 0x3
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
      FuncEntryCount: 2999
      PGO BB entries [
        {
          Frequency: 2309051277889539
          Successors [
            {
              ID: 6
              Probability: 0x15D68B
            }
            {
              ID: 1
              Probability: 0x7FEA2975
            }
          ]
        }
        {
          Frequency: 2307512423006096
          Successors [
            {
              ID: 7
              Probability: 0x4C0721
            }
            {
              ID: 2
              Probability: 0x7FB3F8DF
            }
          ]
        }
        {
          Frequency: 2302158565519641
          Successors [
            {
              ID: 4
              Probability: 0x80000000
            }
          ]
        }
        {
          Frequency: 18014398509481984
          Successors [
            {
              ID: 5
              Probability: 0xE3D4DAD
            }
            {
              ID: 3
              Probability: 0x71C2B253
            }
          ]
        }
        {
          Frequency: 16010371760390144
          Successors [
            {
              ID: 7
              Probability: 0x2622DAD
            }
            {
              ID: 4
              Probability: 0x7D9DD253
            }
          ]
        }
        {
          Frequency: 303485673618898
          Successors [
          ]
        }
        {
          Frequency: 2004026749387198
          Successors [
          ]
        }
        {
          Frequency: 1538854883442
          Successors [
          ]
        }
      ]
    }
  }
  Function {
    At: 0x50
    Name: collatz
    BB Ranges [
      {
        Base Address: 0x50
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x2
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 5
            Offset: 0x10
            Size: 0x5
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x15
            Size: 0x13
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x28
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
    PGO analyses {
      FuncEntryCount: 430
      PGO BB entries [
        {
          Frequency: 235393081409536
          Successors [
            {
              ID: 5
              Probability: 0x80000000
            }
          ]
        }
        {
          Frequency: 18014398509481984
          Successors [
            {
              ID: 3
              Probability: 0x1AC2D72
            }
            {
              ID: 2
              Probability: 0x7E53D28D
            }
          ]
        }
        {
          Frequency: 17779005428072448
          Successors [
            {
              ID: 5
              Probability: 0x80000000
            }
          ]
        }
        {
          Frequency: 235393081409536
          Successors [
          ]
        }
      ]
    }
  }
  Function {
    At: 0x80
    Name: mix
    BB Ranges [
      {
        Base Address: 0x80
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
    PGO analyses {
      FuncEntryCount: 998
      PGO BB entries [
        {
          Frequency: 18014398509481984
          Successors [
          ]
        }
      ]
    }
  }
  Function {
    At: 0x90
    Name: main
    BB Ranges [
      {
        Base Address: 0x90
        BB Entries [
          {
            ID: 0
            Offset: 0x0
            Size: 0x19
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 6
            Offset: 0x20
            Size: 0x5
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 8
            Offset: 0x25
            Size: 0xA
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 2
            Offset: 0x2F
            Callsite End Offsets: [7]
            Size: 0xB
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 4
            Offset: 0x3A
            Size: 0x1B
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 5
            Offset: 0x55
            Callsite End Offsets: [10]
            Size: 0xA
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: Yes
            HasIndirectBranch: No
          }
          {
            ID: 10
            Offset: 0x5F
            Size: 0x5
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 3
            Offset: 0x64
            Callsite End Offsets: [7]
            Size: 0xC
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 7
            Offset: 0x70
            Callsite End Offsets: [8]
            Size: 0xA
            HasReturn: No
            HasTailCall: No
            IsEHPad: No
            CanFallThrough: No
            HasIndirectBranch: No
          }
          {
            ID: 1
            Offset: 0x7A
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
    PGO analyses {
      FuncEntryCount: 1
      PGO BB entries [
        {
          Frequency: 12009600974848
          Successors [
            {
              ID: 2
              Probability: 0x80000000
            }
          ]
        }
        {
          Frequency: 9432729030361110
          Successors [
            {
              ID: 7
              Probability: 0x14D4DF
            }
            {
              ID: 8
              Probability: 0x7FEB2B21
            }
          ]
        }
        {
          Frequency: 18014398509481984
          Successors [
            {
              ID: 1
              Probability: 0x15D868
            }
            {
              ID: 2
              Probability: 0x7FEA2798
            }
          ]
        }
        {
          Frequency: 18014398509481984
          Successors [
            {
              ID: 4
              Probability: 0x6D9DE63D
            }
            {
              ID: 3
              Probability: 0x126219C3
            }
          ]
        }
        {
          Frequency: 15427192326455296
          Successors [
            {
              ID: 5
              Probability: 0x31BC7D76
            }
            {
              ID: 6
              Probability: 0x4E43828A
            }
          ]
        }
        {
          Frequency: 5994463296094185
          Successors [
            {
              ID: 10
              Probability: 0x80000000
            }
          ]
        }
        {
          Frequency: 6000459943926720
          Successors [
            {
              ID: 8
              Probability: 0x80000000
            }
          ]
        }
        {
          Frequency: 2587206183026688
          Successors [
            {
              ID: 8
              Probability: 0x80000000
            }
          ]
        }
        {
          Frequency: 5996647832535
          Successors [
            {
              ID: 10
              Probability: 0x80000000
            }
          ]
        }
        {
          Frequency: 12009600974848
          Successors [
          ]
        }
      ]
    }
  }
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
