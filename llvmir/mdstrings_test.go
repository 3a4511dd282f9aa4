package llvmir

import (
	"errors"
	"io"
	"testing"
)

func TestMetadataStrings(t *testing.T) {
	// Lengths 3, 0, 2 as VBR6 (0x003, 0x000, 0x002 -> bits 000011 000000 000010),
	// padded to 32 bits, then the characters.
	blob := append([]byte{0x03, 0x20, 0x00, 0x00}, "abcxy"...)
	tests := []struct {
		ops  []uint64
		blob []byte
		want []string
		err  error
	}{
		{[]uint64{3, 4}, blob, []string{"abc", "", "xy"}, nil},
		{[]uint64{2, 4}, blob, []string{"abc", ""}, nil},
		// A count of 0 reads until the lengths run out, as llvm-bcanalyzer
		// does: here the sixth VBR6 finds 2 bits left.
		{[]uint64{0, 4}, blob, []string{"abc", "", "xy", "", ""}, io.ErrUnexpectedEOF},
		{[]uint64{0, 3}, []byte{0, 0, 0}, []string{"", "", "", ""}, ErrStringsBadLength}, // 24 bits: four empty strings
		{[]uint64{3, 4}, blob[:7], []string{"abc", ""}, ErrStringsTruncated},
		{[]uint64{3}, blob, nil, ErrStringsRecordShape},
		{[]uint64{3, 10}, blob, nil, ErrStringsTruncated}, // offset past the blob
		{[]uint64{3, 4}, nil, nil, ErrEmptyStringsBlob},
	}
	for _, tt := range tests {
		m, err := NewMetadataStrings(tt.ops, tt.blob)
		var got []string
		if err == nil {
			for {
				var s []byte
				if s, err = m.Next(); err != nil {
					break
				}
				got = append(got, string(s))
				if !m.More() {
					break
				}
			}
		}
		if !errors.Is(err, tt.err) || len(got) != len(tt.want) {
			t.Errorf("ops %v: got %q, %v; want %q, %v", tt.ops, got, err, tt.want, tt.err)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("ops %v: string %d = %q; want %q", tt.ops, i, got[i], tt.want[i])
			}
		}
	}
}
