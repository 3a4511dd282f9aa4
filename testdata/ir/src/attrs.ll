; Attributes: every enum, integer, type, string, constant-range, memory,
; captures, nofpclass and initializes attribute of LLVM 22, on functions,
; return values and parameters, and the attribute groups they form.
source_filename = "attrs.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i32, [3 x i64] }

; Function attributes, one per declaration.
declare void @fa.alwaysinline() alwaysinline
declare void @fa.cold() cold
declare void @fa.convergent() convergent
declare void @fa.coro_only_destroy_when_complete() coro_only_destroy_when_complete
declare void @fa.coro_elide_safe() coro_elide_safe
declare void @fa.disable_sanitizer_instrumentation() disable_sanitizer_instrumentation
declare void @fa.fn_ret_thunk_extern() fn_ret_thunk_extern
declare void @fa.hot() hot
declare void @fa.inlinehint() inlinehint
declare void @fa.jumptable() unnamed_addr jumptable
declare void @fa.minsize() minsize
declare void @fa.mustprogress() mustprogress
declare void @fa.naked() naked
declare void @fa.nobuiltin() nobuiltin
declare void @fa.nocallback() nocallback
declare void @fa.nocf_check() nocf_check
declare void @fa.nocreateundeforpoison() nocreateundeforpoison
declare void @fa.nodivergencesource() nodivergencesource
declare void @fa.noduplicate() noduplicate
declare void @fa.nofree() nofree
declare void @fa.noimplicitfloat() noimplicitfloat
declare void @fa.noinline() noinline
declare void @fa.nomerge() nomerge
declare void @fa.noprofile() noprofile
declare void @fa.norecurse() norecurse
declare void @fa.noredzone() noredzone
declare void @fa.noreturn() noreturn
declare void @fa.nosanitize_bounds() nosanitize_bounds
declare void @fa.nosanitize_coverage() nosanitize_coverage
declare void @fa.nosync() nosync
declare void @fa.nounwind() nounwind
declare void @fa.nonlazybind() nonlazybind
declare void @fa.null_pointer_is_valid() null_pointer_is_valid
declare void @fa.optforfuzzing() optforfuzzing
declare void @fa.optdebug() optdebug
declare void @fa.optsize() optsize
declare void @fa.optnone() noinline optnone
declare void @fa.presplitcoroutine() presplitcoroutine
declare void @fa.returns_twice() returns_twice
declare void @fa.safestack() safestack
declare void @fa.sanitize_address() sanitize_address
declare void @fa.sanitize_alloc_token() sanitize_alloc_token
declare void @fa.sanitize_hwaddress() sanitize_hwaddress
declare void @fa.sanitize_memtag() sanitize_memtag
declare void @fa.sanitize_memory() sanitize_memory
declare void @fa.sanitize_numerical_stability() sanitize_numerical_stability
declare void @fa.sanitize_realtime() sanitize_realtime
declare void @fa.sanitize_realtime_blocking() sanitize_realtime_blocking
declare void @fa.sanitize_thread() sanitize_thread
declare void @fa.sanitize_type() sanitize_type
declare void @fa.shadowcallstack() shadowcallstack
declare void @fa.skipprofile() skipprofile
declare void @fa.speculatable() speculatable
declare void @fa.speculative_load_hardening() speculative_load_hardening
declare void @fa.ssp() ssp
declare void @fa.sspreq() sspreq
declare void @fa.sspstrong() sspstrong
declare void @fa.strictfp() strictfp
declare void @fa.willreturn() willreturn
declare void @fa.alignstack() alignstack(16)
declare void @fa.uwtable() uwtable
declare void @fa.uwtable.sync() uwtable(sync)
declare void @fa.uwtable.async() uwtable(async)
declare void @fa.vscale_range() vscale_range(1,16)
declare void @fa.vscale_range.1() vscale_range(2)
declare void @fa.vscale_range.0() vscale_range(1,0)
declare void @fa.allockind() allockind("alloc,uninitialized")
declare void @fa.allockind.all() allockind("realloc,zeroed,aligned")
declare ptr @fa.allocsize(i64, i64) allocsize(0)
declare ptr @fa.allocsize2(i64, i64) allocsize(0, 1)

; memory(...) in its forms.
declare void @fm.none() memory(none)
declare void @fm.read() memory(read)
declare void @fm.write() memory(write)
declare void @fm.readwrite() memory(readwrite)
declare void @fm.argmem() memory(argmem: read)
declare void @fm.inaccessible() memory(inaccessiblemem: write)
declare void @fm.errno() memory(errnomem: write)
declare void @fm.mixed() memory(read, argmem: readwrite)
declare void @fm.mixed2() memory(none, argmem: read, inaccessiblemem: write)
declare void @fm.mixed3() memory(write, inaccessiblemem: none, errnomem: read)
declare void @fm.target() memory(target_mem0: read)
declare void @fm.target2() memory(argmem: read, target_mem1: readwrite)
declare void @fm.readnone() readnone
declare void @fm.readonly() readonly
declare void @fm.writeonly() writeonly
declare void @fm.argmemonly() argmemonly
declare void @fm.inaccessiblememonly() inaccessiblememonly
declare void @fm.inaccessiblemem_or_argmemonly() inaccessiblemem_or_argmemonly

; Parameter attributes.
declare ptr @pa.enum(i64 allocalign, ptr allocptr, i32 inreg, ptr nest, ptr noalias, i8 noext, i32 noundef, ptr nonnull, ptr readnone, ptr readonly, ptr returned, i8 signext, ptr swiftasync, ptr swifterror, ptr swiftself, ptr writable, ptr writeonly, i8 zeroext, ptr dead_on_unwind, ptr dead_on_return)
declare void @pa.type(ptr byref(%struct.S), ptr byval(%struct.S), ptr preallocated(i64), ptr byval(i8) align 4)
declare void @pa.sret(ptr sret(%struct.S) align 8)
declare void @pa.inalloca(i32, ptr inalloca(i32))
declare void @pa.int(ptr align 16, ptr dereferenceable(8), ptr dereferenceable_or_null(4), ptr align 1, ptr align 4294967296)
declare void @pa.captures(ptr captures(none), ptr captures(address), ptr captures(address_is_null), ptr captures(read_provenance), ptr captures(provenance), ptr captures(address, provenance), ptr captures(address_is_null, read_provenance), ptr captures(ret: address), ptr captures(ret: address, provenance), ptr captures(address_is_null, ret: address), ptr captures(none, ret: provenance), ptr nocapture)
declare void @pa.nofpclass(float nofpclass(nan), float nofpclass(inf), float nofpclass(zero), float nofpclass(snan), float nofpclass(qnan), float nofpclass(ninf pinf), float nofpclass(nnorm pnorm nsub psub), float nofpclass(nzero pzero), double nofpclass(all), <2 x float> nofpclass(nan inf), float nofpclass(nan ninf nzero), float nofpclass(snan sub norm))
declare void @pa.range(i32 range(i32 0, 10), i8 range(i8 -128, 0), i64 range(i64 5, 4), <2 x i16> range(i16 1, 2), i128 range(i128 0, 170141183460469231731687303715884105727), i2 range(i2 -1, 1))
declare void @pa.initializes(ptr initializes((0, 4)), ptr initializes((0, 4), (8, 12)), ptr initializes((-8, 0), (4, 8), (100, 200)))
declare void @pa.many(ptr noalias nocapture nonnull readonly align 8 dereferenceable(16) noundef %p, i32 signext range(i32 0, 100) noundef %x)

; Return attributes.
declare noalias ptr @ra.noalias()
declare nonnull ptr @ra.nonnull()
declare noundef i32 @ra.noundef()
declare signext i8 @ra.signext()
declare zeroext i1 @ra.zeroext()
declare inreg i32 @ra.inreg()
declare align 16 ptr @ra.align()
declare dereferenceable(4) ptr @ra.deref()
declare dereferenceable_or_null(8) ptr @ra.deref_or_null()
declare range(i32 -10, 10) i32 @ra.range()
declare nofpclass(nan inf) float @ra.nofpclass()
declare noext i8 @ra.noext()
declare noundef nonnull align 8 dereferenceable(24) ptr @ra.many()

; String attributes.
declare void @sa.key() "key"
declare void @sa.kv() "key"="value"
declare void @sa.empty() "key"=""
declare void @sa.escapes() "quote\22d"="back\5Cslash \0A newline"
declare void @sa.many() "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic"
declare void @sa.strbool() "less-precise-fpmad"="false" "no-infs-fp-math"="true" "no-jump-tables"="true" "use-sample-profile" "loader-replaceable" "no-inline-line-tables" "profile-sample-accurate"
declare void @sa.param(ptr "param-key"="v" %p, i32 "flag" %x)
declare "ret-key"="v" i32 @sa.ret()

; Everything at once, and shared groups.
declare void @fa.mixed(i64) noinline nounwind optsize uwtable memory(argmem: read) "a"="b" alignstack(8) allocsize(0)
declare void @fa.same1() nounwind willreturn
declare void @fa.same2() nounwind willreturn

; Call-site attributes on calls to the functions above.
define void @callsites(ptr %p, i32 %x) {
  call void @fa.nobuiltin() builtin
  call void @fa.cold() cold nounwind
  call void @fa.noreturn() noreturn
  %r = call noundef range(i32 0, 5) i32 @ra.noundef() memory(read)
  call void @pa.many(ptr noalias nonnull align 8 %p, i32 signext %x) "callsite-str"
  call void @fa.same1() #0
  call void @fa.mixed(i64 1) nomerge
  call void asm sideeffect "", "=*m"(ptr elementtype(i32) %p)
  ret void
}

attributes #0 = { nounwind "callsite-group"="1" }
