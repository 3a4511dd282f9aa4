// Encoded enumerations of LLVM IR bitcode that LLVMBitCodes.h does not
// define (LLVM's reader and writer spell the numbers).

package llvmir

import "strconv"

// LinkageCode is the encoded linkage of a MODULE_CODE_GLOBALVAR, FUNCTION,
// ALIAS or IFUNC record. LLVM names no constants for it (its writer and
// reader spell the numbers); the names here follow the linkage keywords,
// with _OLD on the codes only old writers used, which a reader maps as
// their comments say.
type LinkageCode uint32

// LinkageCode values.
const (
	LINKAGE_EXTERNAL LinkageCode = 0
	// LINKAGE_WEAK_ANY_OLD: read as weak.
	LINKAGE_WEAK_ANY_OLD LinkageCode = 1
	LINKAGE_APPENDING    LinkageCode = 2
	LINKAGE_INTERNAL     LinkageCode = 3
	// LINKAGE_LINKONCE_ANY_OLD: read as linkonce.
	LINKAGE_LINKONCE_ANY_OLD LinkageCode = 4
	// LINKAGE_DLLIMPORT_OLD: read as external, dllimport.
	LINKAGE_DLLIMPORT_OLD LinkageCode = 5
	// LINKAGE_DLLEXPORT_OLD: read as external, dllexport.
	LINKAGE_DLLEXPORT_OLD LinkageCode = 6
	LINKAGE_EXTERN_WEAK   LinkageCode = 7
	LINKAGE_COMMON        LinkageCode = 8
	LINKAGE_PRIVATE       LinkageCode = 9
	// LINKAGE_WEAK_ODR_OLD: read as weak_odr.
	LINKAGE_WEAK_ODR_OLD LinkageCode = 10
	// LINKAGE_LINKONCE_ODR_OLD: read as linkonce_odr.
	LINKAGE_LINKONCE_ODR_OLD     LinkageCode = 11
	LINKAGE_AVAILABLE_EXTERNALLY LinkageCode = 12
	// LINKAGE_LINKER_PRIVATE_OLD: read as private.
	LINKAGE_LINKER_PRIVATE_OLD LinkageCode = 13
	// LINKAGE_LINKER_PRIVATE_WEAK_OLD: read as private.
	LINKAGE_LINKER_PRIVATE_WEAK_OLD LinkageCode = 14
	// LINKAGE_LINKONCE_ODR_AUTOHIDE_OLD: read as external.
	LINKAGE_LINKONCE_ODR_AUTOHIDE_OLD LinkageCode = 15
	LINKAGE_WEAK_ANY                  LinkageCode = 16
	LINKAGE_WEAK_ODR                  LinkageCode = 17
	LINKAGE_LINKONCE_ANY              LinkageCode = 18
	LINKAGE_LINKONCE_ODR              LinkageCode = 19
)

// linkageCodeNames holds the names of the LinkageCode values, by value.
var linkageCodeNames = [...]string{
	LINKAGE_EXTERNAL:                  "LINKAGE_EXTERNAL",
	LINKAGE_WEAK_ANY_OLD:              "LINKAGE_WEAK_ANY_OLD",
	LINKAGE_APPENDING:                 "LINKAGE_APPENDING",
	LINKAGE_INTERNAL:                  "LINKAGE_INTERNAL",
	LINKAGE_LINKONCE_ANY_OLD:          "LINKAGE_LINKONCE_ANY_OLD",
	LINKAGE_DLLIMPORT_OLD:             "LINKAGE_DLLIMPORT_OLD",
	LINKAGE_DLLEXPORT_OLD:             "LINKAGE_DLLEXPORT_OLD",
	LINKAGE_EXTERN_WEAK:               "LINKAGE_EXTERN_WEAK",
	LINKAGE_COMMON:                    "LINKAGE_COMMON",
	LINKAGE_PRIVATE:                   "LINKAGE_PRIVATE",
	LINKAGE_WEAK_ODR_OLD:              "LINKAGE_WEAK_ODR_OLD",
	LINKAGE_LINKONCE_ODR_OLD:          "LINKAGE_LINKONCE_ODR_OLD",
	LINKAGE_AVAILABLE_EXTERNALLY:      "LINKAGE_AVAILABLE_EXTERNALLY",
	LINKAGE_LINKER_PRIVATE_OLD:        "LINKAGE_LINKER_PRIVATE_OLD",
	LINKAGE_LINKER_PRIVATE_WEAK_OLD:   "LINKAGE_LINKER_PRIVATE_WEAK_OLD",
	LINKAGE_LINKONCE_ODR_AUTOHIDE_OLD: "LINKAGE_LINKONCE_ODR_AUTOHIDE_OLD",
	LINKAGE_WEAK_ANY:                  "LINKAGE_WEAK_ANY",
	LINKAGE_WEAK_ODR:                  "LINKAGE_WEAK_ODR",
	LINKAGE_LINKONCE_ANY:              "LINKAGE_LINKONCE_ANY",
	LINKAGE_LINKONCE_ODR:              "LINKAGE_LINKONCE_ODR",
}

// String returns the name of c, or "LinkageCode(n)" for an unknown value.
func (c LinkageCode) String() string {
	if int(c) < len(linkageCodeNames) && linkageCodeNames[c] != "" {
		return linkageCodeNames[c]
	}
	return "LinkageCode(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// VisibilityCode is the encoded visibility of a global value record. LLVM
// names no constants for it; codes above 2 read as default.
type VisibilityCode uint32

// VisibilityCode values.
const (
	VISIBILITY_DEFAULT   VisibilityCode = 0
	VISIBILITY_HIDDEN    VisibilityCode = 1
	VISIBILITY_PROTECTED VisibilityCode = 2
)

// visibilityCodeNames holds the names of the VisibilityCode values, by value.
var visibilityCodeNames = [...]string{
	VISIBILITY_DEFAULT:   "VISIBILITY_DEFAULT",
	VISIBILITY_HIDDEN:    "VISIBILITY_HIDDEN",
	VISIBILITY_PROTECTED: "VISIBILITY_PROTECTED",
}

// String returns the name of c, or "VisibilityCode(n)" for an unknown value.
func (c VisibilityCode) String() string {
	if int(c) < len(visibilityCodeNames) && visibilityCodeNames[c] != "" {
		return visibilityCodeNames[c]
	}
	return "VisibilityCode(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// DLLStorageCode is the encoded DLL storage class of a global value
// record. LLVM names no constants for it; codes above 2 read as default.
type DLLStorageCode uint32

// DLLStorageCode values.
const (
	DLLSTORAGE_DEFAULT DLLStorageCode = 0
	DLLSTORAGE_IMPORT  DLLStorageCode = 1
	DLLSTORAGE_EXPORT  DLLStorageCode = 2
)

// dLLStorageCodeNames holds the names of the DLLStorageCode values, by value.
var dLLStorageCodeNames = [...]string{
	DLLSTORAGE_DEFAULT: "DLLSTORAGE_DEFAULT",
	DLLSTORAGE_IMPORT:  "DLLSTORAGE_IMPORT",
	DLLSTORAGE_EXPORT:  "DLLSTORAGE_EXPORT",
}

// String returns the name of c, or "DLLStorageCode(n)" for an unknown value.
func (c DLLStorageCode) String() string {
	if int(c) < len(dLLStorageCodeNames) && dLLStorageCodeNames[c] != "" {
		return dLLStorageCodeNames[c]
	}
	return "DLLStorageCode(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// ThreadLocalCode is the encoded thread-local mode of a
// MODULE_CODE_GLOBALVAR record. LLVM names no constants for it; codes
// above 4 read as general dynamic.
type ThreadLocalCode uint32

// ThreadLocalCode values.
const (
	THREAD_LOCAL_NONE            ThreadLocalCode = 0
	THREAD_LOCAL_GENERAL_DYNAMIC ThreadLocalCode = 1
	THREAD_LOCAL_LOCAL_DYNAMIC   ThreadLocalCode = 2
	THREAD_LOCAL_INITIAL_EXEC    ThreadLocalCode = 3
	THREAD_LOCAL_LOCAL_EXEC      ThreadLocalCode = 4
)

// threadLocalCodeNames holds the names of the ThreadLocalCode values, by value.
var threadLocalCodeNames = [...]string{
	THREAD_LOCAL_NONE:            "THREAD_LOCAL_NONE",
	THREAD_LOCAL_GENERAL_DYNAMIC: "THREAD_LOCAL_GENERAL_DYNAMIC",
	THREAD_LOCAL_LOCAL_DYNAMIC:   "THREAD_LOCAL_LOCAL_DYNAMIC",
	THREAD_LOCAL_INITIAL_EXEC:    "THREAD_LOCAL_INITIAL_EXEC",
	THREAD_LOCAL_LOCAL_EXEC:      "THREAD_LOCAL_LOCAL_EXEC",
}

// String returns the name of c, or "ThreadLocalCode(n)" for an unknown value.
func (c ThreadLocalCode) String() string {
	if int(c) < len(threadLocalCodeNames) && threadLocalCodeNames[c] != "" {
		return threadLocalCodeNames[c]
	}
	return "ThreadLocalCode(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// UnnamedAddrCode is the encoded unnamed_addr of a global value record.
// LLVM names no constants for it; codes above 2 read as none.
type UnnamedAddrCode uint32

// UnnamedAddrCode values.
const (
	UNNAMED_ADDR_NONE UnnamedAddrCode = 0
	// UNNAMED_ADDR_GLOBAL: unnamed_addr.
	UNNAMED_ADDR_GLOBAL UnnamedAddrCode = 1
	// UNNAMED_ADDR_LOCAL: local_unnamed_addr.
	UNNAMED_ADDR_LOCAL UnnamedAddrCode = 2
)

// unnamedAddrCodeNames holds the names of the UnnamedAddrCode values, by value.
var unnamedAddrCodeNames = [...]string{
	UNNAMED_ADDR_NONE:   "UNNAMED_ADDR_NONE",
	UNNAMED_ADDR_GLOBAL: "UNNAMED_ADDR_GLOBAL",
	UNNAMED_ADDR_LOCAL:  "UNNAMED_ADDR_LOCAL",
}

// String returns the name of c, or "UnnamedAddrCode(n)" for an unknown value.
func (c UnnamedAddrCode) String() string {
	if int(c) < len(unnamedAddrCodeNames) && unnamedAddrCodeNames[c] != "" {
		return unnamedAddrCodeNames[c]
	}
	return "UnnamedAddrCode(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// SyncScopeID is the encoded synchronization scope of an atomic
// instruction: the two fixed scopes below (LLVM's SyncScope::SingleThread
// and SyncScope::System), or the index of a SYNC_SCOPE_NAME record of the
// module's SYNC_SCOPE_NAMES_BLOCK_ID (whose first two entries are these
// two).
type SyncScopeID uint32

// SyncScopeID values.
const (
	// SYNC_SCOPE_SINGLE_THREAD: syncscope("singlethread").
	SYNC_SCOPE_SINGLE_THREAD SyncScopeID = 0
	// SYNC_SCOPE_SYSTEM: no syncscope: the whole system.
	SYNC_SCOPE_SYSTEM SyncScopeID = 1
)

// syncScopeIDNames holds the names of the SyncScopeID values, by value.
var syncScopeIDNames = [...]string{
	SYNC_SCOPE_SINGLE_THREAD: "SYNC_SCOPE_SINGLE_THREAD",
	SYNC_SCOPE_SYSTEM:        "SYNC_SCOPE_SYSTEM",
}

// String returns the name of c, or "SyncScopeID(n)" for an unknown value.
func (c SyncScopeID) String() string {
	if int(c) < len(syncScopeIDNames) && syncScopeIDNames[c] != "" {
		return syncScopeIDNames[c]
	}
	return "SyncScopeID(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// AttributeEncoding is the kind of one attribute in a
// PARAMATTR_GRP_CODE_ENTRY record, the operand before its kind code or
// string. LLVM names no constants for it.
type AttributeEncoding uint32

// AttributeEncoding values.
const (
	// ATTR_ENC_ENUM: [kind].
	ATTR_ENC_ENUM AttributeEncoding = 0
	// ATTR_ENC_INT: [kind, value].
	ATTR_ENC_INT AttributeEncoding = 1
	// ATTR_ENC_STRING: [chars..., 0].
	ATTR_ENC_STRING AttributeEncoding = 3
	// ATTR_ENC_STRING_VALUE: [chars..., 0, valuechars..., 0].
	ATTR_ENC_STRING_VALUE AttributeEncoding = 4
	// ATTR_ENC_TYPE: [kind], no type.
	ATTR_ENC_TYPE AttributeEncoding = 5
	// ATTR_ENC_TYPE_VALUE: [kind, typeid].
	ATTR_ENC_TYPE_VALUE AttributeEncoding = 6
	// ATTR_ENC_CONSTANT_RANGE: [kind, bitwidth, lower, upper].
	ATTR_ENC_CONSTANT_RANGE AttributeEncoding = 7
	// ATTR_ENC_CONSTANT_RANGE_LIST: [kind, count, bitwidth, (lower, upper)...].
	ATTR_ENC_CONSTANT_RANGE_LIST AttributeEncoding = 8
)

// attributeEncodingNames holds the names of the AttributeEncoding values, by value.
var attributeEncodingNames = [...]string{
	ATTR_ENC_ENUM:                "ATTR_ENC_ENUM",
	ATTR_ENC_INT:                 "ATTR_ENC_INT",
	ATTR_ENC_STRING:              "ATTR_ENC_STRING",
	ATTR_ENC_STRING_VALUE:        "ATTR_ENC_STRING_VALUE",
	ATTR_ENC_TYPE:                "ATTR_ENC_TYPE",
	ATTR_ENC_TYPE_VALUE:          "ATTR_ENC_TYPE_VALUE",
	ATTR_ENC_CONSTANT_RANGE:      "ATTR_ENC_CONSTANT_RANGE",
	ATTR_ENC_CONSTANT_RANGE_LIST: "ATTR_ENC_CONSTANT_RANGE_LIST",
}

// String returns the name of c, or "AttributeEncoding(n)" for an unknown value.
func (c AttributeEncoding) String() string {
	if int(c) < len(attributeEncodingNames) && attributeEncodingNames[c] != "" {
		return attributeEncodingNames[c]
	}
	return "AttributeEncoding(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// CmpPredicate is the predicate operand of a FUNC_CODE_INST_CMP2 or
// CST_CODE_CE_CMP record: LLVM's CmpInst::Predicate numbering, written as
// is.
type CmpPredicate uint32

// CmpPredicate values.
const (
	FCMP_FALSE CmpPredicate = 0
	FCMP_OEQ   CmpPredicate = 1
	FCMP_OGT   CmpPredicate = 2
	FCMP_OGE   CmpPredicate = 3
	FCMP_OLT   CmpPredicate = 4
	FCMP_OLE   CmpPredicate = 5
	FCMP_ONE   CmpPredicate = 6
	FCMP_ORD   CmpPredicate = 7
	FCMP_UNO   CmpPredicate = 8
	FCMP_UEQ   CmpPredicate = 9
	FCMP_UGT   CmpPredicate = 10
	FCMP_UGE   CmpPredicate = 11
	FCMP_ULT   CmpPredicate = 12
	FCMP_ULE   CmpPredicate = 13
	FCMP_UNE   CmpPredicate = 14
	FCMP_TRUE  CmpPredicate = 15
	ICMP_EQ    CmpPredicate = 32
	ICMP_NE    CmpPredicate = 33
	ICMP_UGT   CmpPredicate = 34
	ICMP_UGE   CmpPredicate = 35
	ICMP_ULT   CmpPredicate = 36
	ICMP_ULE   CmpPredicate = 37
	ICMP_SGT   CmpPredicate = 38
	ICMP_SGE   CmpPredicate = 39
	ICMP_SLT   CmpPredicate = 40
	ICMP_SLE   CmpPredicate = 41
)

// cmpPredicateNames holds the names of the CmpPredicate values, by value.
var cmpPredicateNames = [...]string{
	FCMP_FALSE: "FCMP_FALSE",
	FCMP_OEQ:   "FCMP_OEQ",
	FCMP_OGT:   "FCMP_OGT",
	FCMP_OGE:   "FCMP_OGE",
	FCMP_OLT:   "FCMP_OLT",
	FCMP_OLE:   "FCMP_OLE",
	FCMP_ONE:   "FCMP_ONE",
	FCMP_ORD:   "FCMP_ORD",
	FCMP_UNO:   "FCMP_UNO",
	FCMP_UEQ:   "FCMP_UEQ",
	FCMP_UGT:   "FCMP_UGT",
	FCMP_UGE:   "FCMP_UGE",
	FCMP_ULT:   "FCMP_ULT",
	FCMP_ULE:   "FCMP_ULE",
	FCMP_UNE:   "FCMP_UNE",
	FCMP_TRUE:  "FCMP_TRUE",
	ICMP_EQ:    "ICMP_EQ",
	ICMP_NE:    "ICMP_NE",
	ICMP_UGT:   "ICMP_UGT",
	ICMP_UGE:   "ICMP_UGE",
	ICMP_ULT:   "ICMP_ULT",
	ICMP_ULE:   "ICMP_ULE",
	ICMP_SGT:   "ICMP_SGT",
	ICMP_SGE:   "ICMP_SGE",
	ICMP_SLT:   "ICMP_SLT",
	ICMP_SLE:   "ICMP_SLE",
}

// String returns the name of c, or "CmpPredicate(n)" for an unknown value.
func (c CmpPredicate) String() string {
	if int(c) < len(cmpPredicateNames) && cmpPredicateNames[c] != "" {
		return cmpPredicateNames[c]
	}
	return "CmpPredicate(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// AllocaPackedBit is a bit number in the packed operand of a
// FUNC_CODE_INST_ALLOCA record (LLVM's AllocaPackedValues): the alignment
// exponent plus one is split into ALLOCA_ALIGN_LOWER (5 bits) and
// ALLOCA_ALIGN_UPPER (3 bits), with one-bit flags between them.
type AllocaPackedBit uint32

// AllocaPackedBit values.
const (
	// ALLOCA_ALIGN_LOWER: bits 0-4, the low bits of the alignment.
	ALLOCA_ALIGN_LOWER AllocaPackedBit = 0
	// ALLOCA_USED_WITH_INALLOCA: the alloca is used by an inalloca
	// argument.
	ALLOCA_USED_WITH_INALLOCA AllocaPackedBit = 5
	// ALLOCA_EXPLICIT_TYPE: the record gives the allocated type, not a
	// pointer type (set by every writer since LLVM 3.7).
	ALLOCA_EXPLICIT_TYPE AllocaPackedBit = 6
	// ALLOCA_SWIFT_ERROR: the alloca is a swifterror slot.
	ALLOCA_SWIFT_ERROR AllocaPackedBit = 7
	// ALLOCA_ALIGN_UPPER: bits 8-10, the high bits of the alignment.
	ALLOCA_ALIGN_UPPER AllocaPackedBit = 8
)

// allocaPackedBitNames holds the names of the AllocaPackedBit values.
var allocaPackedBitNames = [...]string{
	ALLOCA_ALIGN_LOWER:        "ALLOCA_ALIGN_LOWER",
	ALLOCA_USED_WITH_INALLOCA: "ALLOCA_USED_WITH_INALLOCA",
	ALLOCA_EXPLICIT_TYPE:      "ALLOCA_EXPLICIT_TYPE",
	ALLOCA_SWIFT_ERROR:        "ALLOCA_SWIFT_ERROR",
	ALLOCA_ALIGN_UPPER:        "ALLOCA_ALIGN_UPPER",
}

// String returns the name of c, or "AllocaPackedBit(n)" for an unknown
// value.
func (c AllocaPackedBit) String() string {
	if int(c) < len(allocaPackedBitNames) && allocaPackedBitNames[c] != "" {
		return allocaPackedBitNames[c]
	}
	return "AllocaPackedBit(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// INVOKE_EXPLICIT_TYPE is the bit number, in the calling-convention
// operand of a FUNC_CODE_INST_INVOKE record, that says the record gives
// the callee's function type (set by every writer since LLVM 3.7); the
// bits below it hold the calling convention. Call and callbr records use
// CALL_EXPLICIT_TYPE and CALL_CCONV instead.
const INVOKE_EXPLICIT_TYPE = 13
