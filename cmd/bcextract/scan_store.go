package main

import (
	"encoding/hex"
	"errors"
	"path/filepath"
	"sync"

	"github.com/bcextract/bcextract/scan"
)

// scanStore writes the payloads of a scan into a directory, each distinct
// content once, named by its SHA-256 and its kind's extension. It is safe
// for concurrent use by the scan's workers.
type scanStore struct {
	dir string

	mu            sync.Mutex
	names         map[string]*storedFile
	written, kept int
}

// storedFile is a name of the store, being or done being written.
type storedFile struct {
	done chan struct{} // closed once written
	err  error
}

func newScanStore(dir string) *scanStore {
	return &scanStore{dir: dir, names: make(map[string]*storedFile)}
}

// put stores data, the bytes of p, unless a payload of the same content
// and extension has been stored already, and returns the name of its file
// in the store. A file of that name already in the directory is kept: it
// holds the same content.
func (s *scanStore) put(p *scan.Payload, data []byte) (string, error) {
	name := hex.EncodeToString(p.SHA256[:]) + extension(p.Kind)
	s.mu.Lock()
	f, ok := s.names[name]
	if !ok {
		f = &storedFile{done: make(chan struct{})}
		s.names[name] = f
	}
	s.mu.Unlock()
	if ok {
		// Another worker writes it (or has): wait, so that the name is
		// never reported before the file is there.
		<-f.done
		if f.err != nil {
			return "", nil // reported with the first occurrence
		}
		return name, nil
	}
	err := writeFileAtomic(filepath.Join(s.dir, name), data, false, nil)
	kept := errors.Is(err, errExists)
	if kept {
		err = nil
	}
	s.mu.Lock()
	switch {
	case kept:
		s.kept++
	case err == nil:
		s.written++
	}
	s.mu.Unlock()
	f.err = err
	close(f.done)
	if err != nil {
		return "", err
	}
	return name, nil
}

// counts returns how many files the store wrote and how many it found
// already there.
func (s *scanStore) counts() (written, kept int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.written, s.kept
}

// writeManifest writes the manifest of index to name, atomically, replacing
// a file of that name unless it is one of the scanned paths.
func writeManifest(name, extractDir string, index *scan.Index, paths []string) error {
	data, err := index.Manifest(extractDir)
	if err != nil {
		return err
	}
	return writeFileAtomic(name, data, true, newInputSet(paths))
}
