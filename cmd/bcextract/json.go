package main

import "github.com/bcextract/bcextract/internal/jsonstr"

// appendJSONString appends s as a JSON string (see jsonstr.Append).
func appendJSONString(b []byte, s []byte) []byte { return jsonstr.Append(b, s) }
