; Comdats of every selection kind, aliases and ifuncs with their linkages
; and properties, and module-level inline assembly.
source_filename = "comdat-alias.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm ".text"
module asm "  .globl asm_func"
module asm "asm_func: ret # \22quoted\22 and \5Cbackslash\09tab"
module asm ""

$c.any = comdat any
$c.exact = comdat exactmatch
$c.largest = comdat largest
$c.nodedup = comdat nodeduplicate
$c.samesize = comdat samesize
$"c quoted" = comdat any
$c.fn = comdat any

@v.any = global i32 1, comdat($c.any)
@v.exact = global i32 2, comdat($c.exact)
@v.largest = global i64 3, comdat($c.largest)
@v.nodedup = global i32 4, comdat($c.nodedup)
@v.samesize = global i32 5, comdat($c.samesize)
@v.quoted = global i32 6, comdat($"c quoted")
@c.fn = global i32 7, comdat($c.fn)

@target = global [4 x i32] zeroinitializer
@target.as1 = addrspace(1) global i32 0

@a.plain = alias i32, ptr @target
@a.private = private alias i32, ptr @target
@a.internal = internal alias i32, ptr @target
@a.linkonce = linkonce alias i32, ptr @target
@a.weak = weak alias i32, ptr @target
@a.linkonce_odr = linkonce_odr alias i32, ptr @target
@a.weak_odr = weak_odr alias i32, ptr @target
@target.ae = available_externally global i32 9
@a.available_externally = available_externally alias i32, ptr @target.ae
@a.hidden = hidden alias i32, ptr @target
@a.protected = protected alias i32, ptr @target
@a.dllexport = dllexport alias i32, ptr @target
@a.dso_local = dso_local alias i32, ptr @target
@a.tls = thread_local(localdynamic) alias i32, ptr @target
@a.unnamed = unnamed_addr alias i32, ptr @target
@a.local_unnamed = local_unnamed_addr alias i32, ptr @target
@a.gep = alias i32, getelementptr inbounds ([4 x i32], ptr @target, i64 0, i64 2)
@a.as1 = alias i32, ptr addrspace(1) @target.as1
@a.of.alias = alias i32, ptr @a.plain
@a.partition = alias i32, ptr @target, partition "part"
@a.fn = alias void (), ptr @impl
@a.cast = alias i64, ptr addrspacecast (ptr addrspace(1) @target.as1 to ptr)
@0 = alias i32, ptr @target
@a.unnamed.user = global ptr @0

@i.plain = ifunc void (), ptr @resolver
@i.internal = internal ifunc i32 (i32), ptr @resolver
@i.weak = weak ifunc void (), ptr @resolver
@i.hidden = hidden ifunc void (), ptr @resolver
@i.dso_local = dso_local ifunc void (), ptr @resolver
@i.partition = ifunc void (), ptr @resolver, partition "part"
@i.unnamed = local_unnamed_addr ifunc void (), ptr @resolver

define void @impl() comdat($c.fn) {
  ret void
}

define internal ptr @resolver() {
  ret ptr @impl
}

define void @user() {
  call void @i.plain()
  %r = call i32 @i.internal(i32 1)
  call void @a.fn()
  ret void
}
