package main

import (
	"errors"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/container"
)

// jsonError is one problem met in an input: where (the file holding the
// bytes, the container path, the byte offset in the file when known), what
// (error: the cause alone), and the line printed on stderr (message).
type jsonError struct {
	Path    string `json:"path,omitempty"`
	File    string `json:"file,omitempty"`
	Offset  *int64 `json:"offset,omitempty"`
	Error   string `json:"error"`
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"` // of a sample or address file
}

func newJSONError(err error) jsonError {
	var ce *container.Error
	if errors.As(err, &ce) {
		j := jsonError{Path: ce.Path, File: ce.File, Error: ce.Msg(), Message: err.Error()}
		if ce.Off >= 0 {
			off := ce.Off
			j.Offset = &off
		}
		if se := (*bbmap.SampleError)(nil); errors.As(err, &se) {
			j.Line = se.Line
		}
		return j
	}
	return jsonError{Error: err.Error(), Message: err.Error()}
}
