package leb128_test

import (
	"fmt"

	"github.com/bcextract/bcextract/internal/leb128"
)

func ExampleUint() {
	v, n := leb128.Uint([]byte{0xe5, 0x8e, 0x26, 0xff})
	fmt.Println(v, n)
	_, n = leb128.Uint([]byte{0x80}) // ends inside the value
	fmt.Println(n)
	// Output:
	// 624485 3
	// 0
}
