// Package bbmaptest decodes the JSON document of bcextract bbmap --json
// (package bbmap/objdump's JSON printer) for the tests of the printer and
// of the command.
package bbmaptest

import (
	"encoding/json"
	"strings"
	"testing"
)

// A Doc is the document, as a script reading it sees it.
type Doc struct {
	File        string `json:"file"`
	Arch        string `json:"arch"`
	Relocatable bool   `json:"relocatable"`
	Functions   []struct {
		Name    *string `json:"name"`
		Address uint64  `json:"address"`
		Samples *uint64 `json:"samples"`
		Ranges  []struct {
			Base         uint64 `json:"base"`
			SectionIndex *int   `json:"section_index"`
			Blocks       []struct {
				ID           uint32   `json:"id"`
				Address      uint64   `json:"address"`
				Size         uint32   `json:"size"`
				Flags        []string `json:"flags"`
				Samples      *uint64  `json:"samples"`
				Instructions []struct {
					Address    uint64 `json:"address"`
					Size       int    `json:"size"`
					Text       string `json:"text"`
					Bad        bool   `json:"bad"`
					CrossesEnd bool   `json:"crosses_end"`
				} `json:"instructions"`
				DisasmError string `json:"disasm_error"`
			} `json:"blocks"`
		} `json:"ranges"`
	} `json:"functions"`
	Lookups []struct {
		Address      uint64  `json:"address"`
		Function     *string `json:"function"`
		Range        *int    `json:"range"`
		BBID         *uint32 `json:"bb_id"`
		Offset       *uint64 `json:"offset"`
		BlockAddress *uint64 `json:"block_address"`
		Section      *string `json:"section"`
	} `json:"lookups"`
	Samples *struct {
		Lines   int    `json:"lines"`
		Total   uint64 `json:"total"`
		Outside uint64 `json:"outside"`
	} `json:"samples"`
	Errors []struct {
		Message string `json:"message"`
		Line    int    `json:"line"`
	} `json:"errors"`
}

// Decode decodes out, which must be one JSON document (fields it does not
// know are allowed, for scripts), failing t when it is not.
func Decode(t testing.TB, out string) *Doc {
	t.Helper()
	var doc Doc
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		// Unknown fields are fine for scripts; decode again to tell
		// them from invalid JSON.
		if err2 := json.Unmarshal([]byte(out), &doc); err2 != nil {
			t.Fatalf("invalid JSON: %v\n%s", err2, out)
		}
	}
	if dec.More() {
		t.Fatalf("more than one JSON document")
	}
	return &doc
}
