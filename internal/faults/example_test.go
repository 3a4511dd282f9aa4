package faults_test

import (
	"fmt"

	"github.com/bcextract/bcextract/internal/faults"
)

func ExampleCatch() {
	mode := faults.Mode() // in the caller's goroutine
	done := make(chan any)
	go func() {
		done <- faults.Catch(mode, func() { panic("on the other goroutine") })
	}()
	if p := <-done; p != nil {
		// The caller would panic(p) here, for its own recover to see.
		fmt.Println("recovered:", p)
	}
	// Output: recovered: on the other goroutine
}
