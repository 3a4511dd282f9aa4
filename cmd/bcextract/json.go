package main

import "github.com/bcextract/bcextract/internal/jsonstr"

// appendJSONName appends name as a JSON string, or null when !ok.
func appendJSONName(b []byte, name string, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return appendJSONString(b, []byte(name))
}

// appendJSONString appends s as a JSON string (see jsonstr.Append).
func appendJSONString(b []byte, s []byte) []byte { return jsonstr.Append(b, s) }
