// Command bcextract finds, extracts and inspects LLVM bitcode.
//
// Usage:
//
//	bcextract <command> [flags] [arguments]
//
// Run "bcextract help" for the list of commands and "bcextract help
// <command>" for one command's flags and examples.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"
)

// Exit codes.
const (
	exitOK      = 0 // everything asked for was done
	exitFailure = 1 // an input could not be processed
	exitUsage   = 2 // the command line is wrong
)

// A command is one subcommand: its documentation, flags and action.
type command struct {
	Name  string
	Usage string // the line after "usage: bcextract "
	Short string // one line for the command list
	Long  string // the full help text, with examples
	Flags *pflag.FlagSet
	// Run does the work. It writes results to stdout and returns an error
	// for failures it has not already reported.
	Run func(env *env, args []string) error
}

// env is what a command may touch of the outside world.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// inputs, when set, opens each input once for the commands that
	// read their inputs more than once.
	inputs *inputCache
}

// errUsage marks errors in the command line; main maps them to exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// errFailed is returned by a command that has already reported its failures
// on stderr, to make main exit with code 1 without printing more.
var errFailed = errors.New("failed")

// A commandEntry names a command and builds it.
type commandEntry struct {
	name  string
	build func() *command
}

// commandTable lists the commands, in the order help lists them, by name:
// a run builds only the command it runs (its flag set), not all of them,
// which was a tenth of a small input's run (TestCommandTable checks the
// names against the commands'). A function, not a variable: completion
// builds every command.
func commandTable() []commandEntry {
	return []commandEntry{
		{"list", listCommand}, {"extract", extractCommand}, {"convert", convertCommand}, {"link", linkCommand},
		{"scan", scanCommand}, {"inspect", inspectCommand}, {"sections", sectionsCommand}, {"dump", dumpCommand},
		{"stats", statsCommand}, {"dis", disCommand}, {"funcs", funcsCommand}, {"callgraph", callgraphCommand},
		{"diff", diffCommand}, {"bbmap", bbmapCommand}, {"completion", completionCommand}, {"version", versionCommand},
	}
}

// commands builds every command, for help and completion.
func commands() []*command {
	table := commandTable()
	cmds := make([]*command, len(table))
	for i, t := range table {
		cmds[i] = t.build()
	}
	return cmds
}

// lookup builds the command of that name, or returns nil.
func lookup(name string) *command {
	for _, t := range commandTable() {
		if t.name == name {
			return t.build()
		}
	}
	return nil
}

func main() {
	removePendingOnSignal()
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		printUsage(e.stderr, commands())
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help":
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				printCommandHelp(e.stdout, c)
				return exitOK
			}
			fmt.Fprintf(e.stderr, "bcextract: unknown command %q\n", args[1])
			return exitUsage
		}
		printUsage(e.stdout, commands())
		return exitOK
	case "--version", "-V":
		name = "version"
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(e.stderr, "bcextract: unknown command %q\nRun 'bcextract help' for usage.\n", name)
		return exitUsage
	}
	c.Flags.SetOutput(io.Discard)
	c.Flags.Usage = func() {}
	cargs, err := expandResponseFiles(args[1:], flagTakesValue(c.Flags), readResponseFile)
	if err != nil {
		fmt.Fprintf(e.stderr, "bcextract %s: %v\n", c.Name, err)
		return exitUsage
	}
	if err := c.Flags.Parse(cargs); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			printCommandHelp(e.stdout, c)
			return exitOK
		}
		fmt.Fprintf(e.stderr, "bcextract %s: %v\nusage: bcextract %s\nRun 'bcextract help %s' for details.\n", c.Name, err, c.Usage, c.Name)
		return exitUsage
	}
	err = c.Run(e, c.Flags.Args())
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "bcextract %s: %s\nusage: bcextract %s\n", c.Name, ue.msg, c.Usage)
		return exitUsage
	case errors.Is(err, errFailed), errors.Is(err, errDiffers):
		return exitFailure
	case errors.Is(err, errTrouble):
		return exitUsage
	default:
		fmt.Fprintf(e.stderr, "bcextract: %v\n", err)
		return exitFailure
	}
}

func printUsage(w io.Writer, cmds []*command) {
	var b strings.Builder
	b.WriteString("bcextract finds, extracts and inspects LLVM bitcode.\n\nUsage:\n\n\tbcextract <command> [flags] [arguments]\n\nCommands:\n\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "\t%-11s %s\n", c.Name, c.Short)
	}
	b.WriteString("\nRun 'bcextract help <command>' for a command's flags and examples.\n")
	b.WriteString("Exit status: 0 success, 1 an input failed, 2 usage error.\n")
	io.WriteString(w, b.String())
}

func printCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: bcextract %s\n\n%s\n", c.Usage, strings.TrimSpace(c.Long))
	if c.Flags.HasFlags() {
		fmt.Fprintf(w, "\nFlags:\n%s", c.Flags.FlagUsages())
	}
}
