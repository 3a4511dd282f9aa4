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

func commands() []*command {
	return []*command{listCommand(), extractCommand(), convertCommand(), linkCommand(), scanCommand(), inspectCommand(), sectionsCommand(), dumpCommand(), statsCommand(), disCommand(), funcsCommand(), callgraphCommand(), diffCommand(), bbmapCommand(), completionCommand(), versionCommand()}
}

func main() {
	removePendingOnSignal()
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func run(e *env, args []string) int {
	cmds := commands()
	if len(args) == 0 {
		printUsage(e.stderr, cmds)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help":
		if len(args) > 1 {
			if c := find(cmds, args[1]); c != nil {
				printCommandHelp(e.stdout, c)
				return exitOK
			}
			fmt.Fprintf(e.stderr, "bcextract: unknown command %q\n", args[1])
			return exitUsage
		}
		printUsage(e.stdout, cmds)
		return exitOK
	case "--version", "-V":
		name = "version"
	}
	c := find(cmds, name)
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

func find(cmds []*command, name string) *command {
	for _, c := range cmds {
		if c.Name == name {
			return c
		}
	}
	return nil
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
