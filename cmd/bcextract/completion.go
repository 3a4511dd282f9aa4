package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// completionShells are the shells "bcextract completion" writes a script
// for.
var completionShells = []string{"bash", "zsh", "fish"}

func completionCommand() *command {
	return &command{
		Name:  "completion",
		Usage: "completion bash|zsh|fish",
		Short: "print a shell completion script for bash, zsh or fish",
		Long: `
Completion prints a script that completes bcextract's commands, their
flags, and the values of the flags that take one of a few words (--kind,
--format, --syntax) or a file or directory name. The script is static: made
from the commands' flag tables of this binary, it never runs bcextract.
Install it once per shell:

	bcextract completion bash > ~/.local/share/bash-completion/completions/bcextract
	bcextract completion zsh > "${fpath[1]}/_bcextract"   # or any directory of $fpath
	bcextract completion fish > ~/.config/fish/completions/bcextract.fish

or load it into the running shell:

	source <(bcextract completion bash)
	source <(bcextract completion zsh)
	bcextract completion fish | source
`,
		Flags: pflag.NewFlagSet("completion", pflag.ContinueOnError),
		Run: func(e *env, args []string) error {
			if len(args) != 1 {
				return usagef("want one shell: bash, zsh or fish")
			}
			var write func(io.Writer, []*command) error
			switch args[0] {
			case "bash":
				write = writeBashCompletion
			case "zsh":
				write = writeZshCompletion
			case "fish":
				write = writeFishCompletion
			default:
				return usagef("unknown shell %q (want bash, zsh or fish)", args[0])
			}
			return write(e.stdout, commands())
		},
	}
}

// A completedFlag is what a completion script knows of a flag.
type completedFlag struct {
	name, short string
	usage       string   // the help text, placeholders unquoted
	takesValue  bool     // a flag that is not a switch
	words       []string // the values it takes, when they are a few words
	files, dirs bool     // its value is a file name, a directory name
}

// placeholderWords are the values of the flags whose placeholder (the
// backquoted word of their usage) is the key.
var placeholderWords = map[string][]string{
	"KIND":   {"bitcode", "lto", "cmdline", "bundle", "marker", "offload", "extension", "all"},
	"FORMAT": {"dot", "json"},
	"SYNTAX": {"gnu", "intel", "go"},
}

// completedFlags returns c's flags in the order of its help.
func completedFlags(c *command) []completedFlag {
	var fl []completedFlag
	c.Flags.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		placeholder, usage := pflag.UnquoteUsage(f)
		cf := completedFlag{name: f.Name, short: f.Shorthand, usage: usage, takesValue: f.NoOptDefVal == ""}
		if cf.takesValue {
			switch placeholder {
			case "FILE", "PATH":
				cf.files = true
			case "DIR":
				cf.dirs = true
			default:
				cf.words = placeholderWords[placeholder]
			}
		}
		fl = append(fl, cf)
	})
	return fl
}

// positionalWords returns the words that complete the arguments of c, or
// nil when they are files.
func positionalWords(c *command) []string {
	switch c.Name {
	case "completion":
		return completionShells
	case "version":
		return []string{}
	}
	return nil
}

// commandNames returns the names of cmds, and "help".
func commandNames(cmds []*command) []string {
	var names []string
	for _, c := range cmds {
		names = append(names, c.Name)
	}
	return append(names, "help")
}

// shellQuote quotes s for a POSIX shell (and for fish) in single quotes.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// fishQuote quotes s in single quotes for fish, which escapes \ and '.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// writeBashCompletion writes the bash completion script: a function that
// completes the command, then its flags, a flag's value and its
// arguments (file names, unless the command takes words).
func writeBashCompletion(w io.Writer, cmds []*command) error {
	var b strings.Builder
	b.WriteString("# bash completion for bcextract; made by \"bcextract completion bash\".\n")
	b.WriteString("_bcextract() {\n")
	b.WriteString("\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n")
	b.WriteString("\tCOMPREPLY=()\n")
	// "--flag=value" is three words to bash: the flag, "=", the value.
	b.WriteString("\tif [[ $cur == = ]]; then\n\t\tcur=''\n\telif [[ $prev == = ]]; then\n\t\tprev=${COMP_WORDS[COMP_CWORD-2]}\n\tfi\n")
	fmt.Fprintf(&b, "\tif ((COMP_CWORD == 1)); then\n\t\tCOMPREPLY=($(compgen -W %s -- \"$cur\"))\n\t\treturn\n\tfi\n",
		shellQuote(strings.Join(commandNames(cmds), " ")))
	b.WriteString("\tlocal flags='' words='' valued='' files='' dirs='' args=''\n")
	b.WriteString("\tcase ${COMP_WORDS[1]} in\n")
	fmt.Fprintf(&b, "\thelp) args=%s ;;\n", shellQuote(strings.Join(commandNames(cmds), " ")))
	for _, c := range cmds {
		var flags, valued, files, dirs []string
		var cases strings.Builder
		for _, f := range completedFlags(c) {
			names := []string{"--" + f.name}
			if f.short != "" {
				names = append(names, "-"+f.short)
			}
			flags = append(flags, names...)
			if !f.takesValue {
				continue
			}
			valued = append(valued, names...)
			switch {
			case f.files:
				files = append(files, names...)
			case f.dirs:
				dirs = append(dirs, names...)
			case f.words != nil:
				fmt.Fprintf(&cases, "\t\t%s) words=%s ;;\n", strings.Join(names, "|"), shellQuote(strings.Join(f.words, " ")))
			}
		}
		fmt.Fprintf(&b, "\t%s)\n\t\tflags=%s valued=%s files=%s dirs=%s\n", c.Name,
			shellQuote(strings.Join(flags, " ")), shellQuote(" "+strings.Join(valued, " ")+" "),
			shellQuote(" "+strings.Join(files, " ")+" "), shellQuote(" "+strings.Join(dirs, " ")+" "))
		if pw := positionalWords(c); pw != nil {
			fmt.Fprintf(&b, "\t\targs=%s\n", shellQuote(strings.Join(pw, " ")+" "))
		}
		if cases.Len() > 0 {
			fmt.Fprintf(&b, "\t\tcase $prev in\n%s\t\tesac\n", cases.String())
		}
		b.WriteString("\t\t;;\n")
	}
	b.WriteString("\t*) return ;;\n\tesac\n")
	// A flag's value: its words, a file, a directory, or nothing to offer.
	b.WriteString(`	if [[ $cur != -* && $valued == *" $prev "* ]]; then
		if [[ -n $words ]]; then
			COMPREPLY=($(compgen -W "$words" -- "${cur##*,}"))
			if [[ $cur == *,* ]]; then
				local i
				for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${cur%,*},${COMPREPLY[i]}; done
			fi
		elif [[ $files == *" $prev "* ]]; then
			COMPREPLY=($(compgen -f -- "$cur"))
		elif [[ $dirs == *" $prev "* ]]; then
			COMPREPLY=($(compgen -d -- "$cur"))
		fi
		return
	fi
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$flags" -- "$cur"))
	elif [[ -n $args ]]; then
		COMPREPLY=($(compgen -W "$args" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}
complete -o filenames -o bashdefault -F _bcextract bcextract
`)
	_, err := io.WriteString(w, b.String())
	return err
}

// zshEscape escapes s for a description or message inside an _arguments
// spec in single quotes: the quote itself, brackets and colons.
func zshEscape(s string) string {
	return strings.NewReplacer(`'`, `'\''`, `[`, `\[`, `]`, `\]`, `:`, `\:`, `\`, `\\`).Replace(s)
}

// writeZshCompletion writes the zsh completion function (#compdef): the
// commands with their descriptions, then each command's flags through
// _arguments.
func writeZshCompletion(w io.Writer, cmds []*command) error {
	var b strings.Builder
	b.WriteString("#compdef bcextract\n# zsh completion for bcextract; made by \"bcextract completion zsh\".\n\n")
	b.WriteString("_bcextract() {\n\tlocal -a commands\n\tcommands=(\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "\t\t%s\n", shellQuote(c.Name+":"+strings.ReplaceAll(c.Short, ":", `\:`)))
	}
	b.WriteString("\t\t'help:print the commands, or a command'\\''s flags and examples'\n\t)\n")
	b.WriteString("\tif ((CURRENT == 2)); then\n\t\t_describe -t commands 'bcextract command' commands\n\t\treturn\n\tfi\n")
	b.WriteString("\tlocal cmd=$words[2]\n\tshift words\n\t((CURRENT--))\n\tcase $cmd in\n")
	b.WriteString("\thelp) _describe -t commands 'bcextract command' commands ;;\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "\t%s)\n\t\t_arguments -s -S \\\n", c.Name)
		for _, f := range completedFlags(c) {
			desc := zshEscape(firstLine(f.usage))
			action := ""
			if f.takesValue {
				switch {
				case f.files:
					action = ":file:_files"
				case f.dirs:
					action = ":directory:_files -/"
				case f.words != nil:
					action = ":value:(" + strings.Join(f.words, " ") + ")"
				default:
					action = ":value: "
				}
			}
			long := "--" + f.name
			if f.takesValue {
				long += "="
			}
			if f.short != "" {
				short := "-" + f.short
				fmt.Fprintf(&b, "\t\t\t'(%s --%s)'{%s,%s}'[%s]%s' \\\n", short, f.name, short, long, desc, action)
			} else {
				fmt.Fprintf(&b, "\t\t\t'%s[%s]%s' \\\n", long, desc, action)
			}
		}
		switch pw := positionalWords(c); {
		case pw == nil:
			b.WriteString("\t\t\t'*:file:_files'\n")
		case len(pw) > 0:
			fmt.Fprintf(&b, "\t\t\t'1:shell:(%s)'\n", strings.Join(pw, " "))
		default:
			b.WriteString("\t\t\t\n")
		}
		b.WriteString("\t\t;;\n")
	}
	b.WriteString("\tesac\n}\n\nif [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n\t_bcextract \"$@\"\nelse\n\tcompdef _bcextract bcextract\nfi\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFishCompletion writes the fish completions: one "complete" line per
// command and per flag.
func writeFishCompletion(w io.Writer, cmds []*command) error {
	var b strings.Builder
	b.WriteString("# fish completion for bcextract; made by \"bcextract completion fish\".\n")
	names := commandNames(cmds)
	b.WriteString("complete -c bcextract -f\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "complete -c bcextract -n __fish_use_subcommand -a %s -d %s\n", c.Name, fishQuote(c.Short))
	}
	b.WriteString("complete -c bcextract -n __fish_use_subcommand -a help -d 'print the commands, or a command\\'s flags and examples'\n")
	fmt.Fprintf(&b, "complete -c bcextract -n '__fish_seen_subcommand_from help' -a %s\n", fishQuote(strings.Join(slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == "help" }), " ")))
	for _, c := range cmds {
		cond := fishQuote("__fish_seen_subcommand_from " + c.Name)
		switch pw := positionalWords(c); {
		case pw == nil:
			fmt.Fprintf(&b, "complete -c bcextract -n %s -F\n", cond)
		case len(pw) > 0:
			fmt.Fprintf(&b, "complete -c bcextract -n %s -a %s\n", cond, fishQuote(strings.Join(pw, " ")))
		}
		for _, f := range completedFlags(c) {
			fmt.Fprintf(&b, "complete -c bcextract -n %s -l %s", cond, f.name)
			if f.short != "" {
				fmt.Fprintf(&b, " -s %s", f.short)
			}
			if f.takesValue {
				switch {
				case f.files, f.dirs:
					b.WriteString(" -r -F")
				case f.words != nil:
					fmt.Fprintf(&b, " -x -a %s", fishQuote(strings.Join(f.words, " ")))
				default:
					b.WriteString(" -x")
				}
			}
			fmt.Fprintf(&b, " -d %s\n", fishQuote(firstLine(f.usage)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
