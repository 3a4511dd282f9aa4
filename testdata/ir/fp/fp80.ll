; x86_fp80 encodings that llvm-as-22 never writes (it prints back the
; APFloat it parsed), put into fp80.bc by regen.sh, which rewrites the
; significands of the first four in the bitcode: an unnormal (biased
; exponent neither 0 nor 0x7fff, integer bit clear) is a NaN to LLVM and
; prints with exponent 0x7fff; a pseudo-denormal (exponent 0, integer bit
; set) is a normal number and prints with exponent 1.
source_filename = "fp80.ll"

@unnormal = global x86_fp80 0xK3FFF8000000000000001
@unnormal.neg = global x86_fp80 0xKBFFE8000000000000003
@pseudodenormal = global x86_fp80 0xK00018000000000000005
@pseudodenormal.neg = global x86_fp80 0xK80018000000000000007
@pseudoinf = global x86_fp80 0xK7FFF0000000000000000
@pseudonan = global x86_fp80 0xK7FFF0000000000000009
@denormal = global x86_fp80 0xK00000000000000000001
