package main

import (
	"fmt"
	"io"

	"github.com/bcextract/bcextract/internal/mmap"
)

// input is one opened input file.
type input struct {
	name string // as given on the command line ("-" for standard input)
	data []byte
	m    *mmap.Data
}

// openInput maps the named file, or reads standard input for "-".
func openInput(e *env, name string) (*input, error) {
	if name == "-" {
		b, err := io.ReadAll(e.stdin)
		if err != nil {
			return nil, fmt.Errorf("-: reading standard input: %w", err)
		}
		return &input{name: name, data: b}, nil
	}
	m, err := mmap.Open(name)
	if err != nil {
		return nil, err
	}
	return &input{name: name, data: m.Bytes, m: m}, nil
}

func (in *input) close() { in.m.Close() }
