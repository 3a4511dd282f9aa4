package xar_test

import (
	"fmt"

	"github.com/bcextract/bcextract/container/xar"
	"github.com/bcextract/bcextract/container/xar/xartest"
)

func ExampleNewReader() {
	// A bundle as ld64 writes it: an "Ld" subdocument, and one file per
	// linked object; here the second one is compressed.
	bundle := &xartest.Bundle{
		Ld: &xar.Ld{Version: "1.0", Architecture: "arm64", Platform: "macOS", SDKVersion: "14.0.0",
			LinkOptions: []string{"-execute", "-e", "_main"}},
		Members: []xartest.Member{
			{Name: "1", FileType: "Bitcode", Data: []byte("BC\xc0\xde first"), Cmd: []string{"-triple", "arm64-apple-macosx14.0.0"}},
			{Name: "2", FileType: "Bitcode", Data: []byte("BC\xc0\xde second"), Encoding: xartest.Zlib},
		},
	}
	r, err := xar.NewReader(bundle.Bytes())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Ld.Platform, r.Ld.SDKVersion, r.Ld.Architecture, r.Ld.LinkOptions)
	for _, f := range r.Files {
		data, err := f.Data()
		fmt.Printf("%s %s %s, %d bytes: %q %v %q\n", f.Path, f.FileType, f.Encoding, f.Size, data, err, f.Cmd)
	}
	// Output:
	// macOS 14.0.0 arm64 [-execute -e _main]
	// 1 Bitcode application/octet-stream, 10 bytes: "BC\xc0\xde first" <nil> ["-triple" "arm64-apple-macosx14.0.0"]
	// 2 Bitcode application/x-gzip, 11 bytes: "BC\xc0\xde second" <nil> []
}
