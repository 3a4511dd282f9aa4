package archive_test

import (
	"fmt"

	"github.com/bcextract/bcextract/container/archive"
)

func ExampleParse() {
	data := []byte("!<arch>\n" +
		"//                                              20        `\n" +
		"a-long-file-name.o/\n" +
		"hello.txt/      0           0     0     644     6         `\n" +
		"hello\n" +
		"/0              0           0     0     644     3         `\n" +
		"bc!\n")
	a, err := archive.Parse(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Kind)
	for _, m := range a.Members {
		fmt.Printf("%d %s: %d bytes at 0x%x: %q\n", m.Index, m.Name, m.Size, m.Off, m.Data)
	}

	_, err = archive.Parse(data[:150])
	fmt.Println(err)
	// Output:
	// gnu
	// 0 hello.txt: 6 bytes at 0x94: "hello\n"
	// 1 a-long-file-name.o: 3 bytes at 0xd6: "bc!"
	// member "hello.txt": size 6 extends past end of file (150 bytes) at byte 0x58
}
