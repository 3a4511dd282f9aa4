; Arithmetic, bitwise, cast, compare, select and freeze instructions with
; every flag: nuw/nsw, exact, disjoint, nneg, samesign, trunc nuw/nsw and
; each fast-math flag.
source_filename = "instr-arith.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @int.binops(i32 %a, i32 %b, <4 x i32> %va, <4 x i32> %vb, i128 %w) {
  %add = add i32 %a, %b
  %add.nuw = add nuw i32 %a, %b
  %add.nsw = add nsw i32 %a, %b
  %add.both = add nuw nsw i32 %a, %b
  %sub = sub i32 %a, %b
  %sub.nuw = sub nuw i32 %a, %b
  %sub.nsw = sub nsw i32 %a, %b
  %sub.both = sub nuw nsw i32 %a, 1
  %mul = mul i32 %a, %b
  %mul.nuw = mul nuw i32 %a, %b
  %mul.nsw = mul nsw i32 %a, %b
  %mul.both = mul nuw nsw i32 %a, %b
  %shl = shl i32 %a, %b
  %shl.nuw = shl nuw i32 %a, 3
  %shl.nsw = shl nsw i32 %a, 3
  %shl.both = shl nuw nsw i32 %a, 3
  %udiv = udiv i32 %a, %b
  %udiv.exact = udiv exact i32 %a, %b
  %sdiv = sdiv i32 %a, %b
  %sdiv.exact = sdiv exact i32 %a, 4
  %lshr = lshr i32 %a, %b
  %lshr.exact = lshr exact i32 %a, 2
  %ashr = ashr i32 %a, %b
  %ashr.exact = ashr exact i32 %a, 2
  %urem = urem i32 %a, %b
  %srem = srem i32 %a, 7
  %and = and i32 %a, %b
  %or = or i32 %a, %b
  %or.disjoint = or disjoint i32 %a, %b
  %xor = xor i32 %a, -1
  %vadd = add nsw <4 x i32> %va, %vb
  %vmul = mul <4 x i32> %va, splat (i32 3)
  %vshl = shl <4 x i32> %va, <i32 1, i32 2, i32 3, i32 4>
  %wadd = add i128 %w, 18446744073709551616
  %wsub = sub i128 0, %w
  %const.lhs = sub i32 10, %a
  ret void
}

define void @fp.binops(float %x, float %y, double %d, <2 x float> %vx, half %h, fp128 %q, x86_fp80 %e, ppc_fp128 %m, bfloat %bf) {
  %fadd = fadd float %x, %y
  %fsub = fsub float %x, %y
  %fmul = fmul float %x, %y
  %fdiv = fdiv float %x, %y
  %frem = frem float %x, %y
  %fneg = fneg float %x
  %fneg.fast = fneg fast float %x
  %nnan = fadd nnan float %x, %y
  %ninf = fadd ninf float %x, %y
  %nsz = fadd nsz float %x, %y
  %arcp = fadd arcp float %x, %y
  %contract = fadd contract float %x, %y
  %afn = fadd afn float %x, %y
  %reassoc = fadd reassoc float %x, %y
  %fast = fadd fast float %x, %y
  %mix1 = fmul nnan ninf float %x, %y
  %mix2 = fdiv nsz arcp contract float %x, %y
  %mix3 = frem reassoc nnan ninf nsz arcp contract float %x, %y
  %all.but.afn = fsub reassoc nnan ninf nsz arcp contract float %x, %y
  %dadd = fadd double %d, 1.0
  %vfadd = fadd fast <2 x float> %vx, splat (float 1.0)
  %vfneg = fneg <2 x float> %vx
  %hadd = fadd half %h, %h
  %qadd = fadd fp128 %q, %q
  %eadd = fadd x86_fp80 %e, %e
  %madd = fadd ppc_fp128 %m, %m
  %bfadd = fadd bfloat %bf, %bf
  ret void
}

define void @casts(i32 %a, i64 %l, float %f, double %d, ptr %p, <4 x i32> %v, ptr addrspace(1) %p1, <2 x ptr> %vp) {
  %trunc = trunc i32 %a to i8
  %trunc.nuw = trunc nuw i32 %a to i8
  %trunc.nsw = trunc nsw i32 %a to i8
  %trunc.both = trunc nuw nsw i64 %l to i32
  %zext = zext i32 %a to i64
  %zext.nneg = zext nneg i32 %a to i64
  %sext = sext i32 %a to i64
  %fptrunc = fptrunc double %d to float
  %fptrunc.fmf = fptrunc nnan afn double %d to float
  %fpext = fpext float %f to double
  %fpext.fmf = fpext fast float %f to double
  %fptoui = fptoui float %f to i32
  %fptosi = fptosi double %d to i64
  %uitofp = uitofp i32 %a to float
  %uitofp.nneg = uitofp nneg i32 %a to double
  %sitofp = sitofp i64 %l to double
  %ptrtoint = ptrtoint ptr %p to i64
  %ptrtoaddr = ptrtoaddr ptr %p to i64
  %ptrtoaddr.vec = ptrtoaddr <2 x ptr> %vp to <2 x i64>
  %inttoptr = inttoptr i64 %l to ptr
  %bitcast = bitcast <4 x i32> %v to <2 x i64>
  %bitcast.fp = bitcast i32 %a to float
  %bitcast.same = bitcast ptr %p to ptr
  %addrspacecast = addrspacecast ptr addrspace(1) %p1 to ptr
  %vtrunc = trunc <4 x i32> %v to <4 x i16>
  %vzext = zext nneg <4 x i32> %v to <4 x i64>
  %vsitofp = sitofp <4 x i32> %v to <4 x float>
  %vptrtoint = ptrtoint <2 x ptr> %vp to <2 x i64>
  %i1ext = zext i1 true to i32
  %wide = sext i32 %a to i256
  ret void
}

define void @compares(i32 %a, i32 %b, float %x, float %y, ptr %p, <4 x i32> %v, <2 x double> %vd) {
  %eq = icmp eq i32 %a, %b
  %ne = icmp ne i32 %a, %b
  %ugt = icmp ugt i32 %a, %b
  %uge = icmp uge i32 %a, %b
  %ult = icmp ult i32 %a, %b
  %ule = icmp ule i32 %a, %b
  %sgt = icmp sgt i32 %a, %b
  %sge = icmp sge i32 %a, %b
  %slt = icmp slt i32 %a, %b
  %sle = icmp sle i32 %a, %b
  %samesign = icmp samesign ult i32 %a, %b
  %samesign2 = icmp samesign sgt i32 %a, 0
  %peq = icmp eq ptr %p, null
  %vcmp = icmp sgt <4 x i32> %v, zeroinitializer
  %false = fcmp false float %x, %y
  %oeq = fcmp oeq float %x, %y
  %ogt = fcmp ogt float %x, %y
  %oge = fcmp oge float %x, %y
  %olt = fcmp olt float %x, %y
  %ole = fcmp ole float %x, %y
  %one = fcmp one float %x, %y
  %ord = fcmp ord float %x, %y
  %uno = fcmp uno float %x, %y
  %ueq = fcmp ueq float %x, %y
  %ugt.f = fcmp ugt float %x, %y
  %uge.f = fcmp uge float %x, %y
  %ult.f = fcmp ult float %x, %y
  %ule.f = fcmp ule float %x, %y
  %une = fcmp une float %x, %y
  %true = fcmp true float %x, %y
  %fcmp.fast = fcmp fast olt float %x, %y
  %fcmp.nnan = fcmp nnan ninf oeq float %x, 0.0
  %vfcmp = fcmp reassoc ogt <2 x double> %vd, zeroinitializer
  %sel = select i1 %eq, i32 %a, i32 %b
  %sel.v = select <4 x i1> %vcmp, <4 x i32> %v, <4 x i32> zeroinitializer
  %sel.f = select nnan nsz i1 %oeq, float %x, float %y
  %sel.fast = select fast i1 %oeq, float %x, float 1.0
  %sel.vf = select ninf <2 x i1> %vfcmp, <2 x double> %vd, <2 x double> zeroinitializer
  %sel.p = select i1 %peq, ptr %p, ptr null
  %fr = freeze i32 %a
  %fr.v = freeze <4 x i32> %v
  %fr.p = freeze ptr %p
  %fr.f = freeze float %x
  %fr.s = freeze { i32, float } { i32 1, float poison }
  ret void
}
