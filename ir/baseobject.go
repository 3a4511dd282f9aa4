package ir

// AliaseeObject is LLVM's GlobalValue::getAliaseeObject: a global
// object itself, the object an alias's aliasee is based on (through aliases,
// casts, GEPs and the add and sub of pointers as integers), nil when
// there is none. A walk of more than maxBaseObjectSteps constants (a
// constant expression that shares its operands can have exponentially
// many paths) gives up with nil.
func AliaseeObject(c Constant) Constant {
	w := baseObjectWalk{seen: map[*Alias]bool{}}
	return w.find(c)
}

const maxBaseObjectSteps = 1 << 16

type baseObjectWalk struct {
	seen  map[*Alias]bool
	steps int
}

func (w *baseObjectWalk) find(c Constant) Constant {
	if w.steps++; w.steps > maxBaseObjectSteps {
		return nil
	}
	switch v := c.(type) {
	case *GlobalVar, *Function, *IFunc:
		return c
	case *Alias:
		if w.seen[v] {
			return nil
		}
		w.seen[v] = true
		return w.find(v.Aliasee)
	case *ConstExpr:
		switch v.Op {
		case Add:
			if len(v.Operands) != 2 {
				return nil
			}
			l := w.find(v.Operands[0])
			r := w.find(v.Operands[1])
			if l != nil && r != nil {
				return nil
			}
			if l != nil {
				return l
			}
			return r
		case Sub:
			if len(v.Operands) != 2 || w.find(v.Operands[1]) != nil {
				return nil
			}
			return w.find(v.Operands[0])
		case IntToPtr, PtrToInt, BitCast, GetElementPtr:
			if len(v.Operands) == 0 {
				return nil
			}
			return w.find(v.Operands[0])
		}
	}
	return nil
}

// StripPointerCasts is Value::StripPointerCasts on a constant: through
// bitcasts, address space casts and all-zero GEPs.
func StripPointerCasts(c Constant) Constant {
	for depth := 0; depth < 1000; depth++ {
		e, ok := c.(*ConstExpr)
		if !ok || len(e.Operands) == 0 {
			return c
		}
		switch e.Op {
		case BitCast, AddrSpaceCast:
		case GetElementPtr:
			for _, idx := range e.Operands[1:] {
				if !isZero(idx) {
					return c
				}
			}
		default:
			return c
		}
		c = e.Operands[0]
	}
	return c
}

func isZero(c Constant) bool {
	switch v := c.(type) {
	case *ConstInt:
		return v.Big == nil && v.V == 0 || v.Big != nil && v.Big.Sign() == 0
	case *ConstNull:
		return true
	}
	return false
}
