; Constant expressions LLVM 22 still has: add/sub/xor with nuw/nsw, the
; casts (trunc, ptrtoint, ptrtoaddr, inttoptr, bitcast, addrspacecast),
; getelementptr with inbounds/nusw/nuw/inrange, extractelement,
; insertelement, shufflevector; nested and in instructions.
source_filename = "constexpr.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.vt = type { [4 x ptr], [2 x ptr] }
%struct.S = type { i32, [10 x i16], { i8, i64 } }

@g = global [10 x i32] zeroinitializer
@s = global %struct.S zeroinitializer
@vt = global %struct.vt zeroinitializer
@g.as1 = addrspace(1) global i32 0

@ce.add = global i64 add (i64 ptrtoint (ptr @g to i64), i64 8)
@ce.add.nuw = global i64 add nuw (i64 ptrtoint (ptr @g to i64), i64 8)
@ce.add.nsw = global i64 add nsw (i64 ptrtoint (ptr @g to i64), i64 8)
@ce.add.both = global i64 add nuw nsw (i64 ptrtoint (ptr @g to i64), i64 8)
@ce.sub = global i64 sub (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @s to i64))
@ce.sub.nsw = global i64 sub nsw (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @s to i64))
@ce.sub.nuw = global i64 sub nuw (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @s to i64))
@ce.xor = global i64 xor (i64 ptrtoint (ptr @g to i64), i64 -1)
@ce.trunc = global i32 trunc (i64 ptrtoint (ptr @g to i64) to i32)
@ce.ptrtoint = global i64 ptrtoint (ptr @s to i64)
@ce.ptrtoint.small = global i8 ptrtoint (ptr @s to i8)
@ce.ptrtoaddr = global i64 ptrtoaddr (ptr @s to i64)
@ce.inttoptr = global ptr inttoptr (i64 4096 to ptr)
@ce.inttoptr.ce = global ptr inttoptr (i64 add (i64 ptrtoint (ptr @g to i64), i64 1) to ptr)
@ce.bitcast.vec = global <2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>)
@ce.addrspacecast = global ptr addrspacecast (ptr addrspace(1) @g.as1 to ptr)
@ce.addrspacecast2 = global ptr addrspace(3) addrspacecast (ptr @g to ptr addrspace(3))

@ce.gep = global ptr getelementptr ([10 x i32], ptr @g, i64 0, i64 3)
@ce.gep.inbounds = global ptr getelementptr inbounds ([10 x i32], ptr @g, i64 0, i64 3)
@ce.gep.nusw = global ptr getelementptr nusw ([10 x i32], ptr @g, i64 0, i64 3)
@ce.gep.nuw = global ptr getelementptr nuw ([10 x i32], ptr @g, i64 0, i64 3)
@ce.gep.nusw.nuw = global ptr getelementptr nusw nuw ([10 x i32], ptr @g, i64 0, i64 3)
@ce.gep.inbounds.nuw = global ptr getelementptr inbounds nuw ([10 x i32], ptr @g, i64 0, i64 3)
@ce.gep.i8 = global ptr getelementptr (i8, ptr @g, i64 7)
@ce.gep.neg = global ptr getelementptr (i8, ptr @g, i64 -7)
@ce.gep.struct = global ptr getelementptr inbounds (%struct.S, ptr @s, i32 0, i32 2, i32 1)
@ce.gep.i32idx = global ptr getelementptr (%struct.S, ptr @s, i32 0, i32 1, i32 5)
@ce.gep.wideidx = global ptr getelementptr (i8, ptr @g, i128 1)
@ce.gep.inrange = global ptr getelementptr inbounds inrange(-16, 16) (%struct.vt, ptr @vt, i32 0, i32 0, i32 2)
@ce.gep.inrange2 = global ptr getelementptr inrange(0, 8) (%struct.vt, ptr @vt, i32 0, i32 1, i32 0)
@ce.gep.inrange.nuw = global ptr getelementptr inbounds nuw inrange(-8, 24) (i8, ptr @vt, i64 16)
@ce.gep.nullbase = global ptr getelementptr (i8, ptr null, i64 42)
@ce.gep.vec = global <2 x ptr> getelementptr (i32, <2 x ptr> <ptr @g, ptr @s>, <2 x i64> <i64 1, i64 2>)
@ce.gep.vec.splat = global <2 x ptr> getelementptr (i32, ptr @g, <2 x i64> <i64 1, i64 2>)
@ce.gep.as = global ptr addrspace(1) getelementptr (i32, ptr addrspace(1) @g.as1, i64 1)
@ce.gep.nested = global ptr getelementptr (i8, ptr getelementptr (i32, ptr @g, i64 2), i64 1)

@ce.extractelement = global i32 extractelement (<2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>), i32 1)
@ce.extractelement.var = global i32 extractelement (<2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>), i32 ptrtoint (ptr @s to i32))
@ce.insertelement.var = global <2 x i32> insertelement (<2 x i32> zeroinitializer, i32 7, i32 ptrtoint (ptr @s to i32))
@ce.folded.shuffle = global <4 x i64> shufflevector (<2 x i64> <i64 ptrtoint (ptr @g to i64), i64 1>, <2 x i64> zeroinitializer, <4 x i32> <i32 0, i32 3, i32 poison, i32 1>)

@ce.in.struct = global { ptr, i64 } { ptr getelementptr (i8, ptr @s, i64 4), i64 sub (i64 ptrtoint (ptr @vt to i64), i64 ptrtoint (ptr @s to i64)) }
@ce.rel = global i32 trunc (i64 sub (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @ce.rel to i64)) to i32)
@ce.arr = global [2 x ptr] [ptr getelementptr (i8, ptr @g, i64 1), ptr getelementptr inbounds (i8, ptr @g, i64 2)]

define i64 @in.code(i64 %x, ptr %p) {
  %a = add i64 %x, ptrtoint (ptr @g to i64)
  %b = add i64 %a, sub (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @s to i64))
  store ptr getelementptr inbounds ([10 x i32], ptr @g, i64 0, i64 5), ptr %p
  store i32 trunc (i64 ptrtoint (ptr @s to i64) to i32), ptr %p
  %c = icmp eq ptr %p, getelementptr (i8, ptr @s, i64 8)
  %d = select i1 %c, i64 %b, i64 xor (i64 ptrtoint (ptr @vt to i64), i64 1)
  %e = getelementptr i8, ptr getelementptr (i8, ptr @g, i64 4), i64 %d
  %f = ptrtoint ptr %e to i64
  store <vscale x 2 x i32> shufflevector (<vscale x 2 x i32> insertelement (<vscale x 2 x i32> poison, i32 ptrtoint (ptr @g to i32), i64 0), <vscale x 2 x i32> poison, <vscale x 2 x i32> zeroinitializer), ptr %p
  store <vscale x 2 x i32> insertelement (<vscale x 2 x i32> splat (i32 1), i32 ptrtoint (ptr @g to i32), i64 0), ptr %p
  store <vscale x 2 x i32> shufflevector (<vscale x 2 x i32> insertelement (<vscale x 2 x i32> poison, i32 2, i64 0), <vscale x 2 x i32> poison, <vscale x 2 x i32> zeroinitializer), ptr %p
  store <vscale x 2 x ptr> getelementptr (i8, <vscale x 2 x ptr> shufflevector (<vscale x 2 x ptr> insertelement (<vscale x 2 x ptr> poison, ptr @g, i64 0), <vscale x 2 x ptr> poison, <vscale x 2 x i32> zeroinitializer), <vscale x 2 x i64> splat (i64 4)), ptr %p
  ret i64 %f
}
