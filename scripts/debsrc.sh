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
