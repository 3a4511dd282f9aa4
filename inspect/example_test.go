package inspect_test

import (
	"bufio"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/inspect"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// Print what 'bcextract inspect' prints of an object compiled with
// -fembed-bitcode: the module's inventory, and the command line of the
// .llvmcmd section beside it.
func ExampleWriteText() {
	data, err := os.ReadFile("../testdata/containers/elf-x86_64.o")
	if err != nil {
		fmt.Println(err)
		return
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var w container.Walker
	defer w.Close()
	err = w.Walk("elf-x86_64.o", data, func(p *container.Payload) error {
		if !p.Kind.IsModule() {
			return nil
		}
		it := inspect.Inspected{Payload: *p}
		it.Inventory, it.Err = bitcode.ReadInventory(p.Data)
		if it.Err == nil {
			it.MinLLVM, it.MinLLVMErr = inspect.MinLLVM(p.Data)
		}
		inspect.WriteText(out, &it)
		return it.Err
	})
	if err != nil {
		fmt.Fprintln(out, err)
	}
	// Output:
	// elf-x86_64.o:.llvmbc#1
	//   producer:     LLVM22.1.8, epoch 0; bitcode version 2
	//   min llvm:     19 (trunc nuw/nsw flags)
	//   triple:       x86_64-unknown-linux-gnu
	//   datalayout:   e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128
	//   source file:  src/m.c
	//   summary:      none
	//   globals:      2 functions
	//   cmdline:      -cc1 -triple x86_64-unknown-linux-gnu -O1 -emit-obj -fembed-bitcode=all -fembed-bitcode=all -disable-llvm-passes -fmath-errno -ffp-contract=on -fno-rounding-math
	//   irsymtab:     version 3, producer 22.1.8, 2 symbols, 0 comdats
}

// List a bitcode file's symbols as llvm-nm-22 lists them ('bcextract
// inspect --symbols').
func ExampleWriteNM() {
	data, err := os.ReadFile("../testdata/inspect/asm.bc")
	if err != nil {
		fmt.Println(err)
		return
	}
	it := inspect.Inspected{Payload: container.Payload{Path: "asm.bc"}}
	if it.Inventory, it.Err = bitcode.ReadInventory(data); it.Err != nil {
		fmt.Println(it.Err)
		return
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	inspect.WriteNM(out, &it, false)
	// Output:
	//                  U asm_global
	// ---------------- T asm_global
	// ---------------- t asm_local
	// ---------------- W asm_weak
	// ---------------- T call_asm
}

// Print the table 'bcextract list' prints of an object's payloads.
func ExampleWriteListRow() {
	data, err := os.ReadFile("../testdata/containers/elf-x86_64.o")
	if err != nil {
		fmt.Println(err)
		return
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	defer tw.Flush()
	inspect.WriteListHeader(tw)
	var w container.Walker
	defer w.Close()
	err = w.Walk("elf-x86_64.o", data, func(p *container.Payload) error {
		row := inspect.Listed{Payload: *p}
		if p.Kind.IsModule() {
			row.Ident, _ = bitcode.ReadIdent(p.Data)
		}
		inspect.WriteListRow(tw, &row)
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// PATH                     KIND     SECTION   OFFSET  SIZE  PRODUCER    TRIPLE
	// elf-x86_64.o:.llvmbc#1   bitcode  .llvmbc   0x7c    2608  LLVM22.1.8  x86_64-unknown-linux-gnu
	// elf-x86_64.o:.llvmcmd#1  cmdline  .llvmcmd  0xaac   162   -           -
}
