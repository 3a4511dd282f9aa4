package ircodes

import (
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// TestRoundTrip checks that each table is one-to-one, with codes worked
// out from LLVMBitCodes.h: CAST_ADDRSPACECAST 12, RMW_FMAXIMUM 19.
func TestRoundTrip(t *testing.T) {
	for code := range castOps {
		op, _ := Cast(uint64(code))
		if back, ok := CastCode(op); !ok || int(back) != code {
			t.Errorf("cast code %d: %v, back %d", code, op, back)
		}
	}
	for code := range rmwOps {
		op, _ := RMW(uint64(code))
		if back, ok := RMWCode(op); !ok || int(back) != code {
			t.Errorf("rmw code %d: %v, back %d", code, op, back)
		}
	}
	if c, _ := CastCode(ir.AddrSpaceCast); c != 12 || llvmir.CAST_ADDRSPACECAST != 12 {
		t.Errorf("addrspacecast: %d", c)
	}
	if c, _ := RMWCode(ir.RMWFMaximum); c != 19 {
		t.Errorf("fmaximum: %d", c)
	}
	if _, ok := CastCode(ir.Add); ok {
		t.Error("add is a cast")
	}
	if _, ok := Cast(99); ok {
		t.Error("code 99 is a cast")
	}
}
