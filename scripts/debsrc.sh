# shellcheck shell=bash
# debsrc.sh - what the scripts that take sources from Debian share. Source
# it; needs apt-get.

# debsrc_download DIR SUITE PKG...: download the source packages PKG (the
# .dsc, .orig and .debian tarballs) into DIR with an apt state of DIR's
# own (nothing of the system's apt is used or changed; nothing is
# installed), from deb.debian.org's SUITE ("" for this system's, else
# bookworm). Returns non-zero on failure, quietly.
debsrc_download() {
	local dir=$1 suite=$2
	shift 2
	local apt="$dir/.apt"
	mkdir -p "$apt/parts" "$apt/lists/partial" "$apt/cache/archives/partial"
	if [[ -z $suite ]]; then
		suite=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
	fi
	printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
		"${suite:-bookworm}" >"$apt/parts/src.sources"
	local opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$apt/parts"
		-o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "APT::Sandbox::User=root")
	apt-get "${opts[@]}" -qq update >/dev/null 2>&1 || return 1
	(cd "$dir" && apt-get "${opts[@]}" -qq source --download-only "$@" >/dev/null 2>&1)
}

# debsrc_programs WORK: prints the folder holding the sources of zlib, Lua
# 5.4 and yaml-cpp (Debian's source packages) as DIR/zlib, DIR/lua (its
# src/) and DIR/yaml-cpp, fetched (with WORK for scratch, three attempts)
# into $BCX_CORPUS/link-src (default ~/.cache/bcextract-corpus) unless
# already there. Returns non-zero when they cannot be had.
debsrc_programs() {
	local dir=${BCX_CORPUS:-$HOME/.cache/bcextract-corpus}/link-src apt=$1/apt attempt
	if [[ -f $dir/zlib/zlib.h && -f $dir/lua/lua.h && -f $dir/yaml-cpp/include/yaml-cpp/yaml.h ]]; then
		echo "$dir"
		return 0
	fi
	for attempt in 1 2 3; do
		if debsrc_unpack_programs "$apt" "$dir"; then
			echo "$dir"
			return 0
		fi
		sleep $((attempt * 5))
	done
	return 1
}

# debsrc_unpack_programs APT DIR: one attempt of debsrc_programs.
debsrc_unpack_programs() {
	local apt=$1 dir=$2 t
	rm -rf "$apt"
	mkdir -p "$apt/dl" "$apt/x" "$dir"
	debsrc_download "$apt/dl" "" zlib lua5.4 yaml-cpp || return 1
	for t in "$apt"/dl/zlib_*.orig.tar.* "$apt"/dl/lua5.4_*.orig.tar.* "$apt"/dl/yaml-cpp_*.orig.tar.*; do
		tar -xf "$t" -C "$apt/x" || return 1
	done
	rm -rf "$dir/zlib" "$dir/lua" "$dir/yaml-cpp"
	mv "$apt"/x/zlib-* "$dir/zlib" && mv "$apt"/x/lua-*/src "$dir/lua" && mv "$apt"/x/yaml-cpp-* "$dir/yaml-cpp"
}

# debsrc_units SRC PROGRAM: the source files of PROGRAM (zlib, lua,
# yaml-cpp) under SRC, as debsrc_programs lays them out.
debsrc_units() {
	case $2 in
	zlib) ls "$1"/zlib/*.c ;;
	lua) ls "$1"/lua/l*.c | grep -v -e '/ltests\.c$' -e '/lua\.c$' -e '/luac\.c$'; echo "$1/lua/lua.c" ;;
	yaml-cpp) ls "$1"/yaml-cpp/src/*.cpp "$1"/yaml-cpp/src/contrib/*.cpp ;;
	esac
}

# debsrc_cflags SRC PROGRAM: the flags its units are compiled with.
debsrc_cflags() {
	case $2 in
	zlib) echo "-I$1/zlib -DHAVE_UNISTD_H -D_LARGEFILE64_SOURCE=1" ;;
	lua) echo "-I$1/lua -DLUA_USE_LINUX" ;;
	yaml-cpp) echo "-std=c++17 -I$1/yaml-cpp/include -I$1/yaml-cpp/src" ;;
	esac
}
