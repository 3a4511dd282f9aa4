package scan

import (
	"encoding/hex"
	"encoding/json"
)

// jsonManifest is the document 'scan --manifest' writes.
type jsonManifest struct {
	// ExtractDir is the directory Stored names are in, "" without
	// --extract-dir.
	ExtractDir string              `json:"extract_dir"`
	Payloads   []jsonManifestEntry `json:"payloads"`
}

// jsonManifestEntry is one distinct payload content.
type jsonManifestEntry struct {
	SHA256         string       `json:"sha256"`
	Kind           string       `json:"kind"`
	Size           int64        `json:"size"`
	Stored         string       `json:"stored"`
	Producer       string       `json:"producer"`
	Triple         string       `json:"triple"`
	SourceFilename string       `json:"source_filename"`
	Origins        []scanOrigin `json:"origins"`
}

// scanOrigin is one place a payload occurs.
type scanOrigin struct {
	File string `json:"file"`
	Path string `json:"path"`
}

// Manifest returns the manifest 'bcextract scan --manifest' writes: one
// indented JSON document ending in a newline, {"extract_dir": extractDir,
// "payloads": [...]} with per distinct content its sha256, kind, size,
// stored name, producer, triple, source_filename and origins (file, path),
// in the order of x.Entries. extractDir is the directory the stored names
// are in, "" when the payloads were not stored.
func (x *Index) Manifest(extractDir string) ([]byte, error) {
	doc := jsonManifest{ExtractDir: extractDir, Payloads: []jsonManifestEntry{}}
	for _, e := range x.Entries() {
		j := jsonManifestEntry{
			SHA256: hex.EncodeToString(e.SHA256[:]), Kind: e.Kind.String(), Size: e.Size, Stored: e.Stored,
			Producer: e.Producer, Triple: e.Triple, SourceFilename: e.SourceFilename,
			Origins: make([]scanOrigin, len(e.Origins)),
		}
		for i, o := range e.Origins {
			j.Origins[i] = scanOrigin(o)
		}
		doc.Payloads = append(doc.Payloads, j)
	}
	data, err := json.MarshalIndent(&doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
