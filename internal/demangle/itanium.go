package demangle

import "strings"

// This file parses Itanium C++ ABI names
// (https://itanium-cxx-abi.github.io/cxx-abi/abi.html#mangling) into a
// tree of nodes, with the extensions and the readings LLVM 22's demangler
// (llvm::itaniumDemangle) has: where the ABI leaves a choice or a
// compiler mangles against it, the choice is the one that makes our text
// equal llvm-nm-22 -C's, as testdata/llvm22.txt and
// scripts/conformance_demangle.sh check.

// itaniumParser holds the state of one parse.
type itaniumParser struct {
	s   string
	pos int

	// subs is the substitution table (S_, S0_, ...).
	subs []node
	// outer holds the template arguments of the name being encoded,
	// which T_, T0_, ... refer to; tparams[0] is outer when set, and
	// the levels after it are the template parameters of lambdas
	// (TL0_...). A nil level is a generic lambda without explicit
	// template parameters.
	outer   *[]node
	tparams []*[]node
	// fwdRefs are the template parameters met in a conversion
	// operator's type before the arguments they refer to.
	fwdRefs []*fwdRef

	tryTemplateArgs bool
	permitFwdRefs   bool
	// incompleteTP makes template parameters print as written (inside
	// constraints, whose parameters are not tracked).
	incompleteTP bool
	// lambdaLevel is the template parameter level of the lambda whose
	// parameters are being parsed, or -1.
	lambdaLevel int
	synthetic   [3]int

	// budget bounds the nodes made; depth bounds the recursion.
	budget int
	depth  int
}

// maxDepth bounds the parser's recursion; a name of MaxInput bytes nests
// at most that deep.
const maxDepth = MaxInput + 64

// nameState is what parsing the name of an encoding tells about it.
type nameState struct {
	ctorDtorConv     bool
	endsWithTA       bool
	cv               int
	ref              int
	fwdRefsBegin     int
	explicitObjParam bool
}

func newItaniumParser(s string) *itaniumParser {
	outer := []node{}
	return &itaniumParser{s: s, outer: &outer, tryTemplateArgs: true, lambdaLevel: -1, budget: 8*len(s) + 64}
}

// made counts a node against the budget; the parse fails past it.
func (p *itaniumParser) made() bool {
	p.budget--
	return p.budget >= 0
}

func (p *itaniumParser) look(i int) byte {
	if p.pos+i < len(p.s) {
		return p.s[p.pos+i]
	}
	return 0
}

func (p *itaniumParser) left() int { return len(p.s) - p.pos }

func (p *itaniumParser) consumeIf(prefix string) bool {
	if strings.HasPrefix(p.s[p.pos:], prefix) {
		p.pos += len(prefix)
		return true
	}
	return false
}

func (p *itaniumParser) consumeByte(c byte) bool {
	if p.pos < len(p.s) && p.s[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (p *itaniumParser) name(s string) node {
	if !p.made() {
		return nil
	}
	return &nameNode{s: s}
}

// parseItanium parses a whole name: "_Z" or "__Z" and an encoding with an
// optional "." suffix, or "___Z"/"____Z", an encoding and a block
// invocation suffix.
func (p *itaniumParser) parse() node {
	if p.consumeIf("_Z") || p.consumeIf("__Z") {
		enc := p.encoding(true)
		if enc == nil {
			return nil
		}
		if p.look(0) == '.' {
			enc = &dotSuffix{prefix: enc, suffix: p.s[p.pos:]}
			p.pos = len(p.s)
		}
		if p.left() != 0 {
			return nil
		}
		return enc
	}
	if p.consumeIf("___Z") || p.consumeIf("____Z") {
		enc := p.encoding(true)
		if enc == nil || !p.consumeIf("_block_invoke") {
			return nil
		}
		needNumber := p.consumeByte('_')
		if p.number(false) == "" && needNumber {
			return nil
		}
		if p.look(0) == '.' {
			p.pos = len(p.s)
		}
		if p.left() != 0 {
			return nil
		}
		return &specialName{special: "invocation function for block in ", child: enc}
	}
	return nil
}

// saveTP clears the template parameters for a nested encoding and returns
// the function that restores them.
func (p *itaniumParser) saveTP() func() {
	oldT, oldO := p.tparams, p.outer
	outer := []node{}
	p.tparams, p.outer = nil, &outer
	return func() { p.tparams, p.outer = oldT, oldO }
}

func (p *itaniumParser) enter() bool {
	p.depth++
	return p.depth <= maxDepth
}

func (p *itaniumParser) exit() { p.depth-- }

// encoding: <name> <bare-function-type> | <name> | <special-name>.
func (p *itaniumParser) encoding(parseParams bool) node {
	if !p.enter() {
		return nil
	}
	defer p.exit()
	defer p.saveTP()()

	if c := p.look(0); c == 'G' || c == 'T' {
		return p.specialName()
	}
	atEnd := func() bool {
		c := p.look(0)
		return p.left() == 0 || c == 'E' || c == '.' || c == '_'
	}
	st := &nameState{fwdRefsBegin: len(p.fwdRefs)}
	name := p.nameOf(st)
	if name == nil {
		return nil
	}
	if !p.resolveFwdRefs(st) {
		return nil
	}
	if atEnd() {
		return name
	}
	if !parseParams {
		p.pos = len(p.s)
		return name
	}
	var attrs node
	if p.consumeIf("Ua9enable_ifI") {
		var args []node
		for !p.consumeByte('E') {
			a := p.templateArg()
			if a == nil {
				return nil
			}
			args = append(args, a)
		}
		attrs = &enableIfAttr{conds: args}
	}
	var ret node
	if !st.ctorDtorConv && st.endsWithTA {
		if ret = p.typ(); ret == nil {
			return nil
		}
	}
	var params []node
	if !p.consumeByte('v') {
		for {
			t := p.typ()
			if t == nil {
				return nil
			}
			if st.explicitObjParam && len(params) == 0 {
				t = &explicitObjParam{base: t}
			}
			params = append(params, t)
			if atEnd() || p.look(0) == 'Q' {
				break
			}
		}
	}
	var req node
	if p.consumeByte('Q') {
		if req = p.constraintExpr(); req == nil {
			return nil
		}
	}
	if !p.made() {
		return nil
	}
	return &funcEncoding{ret: ret, name: name, params: params, attrs: attrs, requires: req, cv: st.cv, ref: st.ref}
}

func (p *itaniumParser) resolveFwdRefs(st *nameState) bool {
	for _, r := range p.fwdRefs[st.fwdRefsBegin:] {
		if len(p.tparams) == 0 || p.tparams[0] == nil || r.index >= uint64(len(*p.tparams[0])) {
			return false
		}
		r.ref = (*p.tparams[0])[r.index]
	}
	p.fwdRefs = p.fwdRefs[:st.fwdRefsBegin]
	return true
}

// callOffset skips <call-offset>: h <number> _ or v <number> _ <number> _.
func (p *itaniumParser) callOffset() bool {
	if p.consumeByte('h') {
		return p.number(true) != "" && p.consumeByte('_')
	}
	if p.consumeByte('v') {
		return p.number(true) != "" && p.consumeByte('_') && p.number(true) != "" && p.consumeByte('_')
	}
	return false
}

func (p *itaniumParser) special(s string, child node) node {
	if child == nil || !p.made() {
		return nil
	}
	return &specialName{special: s, child: child}
}

func (p *itaniumParser) specialName() node {
	switch p.look(0) {
	case 'T':
		switch p.look(1) {
		case 'A':
			p.pos += 2
			return p.special("template parameter object for ", p.templateArg())
		case 'V':
			p.pos += 2
			return p.special("vtable for ", p.typ())
		case 'T':
			p.pos += 2
			return p.special("VTT for ", p.typ())
		case 'I':
			p.pos += 2
			return p.special("typeinfo for ", p.typ())
		case 'S':
			p.pos += 2
			return p.special("typeinfo name for ", p.typ())
		case 'c':
			p.pos += 2
			// Two call offsets: the this adjustment, then the result's.
			if this := p.callOffset(); !this || !p.callOffset() {
				return nil
			}
			return p.special("covariant return thunk to ", p.encoding(true))
		case 'C':
			p.pos += 2
			first := p.typ()
			if first == nil || p.number(true) == "" || !p.consumeByte('_') {
				return nil
			}
			second := p.typ()
			if second == nil {
				return nil
			}
			return &ctorVtable{first: second, second: first}
		case 'W':
			p.pos += 2
			return p.special("thread-local wrapper routine for ", p.nameOf(nil))
		case 'H':
			p.pos += 2
			return p.special("thread-local initialization routine for ", p.nameOf(nil))
		default:
			p.pos++
			virt := p.look(0) == 'v'
			if !p.callOffset() {
				return nil
			}
			enc := p.encoding(true)
			if virt {
				return p.special("virtual thunk to ", enc)
			}
			return p.special("non-virtual thunk to ", enc)
		}
	case 'G':
		switch p.look(1) {
		case 'V':
			p.pos += 2
			return p.special("guard variable for ", p.nameOf(nil))
		case 'R':
			p.pos += 2
			n := p.nameOf(nil)
			if n == nil {
				return nil
			}
			_, seq := p.seqID()
			if !p.consumeByte('_') && seq {
				return nil
			}
			return p.special("reference temporary for ", n)
		case 'I':
			p.pos += 2
			var m *moduleName
			if !p.moduleNameOpt(&m) || m == nil {
				return nil
			}
			return p.special("initializer for module ", m)
		}
	}
	return nil
}

// nameOf: <nested-name> | <local-name> | <unscoped-template-name>
// <template-args> | <unscoped-name>. st is non-nil for the name of an
// encoding.
func (p *itaniumParser) nameOf(st *nameState) node {
	if !p.enter() {
		return nil
	}
	defer p.exit()
	switch p.look(0) {
	case 'N':
		return p.nestedName(st)
	case 'Z':
		return p.localName(st)
	}
	isSubst := false
	r := p.unscopedName(st, &isSubst)
	if r == nil {
		return nil
	}
	if p.look(0) == 'I' {
		if !isSubst {
			p.subs = append(p.subs, r)
		}
		ta := p.templateArgs(st != nil)
		if ta == nil {
			return nil
		}
		if st != nil {
			st.endsWithTA = true
		}
		return &nameWithTA{name: r, ta: ta}
	} else if isSubst {
		return nil
	}
	return r
}

func (p *itaniumParser) localName(st *nameState) node {
	if !p.consumeByte('Z') {
		return nil
	}
	enc := p.encoding(true)
	if enc == nil || !p.consumeByte('E') {
		return nil
	}
	if p.consumeByte('s') {
		p.discriminator()
		return &localName{enc: enc, entity: &nameNode{s: "string literal"}}
	}
	defer p.saveTP()()
	if p.consumeByte('d') {
		p.number(true)
		if !p.consumeByte('_') {
			return nil
		}
		n := p.nameOf(st)
		if n == nil {
			return nil
		}
		return &localName{enc: enc, entity: n}
	}
	entity := p.nameOf(st)
	if entity == nil {
		return nil
	}
	p.discriminator()
	return &localName{enc: enc, entity: entity}
}

// discriminator skips _ <digit>, __ <number> _, or digits that end the
// name.
func (p *itaniumParser) discriminator() {
	if p.left() == 0 {
		return
	}
	if p.look(0) == '_' {
		if isDigit(p.look(1)) {
			p.pos += 2
		} else if p.look(1) == '_' {
			i := p.pos + 2
			for i < len(p.s) && isDigit(p.s[i]) {
				i++
			}
			if i < len(p.s) && p.s[i] == '_' {
				p.pos = i + 1
			}
		}
		return
	}
	if isDigit(p.look(0)) {
		i := p.pos + 1
		for i < len(p.s) && isDigit(p.s[i]) {
			i++
		}
		if i == len(p.s) {
			p.pos = i
		}
	}
}

func (p *itaniumParser) unscopedName(st *nameState, isSubst *bool) node {
	var std node
	if p.consumeIf("St") {
		std = &nameNode{s: "std"}
	}
	var res node
	var module *moduleName
	if p.look(0) == 'S' {
		s := p.substitution()
		if s == nil {
			return nil
		}
		if m, ok := s.(*moduleName); ok {
			module = m
		} else if isSubst != nil && std == nil {
			res = s
			*isSubst = true
		} else {
			return nil
		}
	}
	if res == nil || std != nil {
		res = p.unqualifiedName(st, std, module)
	}
	return res
}

func (p *itaniumParser) unqualifiedName(st *nameState, scope node, module *moduleName) node {
	if !p.moduleNameOpt(&module) {
		return nil
	}
	friend := scope != nil && p.consumeByte('F')
	p.consumeByte('L')
	var r node
	switch c := p.look(0); {
	case c >= '1' && c <= '9':
		r = p.sourceName()
	case c == 'U':
		r = p.unnamedTypeName(st)
	case p.consumeIf("DC"):
		var bs []node
		for {
			b := p.sourceName()
			if b == nil {
				return nil
			}
			bs = append(bs, b)
			if p.consumeByte('E') {
				break
			}
		}
		r = &structuredBinding{bindings: bs}
	case c == 'C' || c == 'D':
		if scope == nil || module != nil {
			return nil
		}
		r = p.ctorDtorName(&scope, st)
	default:
		r = p.operatorName(st)
	}
	if r == nil || !p.made() {
		return nil
	}
	if module != nil {
		r = &moduleEntity{module: module, name: r}
	}
	if r = p.abiTags(r); r == nil {
		return nil
	}
	if friend {
		return &memberLikeFriend{qual: scope, name: r}
	}
	if scope != nil {
		return &nestedName{qual: scope, name: r}
	}
	return r
}

// moduleNameOpt reads W [P] <source-name> module names; it reports false
// on an error.
func (p *itaniumParser) moduleNameOpt(m **moduleName) bool {
	for p.consumeByte('W') {
		part := p.consumeByte('P')
		sub := p.sourceName()
		if sub == nil {
			return false
		}
		*m = &moduleName{parent: *m, name: sub, partition: part}
		p.subs = append(p.subs, *m)
	}
	return true
}

func (p *itaniumParser) unnamedTypeName(st *nameState) node {
	if st != nil {
		p.tparams = nil
	}
	if p.consumeIf("Ut") {
		count := p.number(false)
		if !p.consumeByte('_') {
			return nil
		}
		return &unnamedType{count: count}
	}
	if p.consumeIf("Ul") {
		savedLevel := p.lambdaLevel
		p.lambdaLevel = len(p.tparams)
		defer func() { p.lambdaLevel = savedLevel }()
		oldLen := len(p.tparams)
		own := &[]node{}
		p.tparams = append(p.tparams, own)
		defer func() {
			if len(p.tparams) > oldLen {
				p.tparams = p.tparams[:oldLen]
			}
		}()
		var tps []node
		for p.isTemplateParamDecl() {
			t := p.templateParamDecl(own)
			if t == nil {
				return nil
			}
			tps = append(tps, t)
		}
		if len(tps) == 0 {
			p.tparams = p.tparams[:len(p.tparams)-1]
		}
		var req1, req2 node
		if p.consumeByte('Q') {
			if req1 = p.constraintExpr(); req1 == nil {
				return nil
			}
		}
		var params []node
		if !p.consumeByte('v') {
			for {
				t := p.typ()
				if t == nil {
					return nil
				}
				params = append(params, t)
				if c := p.look(0); c == 'E' || c == 'Q' {
					break
				}
			}
		}
		if p.consumeByte('Q') {
			if req2 = p.constraintExpr(); req2 == nil {
				return nil
			}
		}
		if !p.consumeByte('E') {
			return nil
		}
		count := p.number(false)
		if !p.consumeByte('_') {
			return nil
		}
		return &closureType{tparams: tps, req1: req1, params: params, req2: req2, count: count}
	}
	if p.consumeIf("Ub") {
		p.number(false)
		if !p.consumeByte('_') {
			return nil
		}
		return &nameNode{s: "'block-literal'"}
	}
	return nil
}

func (p *itaniumParser) sourceName() node {
	n, ok := p.positiveInteger()
	if !ok || uint64(p.left()) < n || n == 0 {
		return nil
	}
	s := p.s[p.pos : p.pos+int(n)]
	p.pos += int(n)
	if strings.HasPrefix(s, "_GLOBAL__N") {
		return p.name("(anonymous namespace)")
	}
	return p.name(s)
}

// An opKind is the syntax of an operator in an expression.
type opKind uint8

const (
	opPrefix opKind = iota
	opPostfix
	opBinary
	opArray
	opMember
	opNew
	opDel
	opCall
	opCCast
	opConditional
	opNameOnly
	opNamedCast // from here on, operators have no "operator" name
	opOfID
)

type operatorInfo struct {
	enc  string
	kind opKind
	flag bool // new/delete: array; call: parenthesized; member: nameable; of-id: takes a type
	prec prec
	name string
}

// symbol is the operator's spelling in an expression.
func (o *operatorInfo) symbol() string {
	if o.kind >= opNamedCast {
		return o.name
	}
	return strings.TrimPrefix(strings.TrimPrefix(o.name, "operator"), " ")
}

var operators = [...]operatorInfo{
	{"aN", opBinary, false, precAssign, "operator&="},
	{"aS", opBinary, false, precAssign, "operator="},
	{"aa", opBinary, false, precAndIf, "operator&&"},
	{"ad", opPrefix, false, precUnary, "operator&"},
	{"an", opBinary, false, precAnd, "operator&"},
	{"at", opOfID, true, precUnary, "alignof "},
	{"aw", opNameOnly, false, precPrimary, "operator co_await"},
	{"az", opOfID, false, precUnary, "alignof "},
	{"cc", opNamedCast, false, precPostfix, "const_cast"},
	{"cl", opCall, false, precPostfix, "operator()"},
	{"cm", opBinary, false, precComma, "operator,"},
	{"co", opPrefix, false, precUnary, "operator~"},
	{"cp", opCall, true, precPostfix, "operator()"},
	{"cv", opCCast, false, precCast, "operator"},
	{"dV", opBinary, false, precAssign, "operator/="},
	{"da", opDel, true, precUnary, "operator delete[]"},
	{"dc", opNamedCast, false, precPostfix, "dynamic_cast"},
	{"de", opPrefix, false, precUnary, "operator*"},
	{"dl", opDel, false, precUnary, "operator delete"},
	{"ds", opMember, false, precPtrMem, "operator.*"},
	{"dt", opMember, false, precPostfix, "operator."},
	{"dv", opBinary, false, precAssign, "operator/"},
	{"eO", opBinary, false, precAssign, "operator^="},
	{"eo", opBinary, false, precXor, "operator^"},
	{"eq", opBinary, false, precEquality, "operator=="},
	{"ge", opBinary, false, precRelational, "operator>="},
	{"gt", opBinary, false, precRelational, "operator>"},
	{"ix", opArray, false, precPostfix, "operator[]"},
	{"lS", opBinary, false, precAssign, "operator<<="},
	{"le", opBinary, false, precRelational, "operator<="},
	{"ls", opBinary, false, precShift, "operator<<"},
	{"lt", opBinary, false, precRelational, "operator<"},
	{"mI", opBinary, false, precAssign, "operator-="},
	{"mL", opBinary, false, precAssign, "operator*="},
	{"mi", opBinary, false, precAdditive, "operator-"},
	{"ml", opBinary, false, precMultiplicative, "operator*"},
	{"mm", opPostfix, false, precPostfix, "operator--"},
	{"na", opNew, true, precUnary, "operator new[]"},
	{"ne", opBinary, false, precEquality, "operator!="},
	{"ng", opPrefix, false, precUnary, "operator-"},
	{"nt", opPrefix, false, precUnary, "operator!"},
	{"nw", opNew, false, precUnary, "operator new"},
	{"oR", opBinary, false, precAssign, "operator|="},
	{"oo", opBinary, false, precOrIf, "operator||"},
	{"or", opBinary, false, precIor, "operator|"},
	{"pL", opBinary, false, precAssign, "operator+="},
	{"pl", opBinary, false, precAdditive, "operator+"},
	{"pm", opMember, true, precPtrMem, "operator->*"},
	{"pp", opPostfix, false, precPostfix, "operator++"},
	{"ps", opPrefix, false, precUnary, "operator+"},
	{"pt", opMember, true, precPostfix, "operator->"},
	{"qu", opConditional, false, precConditional, "operator?"},
	{"rM", opBinary, false, precAssign, "operator%="},
	{"rS", opBinary, false, precAssign, "operator>>="},
	{"rc", opNamedCast, false, precPostfix, "reinterpret_cast"},
	{"rm", opBinary, false, precMultiplicative, "operator%"},
	{"rs", opBinary, false, precShift, "operator>>"},
	{"sc", opNamedCast, false, precPostfix, "static_cast"},
	{"ss", opBinary, false, precSpaceship, "operator<=>"},
	{"st", opOfID, true, precUnary, "sizeof "},
	{"sz", opOfID, false, precUnary, "sizeof "},
	{"te", opOfID, false, precPostfix, "typeid "},
	{"ti", opOfID, true, precPostfix, "typeid "},
}

// operatorEncoding consumes a two-letter operator code.
func (p *itaniumParser) operatorEncoding() *operatorInfo {
	if p.left() < 2 {
		return nil
	}
	code := p.s[p.pos : p.pos+2]
	lo, hi := 0, len(operators)
	for lo < hi {
		m := (lo + hi) / 2
		if operators[m].enc < code {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(operators) || operators[lo].enc != code {
		return nil
	}
	p.pos += 2
	return &operators[lo]
}

func (p *itaniumParser) operatorName(st *nameState) node {
	if op := p.operatorEncoding(); op != nil {
		if op.kind == opCCast {
			savedTry, savedPermit := p.tryTemplateArgs, p.permitFwdRefs
			p.tryTemplateArgs = false
			p.permitFwdRefs = p.permitFwdRefs || st != nil
			ty := p.typ()
			p.tryTemplateArgs, p.permitFwdRefs = savedTry, savedPermit
			if ty == nil {
				return nil
			}
			if st != nil {
				st.ctorDtorConv = true
			}
			return &convOpType{ty: ty}
		}
		if op.kind >= opNamedCast || op.kind == opMember && !op.flag {
			return nil
		}
		return p.name(op.name)
	}
	if p.consumeIf("li") {
		sn := p.sourceName()
		if sn == nil {
			return nil
		}
		return &literalOperator{name: sn}
	}
	if p.consumeByte('v') {
		if isDigit(p.look(0)) {
			p.pos++
			sn := p.sourceName()
			if sn == nil {
				return nil
			}
			return &convOpType{ty: sn}
		}
	}
	return nil
}

func (p *itaniumParser) ctorDtorName(scope *node, st *nameState) node {
	if ss, ok := (*scope).(*specialSub); ok && !ss.expanded {
		*scope = &specialSub{kind: ss.kind, expanded: true}
	}
	if p.consumeByte('C') {
		inherited := p.consumeByte('I')
		c := p.look(0)
		if c < '1' || c > '5' {
			return nil
		}
		p.pos++
		if st != nil {
			st.ctorDtorConv = true
		}
		if inherited && p.nameOf(st) == nil {
			return nil
		}
		return &ctorDtorName{base: *scope, variant: int(c - '0')}
	}
	if c := p.look(1); p.look(0) == 'D' && (c == '0' || c == '1' || c == '2' || c == '4' || c == '5') {
		p.pos += 2
		if st != nil {
			st.ctorDtorConv = true
		}
		return &ctorDtorName{base: *scope, dtor: true, variant: int(c - '0')}
	}
	return nil
}

func (p *itaniumParser) nestedName(st *nameState) node {
	if !p.consumeByte('N') {
		return nil
	}
	if !p.consumeByte('H') {
		cv := p.cvQualifiers()
		ref := refNone
		if p.consumeByte('O') {
			ref = refRValue
		} else if p.consumeByte('R') {
			ref = refLValue
		}
		if st != nil {
			st.cv, st.ref = cv, ref
		}
	} else if st != nil {
		st.explicitObjParam = true
	}
	var soFar node
	for !p.consumeByte('E') {
		if st != nil {
			st.endsWithTA = false
		}
		switch {
		case p.look(0) == 'T':
			if soFar != nil {
				return nil
			}
			soFar = p.templateParam()
		case p.look(0) == 'I':
			if soFar == nil {
				return nil
			}
			ta := p.templateArgs(st != nil)
			if ta == nil {
				return nil
			}
			if _, ok := soFar.(*nameWithTA); ok {
				return nil
			}
			if st != nil {
				st.endsWithTA = true
			}
			soFar = &nameWithTA{name: soFar, ta: ta}
		case p.look(0) == 'D' && (p.look(1) == 't' || p.look(1) == 'T'):
			if soFar != nil {
				return nil
			}
			soFar = p.decltype()
		default:
			var module *moduleName
			if p.look(0) == 'S' {
				var s node
				if p.look(1) == 't' {
					p.pos += 2
					s = &nameNode{s: "std"}
				} else {
					s = p.substitution()
				}
				if s == nil {
					return nil
				}
				if m, ok := s.(*moduleName); ok {
					module = m
				} else if soFar != nil {
					return nil
				} else {
					soFar = s
					continue
				}
			}
			soFar = p.unqualifiedName(st, soFar, module)
		}
		if soFar == nil || !p.made() {
			return nil
		}
		p.subs = append(p.subs, soFar)
		p.consumeByte('M')
	}
	if soFar == nil || len(p.subs) == 0 {
		return nil
	}
	p.subs = p.subs[:len(p.subs)-1]
	return soFar
}

// simpleID: <source-name> [<template-args>].
func (p *itaniumParser) simpleID() node {
	sn := p.sourceName()
	if sn == nil {
		return nil
	}
	if p.look(0) == 'I' {
		ta := p.templateArgs(false)
		if ta == nil {
			return nil
		}
		return &nameWithTA{name: sn, ta: ta}
	}
	return sn
}

func (p *itaniumParser) destructorName() node {
	var r node
	if isDigit(p.look(0)) {
		r = p.simpleID()
	} else {
		r = p.unresolvedType()
	}
	if r == nil {
		return nil
	}
	return &dtorName{base: r}
}

func (p *itaniumParser) unresolvedType() node {
	switch p.look(0) {
	case 'T':
		tp := p.templateParam()
		if tp == nil {
			return nil
		}
		p.subs = append(p.subs, tp)
		return tp
	case 'D':
		dt := p.decltype()
		if dt == nil {
			return nil
		}
		p.subs = append(p.subs, dt)
		return dt
	}
	return p.substitution()
}

func (p *itaniumParser) baseUnresolvedName() node {
	if isDigit(p.look(0)) {
		return p.simpleID()
	}
	if p.consumeIf("dn") {
		return p.destructorName()
	}
	p.consumeIf("on")
	op := p.operatorName(nil)
	if op == nil {
		return nil
	}
	if p.look(0) == 'I' {
		ta := p.templateArgs(false)
		if ta == nil {
			return nil
		}
		return &nameWithTA{name: op, ta: ta}
	}
	return op
}

func (p *itaniumParser) unresolvedName(global bool) node {
	var soFar node
	if p.consumeIf("srN") {
		if soFar = p.unresolvedType(); soFar == nil {
			return nil
		}
		if p.look(0) == 'I' {
			ta := p.templateArgs(false)
			if ta == nil {
				return nil
			}
			soFar = &nameWithTA{name: soFar, ta: ta}
		}
		for !p.consumeByte('E') {
			q := p.simpleID()
			if q == nil || !p.made() {
				return nil
			}
			soFar = &qualifiedName{qual: soFar, name: q}
		}
		base := p.baseUnresolvedName()
		if base == nil {
			return nil
		}
		return &qualifiedName{qual: soFar, name: base}
	}
	if !p.consumeIf("sr") {
		soFar = p.baseUnresolvedName()
		if soFar == nil {
			return nil
		}
		if global {
			soFar = &globalQualified{child: soFar}
		}
		return soFar
	}
	if isDigit(p.look(0)) {
		for {
			q := p.simpleID()
			if q == nil || !p.made() {
				return nil
			}
			switch {
			case soFar != nil:
				soFar = &qualifiedName{qual: soFar, name: q}
			case global:
				soFar = &globalQualified{child: q}
			default:
				soFar = q
			}
			if p.consumeByte('E') {
				break
			}
		}
	} else {
		if soFar = p.unresolvedType(); soFar == nil {
			return nil
		}
		if p.look(0) == 'I' {
			ta := p.templateArgs(false)
			if ta == nil {
				return nil
			}
			soFar = &nameWithTA{name: soFar, ta: ta}
		}
	}
	base := p.baseUnresolvedName()
	if base == nil {
		return nil
	}
	return &qualifiedName{qual: soFar, name: base}
}

func (p *itaniumParser) abiTags(n node) node {
	for p.consumeByte('B') {
		tag := p.bareSourceName()
		if tag == "" || !p.made() {
			return nil
		}
		n = &abiTag{base: n, tag: tag}
	}
	return n
}

// number reads [n] <digits> and returns its text, or "".
func (p *itaniumParser) number(allowNegative bool) string {
	start := p.pos
	if allowNegative {
		p.consumeByte('n')
	}
	if !isDigit(p.look(0)) {
		return "" // an "n" read stays read
	}
	for isDigit(p.look(0)) {
		p.pos++
	}
	return p.s[start:p.pos]
}

// positiveInteger reads digits as an unsigned number (wrapping as a
// size_t does).
func (p *itaniumParser) positiveInteger() (uint64, bool) {
	if !isDigit(p.look(0)) {
		return 0, false
	}
	var n uint64
	for isDigit(p.look(0)) {
		n = n*10 + uint64(p.s[p.pos]-'0')
		p.pos++
	}
	return n, true
}

func (p *itaniumParser) bareSourceName() string {
	n, ok := p.positiveInteger()
	if !ok || uint64(p.left()) < n {
		return ""
	}
	s := p.s[p.pos : p.pos+int(n)]
	p.pos += int(n)
	return s
}

func (p *itaniumParser) cvQualifiers() int {
	q := 0
	if p.consumeByte('r') {
		q |= qualRestrict
	}
	if p.consumeByte('V') {
		q |= qualVolatile
	}
	if p.consumeByte('K') {
		q |= qualConst
	}
	return q
}

// functionType: [<CV-qualifiers>] [<exception-spec>] [Dx] F [Y] <type>+
// [<ref-qualifier>] E.
func (p *itaniumParser) functionType() node {
	cv := p.cvQualifiers()
	var exc node
	switch {
	case p.consumeIf("Do"):
		exc = &nameNode{s: "noexcept"}
	case p.consumeIf("DO"):
		e := p.expr()
		if e == nil || !p.consumeByte('E') {
			return nil
		}
		exc = &noexceptSpec{e: e}
	case p.consumeIf("Dw"):
		var ts []node
		for !p.consumeByte('E') {
			t := p.typ()
			if t == nil {
				return nil
			}
			ts = append(ts, t)
		}
		exc = &dynExcSpec{types: ts}
	}
	p.consumeIf("Dx")
	if !p.consumeByte('F') {
		return nil
	}
	p.consumeByte('Y')
	ret := p.typ()
	if ret == nil {
		return nil
	}
	ref := refNone
	var params []node
	for {
		if p.consumeByte('E') {
			break
		}
		if p.consumeByte('v') {
			continue
		}
		if p.consumeIf("RE") {
			ref = refLValue
			break
		}
		if p.consumeIf("OE") {
			ref = refRValue
			break
		}
		t := p.typ()
		if t == nil {
			return nil
		}
		params = append(params, t)
	}
	return &funcType{ret: ret, params: params, cv: cv, ref: ref, exc: exc}
}

func (p *itaniumParser) vectorType() node {
	if !p.consumeIf("Dv") {
		return nil
	}
	if c := p.look(0); c >= '1' && c <= '9' {
		dim := &nameNode{s: p.number(false)}
		if !p.consumeByte('_') {
			return nil
		}
		if p.consumeByte('p') {
			return &pixelVector{dim: dim}
		}
		elem := p.typ()
		if elem == nil {
			return nil
		}
		return &vectorType{base: elem, dim: dim}
	}
	if !p.consumeByte('_') {
		dim := p.expr()
		if dim == nil || !p.consumeByte('_') {
			return nil
		}
		elem := p.typ()
		if elem == nil {
			return nil
		}
		return &vectorType{base: elem, dim: dim}
	}
	elem := p.typ()
	if elem == nil {
		return nil
	}
	return &vectorType{base: elem}
}

func (p *itaniumParser) decltype() node {
	if !p.consumeByte('D') {
		return nil
	}
	if !p.consumeByte('t') && !p.consumeByte('T') {
		return nil
	}
	e := p.expr()
	if e == nil || !p.consumeByte('E') {
		return nil
	}
	return &enclosingExpr{prefix: "decltype", infix: e}
}

func (p *itaniumParser) arrayType() node {
	if !p.consumeByte('A') {
		return nil
	}
	var dim node
	if isDigit(p.look(0)) {
		dim = &nameNode{s: p.number(false)}
		if !p.consumeByte('_') {
			return nil
		}
	} else if !p.consumeByte('_') {
		e := p.expr()
		if e == nil || !p.consumeByte('_') {
			return nil
		}
		dim = e
	}
	t := p.typ()
	if t == nil {
		return nil
	}
	return &arrayType{base: t, dim: dim}
}

func (p *itaniumParser) classEnumType() node {
	elab := ""
	switch {
	case p.consumeIf("Ts"):
		elab = "struct"
	case p.consumeIf("Tu"):
		elab = "union"
	case p.consumeIf("Te"):
		elab = "enum"
	}
	n := p.nameOf(nil)
	if n == nil {
		return nil
	}
	if elab != "" {
		return &elaboratedType{kind: elab, child: n}
	}
	return n
}

func (p *itaniumParser) qualifiedType() node {
	if !p.enter() {
		return nil
	}
	defer p.exit()
	if p.consumeByte('U') {
		q := p.bareSourceName()
		if q == "" {
			return nil
		}
		if rest, ok := strings.CutPrefix(q, "objcproto"); ok {
			sub := &itaniumParser{s: rest}
			proto := sub.bareSourceName()
			if proto == "" {
				return nil
			}
			child := p.qualifiedType()
			if child == nil {
				return nil
			}
			return &objcProto{ty: child, proto: proto}
		}
		var ta node
		if p.look(0) == 'I' {
			if ta = p.templateArgs(false); ta == nil {
				return nil
			}
		}
		child := p.qualifiedType()
		if child == nil {
			return nil
		}
		return &vendorExtQual{ty: child, ext: q, ta: ta}
	}
	quals := p.cvQualifiers()
	t := p.typ()
	if t == nil {
		return nil
	}
	if quals != 0 {
		t = &qualType{child: t, quals: quals}
	}
	return t
}

var builtinTypes = [256]string{
	'v': "void", 'w': "wchar_t", 'b': "bool", 'c': "char", 'a': "signed char",
	'h': "unsigned char", 's': "short", 't': "unsigned short", 'i': "int",
	'j': "unsigned int", 'l': "long", 'm': "unsigned long", 'x': "long long",
	'y': "unsigned long long", 'n': "__int128", 'o': "unsigned __int128",
	'f': "float", 'd': "double", 'e': "long double", 'g': "__float128", 'z': "...",
}

var fixedPointTypes = [256]string{
	's': "short", 't': "unsigned short", 'i': "", 'j': "unsigned", 'l': "long", 'm': "unsigned long",
}

// fixedPoint reads the size letter of a fixed-point type (DA, DR).
func (p *itaniumParser) fixedPoint(sat, kind string) node {
	c := p.look(0)
	p.pos += min(1, p.left())
	switch c {
	case 's', 't', 'i', 'j', 'l', 'm':
		s := fixedPointTypes[c]
		if s != "" {
			s += " "
		}
		return p.name(sat + s + kind)
	}
	return nil
}

func (p *itaniumParser) typ() node {
	if !p.enter() {
		return nil
	}
	defer p.exit()
	if !p.made() {
		return nil
	}
	var r node
	switch c := p.look(0); c {
	case 'r', 'V', 'K':
		i := 0
		if p.look(i) == 'r' {
			i++
		}
		if p.look(i) == 'V' {
			i++
		}
		if p.look(i) == 'K' {
			i++
		}
		if c2 := p.look(i + 1); p.look(i) == 'F' || p.look(i) == 'D' && (c2 == 'o' || c2 == 'O' || c2 == 'w' || c2 == 'x') {
			r = p.functionType()
			break
		}
		r = p.qualifiedType()
	case 'U':
		r = p.qualifiedType()
	case 'v', 'w', 'b', 'c', 'a', 'h', 's', 't', 'i', 'j', 'l', 'm', 'x', 'y', 'n', 'o', 'f', 'd', 'e', 'g', 'z':
		p.pos++
		return &nameNode{s: builtinTypes[c]}
	case 'u':
		p.pos++
		name := p.bareSourceName()
		if name == "" {
			return nil
		}
		if p.consumeByte('I') {
			base := p.typ()
			if base == nil || !p.consumeByte('E') {
				return nil
			}
			r = &transformedType{transform: name, base: base}
		} else {
			r = &nameNode{s: name}
		}
	case 'D':
		switch p.look(1) {
		case 'd':
			p.pos += 2
			return &nameNode{s: "decimal64"}
		case 'e':
			p.pos += 2
			return &nameNode{s: "decimal128"}
		case 'f':
			p.pos += 2
			return &nameNode{s: "decimal32"}
		case 'h':
			p.pos += 2
			return &nameNode{s: "half"}
		case 'F':
			p.pos += 2
			if p.consumeIf("16b") {
				return &nameNode{s: "std::bfloat16_t"}
			}
			dim := &nameNode{s: p.number(false)}
			if !p.consumeByte('_') {
				return nil
			}
			return &binaryFP{dim: dim}
		case 'A':
			p.pos += 2
			return p.fixedPoint("", "_Accum")
		case 'R':
			p.pos += 2
			return p.fixedPoint("", "_Fract")
		case 'S':
			p.pos += 2
			if p.look(0) != 'D' {
				return nil
			}
			switch p.look(1) {
			case 'A':
				p.pos += 2
				return p.fixedPoint("_Sat ", "_Accum")
			case 'R':
				p.pos += 2
				return p.fixedPoint("_Sat ", "_Fract")
			}
			return nil
		case 'B', 'U':
			signed := p.look(1) == 'B'
			p.pos += 2
			var size node
			if isDigit(p.look(0)) {
				size = &nameNode{s: p.number(false)}
			} else {
				size = p.expr()
			}
			if size == nil || !p.consumeByte('_') {
				return nil
			}
			return &bitIntType{size: size, signed: signed}
		case 'i':
			p.pos += 2
			return &nameNode{s: "char32_t"}
		case 's':
			p.pos += 2
			return &nameNode{s: "char16_t"}
		case 'u':
			p.pos += 2
			return &nameNode{s: "char8_t"}
		case 'a':
			p.pos += 2
			return &nameNode{s: "auto"}
		case 'c':
			p.pos += 2
			return &nameNode{s: "decltype(auto)"}
		case 'k', 'K':
			kind := " auto"
			if p.look(1) == 'K' {
				kind = " decltype(auto)"
			}
			p.pos += 2
			c := p.nameOf(nil)
			if c == nil {
				return nil
			}
			return &postfixQualType{ty: c, postfix: kind}
		case 'n':
			p.pos += 2
			return &nameNode{s: "std::nullptr_t"}
		case 't', 'T':
			r = p.decltype()
		case 'v':
			r = p.vectorType()
		case 'p':
			p.pos += 2
			child := p.typ()
			if child == nil {
				return nil
			}
			r = &packExpansion{child: child}
		case 'o', 'O', 'w', 'x':
			r = p.functionType()
		}
	case 'F':
		r = p.functionType()
	case 'A':
		r = p.arrayType()
	case 'M':
		p.pos++
		class := p.typ()
		if class == nil {
			return nil
		}
		member := p.typ()
		if member == nil {
			return nil
		}
		r = &ptrToMember{class: class, member: member}
	case 'T':
		if c2 := p.look(1); c2 == 's' || c2 == 'u' || c2 == 'e' {
			r = p.classEnumType()
			break
		}
		r = p.templateParam()
		if r == nil {
			return nil
		}
		if p.tryTemplateArgs && p.look(0) == 'I' {
			p.subs = append(p.subs, r)
			ta := p.templateArgs(false)
			if ta == nil {
				return nil
			}
			r = &nameWithTA{name: r, ta: ta}
		}
	case 'P':
		p.pos++
		t := p.typ()
		if t == nil {
			return nil
		}
		r = &pointerType{pointee: t}
	case 'R', 'O':
		p.pos++
		t := p.typ()
		if t == nil {
			return nil
		}
		r = &refType{pointee: t, rvalue: c == 'O'}
	case 'C':
		p.pos++
		t := p.typ()
		if t == nil {
			return nil
		}
		r = &postfixQualType{ty: t, postfix: " complex"}
	case 'G':
		p.pos++
		t := p.typ()
		if t == nil {
			return nil
		}
		r = &postfixQualType{ty: t, postfix: " imaginary"}
	case 'S':
		if p.look(1) == 't' {
			r = p.classEnumType()
			break
		}
		isSubst := false
		r = p.unscopedName(nil, &isSubst)
		if r == nil {
			return nil
		}
		if p.look(0) == 'I' && (!isSubst || p.tryTemplateArgs) {
			if !isSubst {
				p.subs = append(p.subs, r)
			}
			ta := p.templateArgs(false)
			if ta == nil {
				return nil
			}
			r = &nameWithTA{name: r, ta: ta}
		} else if isSubst {
			return r
		}
	default:
		r = p.classEnumType()
	}
	if r != nil {
		p.subs = append(p.subs, r)
	}
	return r
}

func (p *itaniumParser) integerLiteral(ty string) node {
	v := p.number(true)
	if v != "" && p.consumeByte('E') {
		return &integerLiteral{ty: ty, value: v}
	}
	return nil
}

// functionParam: fpT, fp <CV> [<number>] _, fL <number> p <CV> [<number>] _.
func (p *itaniumParser) functionParam() node {
	if p.consumeIf("fpT") {
		return &nameNode{s: "this"}
	}
	if p.consumeIf("fp") {
		p.cvQualifiers()
		num := p.number(false)
		if !p.consumeByte('_') {
			return nil
		}
		return &functionParam{num: num}
	}
	if p.consumeIf("fL") {
		if p.number(false) == "" || !p.consumeByte('p') {
			return nil
		}
		p.cvQualifiers()
		num := p.number(false)
		if !p.consumeByte('_') {
			return nil
		}
		return &functionParam{num: num}
	}
	return nil
}

var literalTypes = [256]string{
	'w': "wchar_t", 'c': "char", 'a': "signed char", 'h': "unsigned char", 's': "short",
	't': "unsigned short", 'j': "u", 'l': "l", 'm': "ul", 'x': "ll", 'y': "ull",
	'n': "__int128", 'o': "unsigned __int128",
}

func (p *itaniumParser) floatLiteral(kind byte, n int) node {
	if p.left() <= n {
		return nil
	}
	data := p.s[p.pos : p.pos+n]
	for i := 0; i < n; i++ {
		if c := data[i]; !isDigit(c) && (c < 'a' || c > 'f') {
			return nil
		}
	}
	p.pos += n
	if !p.consumeByte('E') {
		return nil
	}
	return &floatLiteral{kind: kind, contents: data}
}

// exprPrimary: L <type> <value> E, L <mangled-name> E and the like.
func (p *itaniumParser) exprPrimary() node {
	if !p.consumeByte('L') {
		return nil
	}
	switch c := p.look(0); c {
	case 'w', 'c', 'a', 'h', 's', 't', 'j', 'l', 'm', 'x', 'y', 'n', 'o':
		p.pos++
		return p.integerLiteral(literalTypes[c])
	case 'i':
		p.pos++
		return p.integerLiteral("")
	case 'b':
		if p.consumeIf("b0E") {
			return &nameNode{s: "false"}
		}
		if p.consumeIf("b1E") {
			return &nameNode{s: "true"}
		}
		return nil
	case 'f':
		p.pos++
		return p.floatLiteral('f', 8)
	case 'd':
		p.pos++
		return p.floatLiteral('d', 16)
	case 'e':
		p.pos++
		return p.floatLiteral('e', 20)
	case '_':
		if p.consumeIf("_Z") {
			r := p.encoding(true)
			if r != nil && p.consumeByte('E') {
				return r
			}
		}
		return nil
	case 'A':
		t := p.typ()
		if t == nil || !p.consumeByte('E') {
			return nil
		}
		return &stringLiteral{ty: t}
	case 'D':
		if p.consumeIf("Dn") {
			p.consumeByte('0')
			if p.consumeByte('E') {
				return &nameNode{s: "nullptr"}
			}
		}
		return nil
	case 'T':
		return nil
	case 'U':
		if p.look(1) != 'l' {
			return nil
		}
		t := p.unnamedTypeName(nil)
		if t == nil || !p.consumeByte('E') {
			return nil
		}
		return &lambdaExpr{ty: t}
	default:
		t := p.typ()
		if t == nil {
			return nil
		}
		n := p.number(true)
		if n == "" || !p.consumeByte('E') {
			return nil
		}
		return &enumLiteral{ty: t, integer: n}
	}
}

func (p *itaniumParser) bracedExpr() node {
	if p.look(0) == 'd' {
		switch p.look(1) {
		case 'i':
			p.pos += 2
			field := p.sourceName()
			if field == nil {
				return nil
			}
			init := p.bracedExpr()
			if init == nil {
				return nil
			}
			return &bracedExpr{elem: field, init: init}
		case 'x':
			p.pos += 2
			idx := p.expr()
			if idx == nil {
				return nil
			}
			init := p.bracedExpr()
			if init == nil {
				return nil
			}
			return &bracedExpr{elem: idx, init: init, array: true}
		case 'X':
			p.pos += 2
			first := p.expr()
			if first == nil {
				return nil
			}
			last := p.expr()
			if last == nil {
				return nil
			}
			init := p.bracedExpr()
			if init == nil {
				return nil
			}
			return &bracedRange{first: first, last: last, init: init}
		}
	}
	return p.expr()
}

func (p *itaniumParser) foldExpr() node {
	if !p.consumeByte('f') {
		return nil
	}
	leftFold, hasInit := false, false
	switch p.look(0) {
	case 'L':
		leftFold, hasInit = true, true
	case 'R':
		hasInit = true
	case 'l':
		leftFold = true
	case 'r':
	default:
		return nil
	}
	p.pos++
	op := p.operatorEncoding()
	if op == nil {
		return nil
	}
	if !(op.kind == opBinary || op.kind == opMember && strings.HasSuffix(op.name, "*")) {
		return nil
	}
	pack := p.expr()
	if pack == nil {
		return nil
	}
	var init node
	if hasInit {
		if init = p.expr(); init == nil {
			return nil
		}
	}
	if leftFold && init != nil {
		pack, init = init, pack
	}
	return &foldExpr{pack: pack, init: init, op: op.symbol(), leftFold: leftFold}
}

func (p *itaniumParser) constraintExpr() node {
	saved := p.incompleteTP
	p.incompleteTP = true
	defer func() { p.incompleteTP = saved }()
	return p.expr()
}

func (p *itaniumParser) requiresExpr() node {
	var params []node
	if p.consumeIf("rQ") {
		for !p.consumeByte('_') {
			t := p.typ()
			if t == nil {
				return nil
			}
			params = append(params, t)
		}
	} else if !p.consumeIf("rq") {
		return nil
	}
	var reqs []node
	for {
		var c node
		switch {
		case p.consumeByte('X'):
			e := p.expr()
			if e == nil {
				return nil
			}
			noexc := p.consumeByte('N')
			var tr node
			if p.consumeByte('R') {
				if tr = p.nameOf(nil); tr == nil {
					return nil
				}
			}
			c = &exprRequirement{expr: e, noexcept: noexc, typeReq: tr}
		case p.consumeByte('T'):
			t := p.typ()
			if t == nil {
				return nil
			}
			c = &typeRequirement{ty: t}
		case p.consumeByte('Q'):
			e := p.expr()
			if e == nil {
				return nil
			}
			c = &nestedRequirement{constraint: e}
		}
		if c == nil {
			return nil
		}
		reqs = append(reqs, c)
		if p.consumeByte('E') {
			break
		}
	}
	return &requiresExpr{params: params, reqs: reqs}
}

func (p *itaniumParser) exprList(end byte, braced bool) ([]node, bool) {
	var es []node
	for !p.consumeByte(end) {
		var e node
		if braced {
			e = p.bracedExpr()
		} else {
			e = p.expr()
		}
		if e == nil {
			return nil, false
		}
		es = append(es, e)
	}
	return es, true
}

func (p *itaniumParser) expr() node {
	if !p.enter() {
		return nil
	}
	defer p.exit()
	if !p.made() {
		return nil
	}
	global := p.consumeIf("gs")
	if op := p.operatorEncoding(); op != nil {
		return p.operatorExpr(op, global)
	}
	if p.left() < 2 {
		return nil
	}
	switch {
	case p.look(0) == 'L':
		return p.exprPrimary()
	case p.look(0) == 'T':
		return p.templateParam()
	case p.look(0) == 'f':
		if p.look(1) == 'p' || p.look(1) == 'L' && isDigit(p.look(2)) {
			return p.functionParam()
		}
		return p.foldExpr()
	case p.consumeIf("il"):
		inits, ok := p.exprList('E', true)
		if !ok {
			return nil
		}
		return &initList{inits: inits}
	case p.consumeIf("mc"):
		ty := p.typ()
		if ty == nil {
			return nil
		}
		e := p.expr()
		if e == nil {
			return nil
		}
		off := p.number(true)
		if !p.consumeByte('E') {
			return nil
		}
		return &ptrMemConversion{exprPrec{precUnary}, ty, e, off}
	case p.consumeIf("nx"):
		e := p.expr()
		if e == nil {
			return nil
		}
		return &enclosingExpr{exprPrec{precUnary}, "noexcept ", e}
	case p.look(0) == 'r' && (p.look(1) == 'q' || p.look(1) == 'Q'):
		return p.requiresExpr()
	case p.consumeIf("so"):
		ty := p.typ()
		if ty == nil {
			return nil
		}
		e := p.expr()
		if e == nil {
			return nil
		}
		off := p.number(true)
		var sels []node
		for p.consumeByte('_') {
			sels = append(sels, &nameNode{s: p.number(false)})
		}
		past := p.consumeByte('p')
		if !p.consumeByte('E') {
			return nil
		}
		return &subobjectExpr{ty: ty, sub: e, offset: off, selectors: sels, pastEnd: past}
	case p.consumeIf("sp"):
		e := p.expr()
		if e == nil {
			return nil
		}
		return &packExpansion{child: e}
	case p.consumeIf("sZ"):
		if p.look(0) == 'T' {
			r := p.templateParam()
			if r == nil {
				return nil
			}
			return &sizeofPack{pack: r}
		}
		fp := p.functionParam()
		if fp == nil {
			return nil
		}
		return &enclosingExpr{exprPrec{precPrimary}, "sizeof... ", fp}
	case p.consumeIf("sP"):
		var args []node
		for !p.consumeByte('E') {
			a := p.templateArg()
			if a == nil {
				return nil
			}
			args = append(args, a)
		}
		return &enclosingExpr{exprPrec{precPrimary}, "sizeof... ", &nodeList{elems: args}}
	case p.consumeIf("tl"):
		ty := p.typ()
		if ty == nil {
			return nil
		}
		inits, ok := p.exprList('E', true)
		if !ok {
			return nil
		}
		return &initList{ty: ty, inits: inits}
	case p.consumeIf("tr"):
		return &nameNode{s: "throw"}
	case p.consumeIf("tw"):
		e := p.expr()
		if e == nil {
			return nil
		}
		return &throwExpr{op: e}
	case p.consumeByte('u'):
		name := p.sourceName()
		if name == nil {
			return nil
		}
		var args []node
		uuid := false
		var u node
		if baseName(name) == "__uuidof" {
			if p.consumeByte('t') {
				u, uuid = p.typ(), true
			} else if p.consumeByte('z') {
				u, uuid = p.expr(), true
			}
		}
		if uuid {
			if u == nil {
				return nil
			}
			args = append(args, u)
		} else {
			for !p.consumeByte('E') {
				a := p.templateArg()
				if a == nil {
					return nil
				}
				args = append(args, a)
			}
		}
		return &callExpr{exprPrec{precPostfix}, name, args, false}
	}
	return p.unresolvedName(global)
}

// operatorExpr reads the operands of an expression whose operator encoding
// op has been read; global is whether a "gs" prefix came before it.
func (p *itaniumParser) operatorExpr(op *operatorInfo, global bool) node {
	sym := op.symbol()
	switch op.kind {
	case opBinary:
		l := p.expr()
		if l == nil {
			return nil
		}
		r := p.expr()
		if r == nil {
			return nil
		}
		return &binaryExpr{exprPrec{op.prec}, l, sym, r}
	case opPrefix:
		e := p.expr()
		if e == nil {
			return nil
		}
		return &prefixExpr{exprPrec{op.prec}, sym, e}
	case opPostfix:
		if p.consumeByte('_') {
			e := p.expr()
			if e == nil {
				return nil
			}
			return &prefixExpr{exprPrec{op.prec}, sym, e}
		}
		e := p.expr()
		if e == nil {
			return nil
		}
		return &postfixExpr{exprPrec{op.prec}, e, sym}
	case opArray:
		base := p.expr()
		if base == nil {
			return nil
		}
		idx := p.expr()
		if idx == nil {
			return nil
		}
		return &arraySubscript{exprPrec{op.prec}, base, idx}
	case opMember:
		l := p.expr()
		if l == nil {
			return nil
		}
		r := p.expr()
		if r == nil {
			return nil
		}
		return &memberExpr{exprPrec{op.prec}, l, sym, r}
	case opNew:
		exprs, ok := p.exprList('_', false)
		if !ok {
			return nil
		}
		ty := p.typ()
		if ty == nil {
			return nil
		}
		haveInits := p.consumeIf("pi")
		var inits []node
		for !p.consumeByte('E') {
			if !haveInits {
				return nil
			}
			e := p.expr()
			if e == nil {
				return nil
			}
			inits = append(inits, e)
		}
		return &newExpr{exprPrec{op.prec}, exprs, ty, inits, global, op.flag}
	case opDel:
		e := p.expr()
		if e == nil {
			return nil
		}
		return &deleteExpr{exprPrec{op.prec}, e, global, op.flag}
	case opCall:
		callee := p.expr()
		if callee == nil {
			return nil
		}
		args, ok := p.exprList('E', false)
		if !ok {
			return nil
		}
		return &callExpr{exprPrec{op.prec}, callee, args, op.flag}
	case opCCast:
		saved := p.tryTemplateArgs
		p.tryTemplateArgs = false
		ty := p.typ()
		p.tryTemplateArgs = saved
		if ty == nil {
			return nil
		}
		many := p.consumeByte('_')
		var exprs []node
		for !p.consumeByte('E') {
			e := p.expr()
			if e == nil {
				return nil
			}
			exprs = append(exprs, e)
			if !many {
				break
			}
		}
		if !many && len(exprs) != 1 {
			return nil
		}
		return &conversionExpr{exprPrec{op.prec}, ty, exprs}
	case opConditional:
		c := p.expr()
		if c == nil {
			return nil
		}
		l := p.expr()
		if l == nil {
			return nil
		}
		r := p.expr()
		if r == nil {
			return nil
		}
		return &conditionalExpr{exprPrec{op.prec}, c, l, r}
	case opNamedCast:
		ty := p.typ()
		if ty == nil {
			return nil
		}
		e := p.expr()
		if e == nil {
			return nil
		}
		return &castExpr{exprPrec{op.prec}, sym, ty, e}
	case opOfID:
		var arg node
		if op.flag {
			arg = p.typ()
		} else {
			arg = p.expr()
		}
		if arg == nil {
			return nil
		}
		return &enclosingExpr{exprPrec{op.prec}, sym, arg}
	}
	return nil
}

// seqID reads a base-36 <seq-id>; ok is false if there is none.
func (p *itaniumParser) seqID() (uint64, bool) {
	c := p.look(0)
	if !isDigit(c) && (c < 'A' || c > 'Z') {
		return 0, false
	}
	var id uint64
	for {
		c := p.look(0)
		switch {
		case isDigit(c):
			id = id*36 + uint64(c-'0')
		case c >= 'A' && c <= 'Z':
			id = id*36 + uint64(c-'A') + 10
		default:
			return id, true
		}
		p.pos++
	}
}

func (p *itaniumParser) substitution() node {
	if !p.consumeByte('S') {
		return nil
	}
	if c := p.look(0); c >= 'a' && c <= 'z' {
		kind := -1
		switch c {
		case 'a':
			kind = ssAllocator
		case 'b':
			kind = ssBasicString
		case 'd':
			kind = ssIostream
		case 'i':
			kind = ssIstream
		case 'o':
			kind = ssOstream
		case 's':
			kind = ssString
		}
		if kind < 0 {
			return nil
		}
		p.pos++
		var sub node = &specialSub{kind: kind}
		tagged := p.abiTags(sub)
		if tagged == nil {
			return nil
		}
		if tagged != sub {
			p.subs = append(p.subs, tagged)
			sub = tagged
		}
		return sub
	}
	if p.consumeByte('_') {
		if len(p.subs) == 0 {
			return nil
		}
		return p.subs[0]
	}
	idx, ok := p.seqID()
	if !ok {
		return nil
	}
	idx++
	if !p.consumeByte('_') || idx >= uint64(len(p.subs)) {
		return nil
	}
	return p.subs[idx]
}

// templateParam: T_, T <number> _, TL <number> __, TL <number> _ <number> _.
func (p *itaniumParser) templateParam() node {
	begin := p.pos
	if !p.consumeByte('T') {
		return nil
	}
	var level uint64
	if p.consumeByte('L') {
		n, ok := p.positiveInteger()
		if !ok {
			return nil
		}
		level = n + 1
		if !p.consumeByte('_') {
			return nil
		}
	}
	var index uint64
	if !p.consumeByte('_') {
		n, ok := p.positiveInteger()
		if !ok {
			return nil
		}
		index = n + 1
		if !p.consumeByte('_') {
			return nil
		}
	}
	if p.incompleteTP {
		return p.name(p.s[begin : p.pos-1])
	}
	if p.permitFwdRefs && level == 0 {
		r := &fwdRef{index: index}
		p.fwdRefs = append(p.fwdRefs, r)
		return r
	}
	if level >= uint64(len(p.tparams)) || p.tparams[level] == nil || index >= uint64(len(*p.tparams[level])) {
		if p.lambdaLevel >= 0 && uint64(p.lambdaLevel) == level && level <= uint64(len(p.tparams)) {
			if level == uint64(len(p.tparams)) {
				p.tparams = append(p.tparams, nil)
			}
			return &nameNode{s: "auto"}
		}
		return nil
	}
	return (*p.tparams[level])[index]
}

func (p *itaniumParser) isTemplateParamDecl() bool {
	return p.look(0) == 'T' && strings.IndexByte("yptnk", p.look(1)) >= 0 && p.look(1) != 0
}

func (p *itaniumParser) templateParamDecl(params *[]node) node {
	invent := func(kind int) node {
		idx := p.synthetic[kind]
		p.synthetic[kind]++
		n := &syntheticTP{kind: kind, index: idx}
		if params != nil {
			*params = append(*params, n)
		}
		return n
	}
	switch {
	case p.consumeIf("Ty"):
		return &typeTPDecl{name: invent(tpType)}
	case p.consumeIf("Tk"):
		saved := p.incompleteTP
		p.incompleteTP = true
		c := p.nameOf(nil)
		p.incompleteTP = saved
		if c == nil {
			return nil
		}
		return &constrainedTPDecl{constraint: c, name: invent(tpType)}
	case p.consumeIf("Tn"):
		name := invent(tpNonType)
		t := p.typ()
		if t == nil {
			return nil
		}
		return &nonTypeTPDecl{name: name, ty: t}
	case p.consumeIf("Tt"):
		name := invent(tpTemplate)
		oldLen := len(p.tparams)
		own := &[]node{}
		p.tparams = append(p.tparams, own)
		defer func() {
			if len(p.tparams) > oldLen {
				p.tparams = p.tparams[:oldLen]
			}
		}()
		var inner []node
		var req node
		for !p.consumeByte('E') {
			d := p.templateParamDecl(own)
			if d == nil {
				return nil
			}
			inner = append(inner, d)
			if p.consumeByte('Q') {
				if req = p.constraintExpr(); req == nil || !p.consumeByte('E') {
					return nil
				}
				break
			}
		}
		return &templateTPDecl{name: name, params: inner, requires: req}
	case p.consumeIf("Tp"):
		d := p.templateParamDecl(params)
		if d == nil {
			return nil
		}
		return &tpPackDecl{param: d}
	}
	return nil
}

func (p *itaniumParser) templateArg() node {
	if !p.enter() {
		return nil
	}
	defer p.exit()
	switch p.look(0) {
	case 'X':
		p.pos++
		a := p.expr()
		if a == nil || !p.consumeByte('E') {
			return nil
		}
		return a
	case 'J':
		p.pos++
		var args []node
		for !p.consumeByte('E') {
			a := p.templateArg()
			if a == nil {
				return nil
			}
			args = append(args, a)
		}
		return &templateArgPack{elems: args}
	case 'L':
		if p.look(1) == 'Z' {
			p.pos += 2
			a := p.encoding(true)
			if a == nil || !p.consumeByte('E') {
				return nil
			}
			return a
		}
		return p.exprPrimary()
	case 'T':
		if !p.isTemplateParamDecl() {
			return p.typ()
		}
		param := p.templateParamDecl(nil)
		if param == nil {
			return nil
		}
		arg := p.templateArg()
		if arg == nil {
			return nil
		}
		return &tpQualifiedArg{param: param, arg: arg}
	}
	return p.typ()
}

// templateArgs: I <template-arg>* [Q <requires-clause>] E. With tag, the
// arguments are those of the name being encoded, which T_ and the like
// refer to from now on.
func (p *itaniumParser) templateArgs(tag bool) node {
	if !p.consumeByte('I') {
		return nil
	}
	if tag {
		outer := []node{}
		p.outer = &outer
		p.tparams = []*[]node{p.outer}
	}
	var args []node
	var req node
	for !p.consumeByte('E') {
		a := p.templateArg()
		if a == nil || !p.made() {
			return nil
		}
		args = append(args, a)
		if tag {
			entry := a
			if q, ok := a.(*tpQualifiedArg); ok {
				entry = q.arg
			}
			if pk, ok := a.(*templateArgPack); ok {
				entry = &paramPack{data: pk.elems}
			}
			*p.outer = append(*p.outer, entry)
		}
		if p.consumeByte('Q') {
			if req = p.constraintExpr(); req == nil || !p.consumeByte('E') {
				return nil
			}
			break
		}
	}
	return &templateArgs{params: args, requires: req}
}
