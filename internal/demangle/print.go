package demangle

import "strconv"

// A printer writes a parse tree of an Itanium name as LLVM prints it. It
// carries what the text of one node depends on around it: whether a ">"
// would close a template argument list (gtIsGt is the number of
// parentheses open since the last "<"), and which element of a parameter
// pack is being printed inside a pack expansion (packIdx of packMax; -1
// when no expansion has met a pack yet).
//
// Output and work are bounded: the text may not exceed max bytes, and the
// printer visits at most 16 nodes per byte of max (an empty pack
// expansion prints nothing however much it visits, and substitutions make
// a tree of exponential size out of a short name). Past either bound it
// stops and failed is set.
type printer struct {
	buf     []byte
	gtIsGt  int
	packIdx int
	packMax int
	max     int
	steps   int
	failed  bool
}

func newPrinter(max int) *printer {
	return &printer{gtIsGt: 1, packIdx: -1, packMax: -1, max: max, steps: 16*max + 4096}
}

func (p *printer) add(s string) {
	if p.failed {
		return
	}
	if len(p.buf)+len(s) > p.max {
		p.failed = true
		return
	}
	p.buf = append(p.buf, s...)
}

func (p *printer) addByte(c byte) {
	if p.failed {
		return
	}
	if len(p.buf)+1 > p.max {
		p.failed = true
		return
	}
	p.buf = append(p.buf, c)
}

func (p *printer) pos() int         { return len(p.buf) }
func (p *printer) setPos(n int)     { p.buf = p.buf[:n] }
func (p *printer) back() byte       { return lastByte(p.buf) }
func (p *printer) gtInsideTA() bool { return p.gtIsGt == 0 }

func lastByte(b []byte) byte {
	if len(b) == 0 {
		return 0
	}
	return b[len(b)-1]
}

func (p *printer) open(c byte) {
	p.gtIsGt++
	p.addByte(c)
}

func (p *printer) close(c byte) {
	p.gtIsGt--
	p.addByte(c)
}

// step counts one visit of a node and reports whether printing goes on.
func (p *printer) step() bool {
	if p.failed {
		return false
	}
	p.steps--
	if p.steps < 0 {
		p.failed = true
		return false
	}
	return true
}

func (p *printer) left(n node) {
	if p.step() {
		n.left(p)
	}
}

func (p *printer) right(n node) {
	if p.step() {
		n.right(p)
	}
}

// print writes both sides of n.
func (p *printer) print(n node) {
	p.left(n)
	p.right(n)
}

// operand prints n as an operand of an operator of precedence pr, in
// parentheses if n binds less tightly (or as tightly, unless
// strictlyWorse).
func (p *printer) operand(n node, pr prec, strictlyWorse bool) {
	limit := int(pr)
	if strictlyWorse {
		limit++
	}
	paren := int(n.prec()) >= limit
	if paren {
		p.open('(')
	}
	p.print(n)
	if paren {
		p.close(')')
	}
}

// list prints ns separated by ", ", leaving out the separator of an
// element that printed nothing (an empty pack expansion).
func (p *printer) list(ns []node) {
	first := true
	for _, n := range ns {
		before := p.pos()
		if !first {
			p.add(", ")
		}
		after := p.pos()
		p.operand(n, precComma, false)
		if p.failed {
			return
		}
		if p.pos() == after {
			p.setPos(before)
			continue
		}
		first = false
	}
}

func (p *printer) uint(n uint64) { p.add(strconv.FormatUint(n, 10)) }

// A prec is the precedence of an expression, tightest first.
type prec uint8

const (
	precPrimary prec = iota
	precPostfix
	precUnary
	precCast
	precPtrMem
	precMultiplicative
	precAdditive
	precShift
	precSpaceship
	precRelational
	precEquality
	precAnd
	precXor
	precIor
	precAndIf
	precOrIf
	precConditional
	precAssign
	precComma
	precDefault
)
