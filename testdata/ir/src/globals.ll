; Global variables: every linkage, visibility, DLL storage class, TLS mode,
; unnamed_addr, address space, externally_initialized, section, partition,
; comdat, alignment, code_model, sanitizer fields and attributes.
source_filename = "globals.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$cd = comdat any
$g.comdat.own = comdat any

@g.external = global i32 0
@g.ext.decl = external global i32
@g.private = private global i32 1
@g.internal = internal global i32 2
@g.avail = available_externally global i32 3
@g.linkonce = linkonce global i32 4
@g.weak = weak global i32 5
@g.common = common global i32 0
@g.appending = appending global [1 x ptr] [ptr @g.external]
@g.extern_weak = extern_weak global i32
@g.linkonce_odr = linkonce_odr global i32 6
@g.weak_odr = weak_odr global i32 7
@g.const = constant i32 8
@g.private.const = private unnamed_addr constant [6 x i8] c"hello\00"
@g.local_unnamed = local_unnamed_addr global i32 9
@g.unnamed = unnamed_addr global i32 10

@g.default = default global i32 0
@g.hidden = hidden global i32 0
@g.protected = protected global i32 0
@g.dllimport = external dllimport global i32
@g.dllexport = dllexport global i32 0
@g.dso_local = dso_local global i32 0
@g.dso_preemptable = dso_preemptable global i32 0
@g.hidden.ext = external hidden global i32

@g.tls = thread_local global i32 0
@g.tls.gd = thread_local(localdynamic) global i32 0
@g.tls.ie = thread_local(initialexec) global i32 0
@g.tls.le = thread_local(localexec) global i32 0
@g.tls.ext = external thread_local(initialexec) global i32

@g.as1 = addrspace(1) global i32 0
@g.as200 = internal addrspace(200) constant i8 1
@g.extinit = externally_initialized global i32 0
@g.section = global i32 0, section ".mydata"
@g.quoted.section = global i32 0, section "__DATA,__weird \22name\22"
@g.partition = global i32 0, partition "part1"
@g.comdat = global i32 0, comdat($cd)
@g.comdat.own = linkonce_odr global i32 0, comdat
@g.align = global i32 0, align 64
@g.align1 = global i8 0, align 1
@g.align4g = global [16 x i8] zeroinitializer, align 4294967296
@g.code_model.tiny = global i32 0, code_model "tiny"
@g.code_model.small = global i32 0, code_model "small"
@g.code_model.kernel = global i32 0, code_model "kernel"
@g.code_model.medium = global i32 0, code_model "medium"
@g.code_model.large = global i32 0, code_model "large"
@g.nosan = global i32 0, no_sanitize_address
@g.nohwasan = global i32 0, no_sanitize_hwaddress
@g.memtag = global i32 0, sanitize_memtag
@g.dyninit = global i32 0, sanitize_address_dyninit
@g.allsan = global i32 0, no_sanitize_address, no_sanitize_hwaddress, sanitize_memtag, sanitize_address_dyninit
@g.attrs = global i32 0 #0
@g.all = internal thread_local(initialexec) unnamed_addr addrspace(1) externally_initialized global i32 0, section "s", partition "p", comdat($cd), align 8, code_model "large", no_sanitize_address #0
@"g.quoted name" = global i32 0
@"\01g.mangled" = global i32 0
@"g\\back\22quote" = global i32 0
@"g.\E2\82\AC" = global i32 0
@0 = global i32 42
@1 = private constant i32 43
@2 = internal global ptr @0
@g.uses.unnamed = global ptr @1

attributes #0 = { "bss-section"="mybss" "data-section"="mydata" "rodata-section"="myro" "relro-section"="myrelro" }
