package scan

import "github.com/bcextract/bcextract/container"

// Stats count what a scan went through.
type Stats struct {
	// Files is the number of regular files considered (those of other
	// shards excluded), and Bytes their total size.
	Files, Bytes int64
	// Skipped counts the files not walked because their first bytes show
	// they cannot hold payloads.
	Skipped int64
	// Objects counts the files walked as containers: objects, images,
	// archives, universal files, bitcode files.
	Objects int64
	// Payloads counts the payloads reported, by kind, and PayloadBytes
	// their total size.
	Payloads     [container.NumKinds]int64
	PayloadBytes int64
	// Errors counts the problems reported, and Failed the files and
	// directories that had at least one.
	Errors, Failed int64
	// Dirs counts the directories walked; RepeatedDirs those reached
	// again (through symbolic links or bind mounts) and not walked twice.
	Dirs, RepeatedDirs int64
	// Symlinks counts the symbolic links not followed (all of them unless
	// Scanner.FollowSymlinks; then the dangling ones), and Special the
	// other entries that are neither files nor directories (devices,
	// pipes, sockets).
	Symlinks, Special int64
	// OtherShard counts the files left to the other shards.
	OtherShard int64
}

// Add counts r in st.
func (st *Stats) Add(r *Result) {
	if len(r.Errors) > 0 {
		st.Errors += int64(len(r.Errors))
		st.Failed++
	}
	if r.Dir {
		return
	}
	st.Files++
	st.Bytes += r.Size
	switch {
	case r.Skipped():
		st.Skipped++
	case r.Format != container.Unknown:
		st.Objects++
	}
	for i := range r.Payloads {
		p := &r.Payloads[i]
		if int(p.Kind) < len(st.Payloads) {
			st.Payloads[p.Kind]++
		}
		st.PayloadBytes += p.Size
	}
}

// NumPayloads returns the number of payloads reported, of every kind.
func (st *Stats) NumPayloads() int64 {
	var n int64
	for _, c := range st.Payloads {
		n += c
	}
	return n
}
