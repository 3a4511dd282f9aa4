package callgraph

import (
	"strconv"

	"github.com/bcextract/bcextract/ir"
)

// A Node is a function of the graph.
type Node struct {
	// ID names the node uniquely: the function's name for a global
	// symbol, "PATH::NAME" for a local one, "PATH::<unnamed K>" for the
	// K'th unnamed function (@N) met in a module, [Indirect] for the node
	// of indirect calls.
	ID string
	// Name is the function's name in the IR (without "@").
	Name string
	// Module is the container path of the module whose definition of the
	// function the graph holds; "" when no module defines it.
	Module string
	// Local says the function has internal or private linkage.
	Local bool
	// Defined says some module defines the function.
	Defined bool
	// Definitions counts the modules that define it: more than one for
	// the linkonce and weak functions every user of a header or generic
	// defines. The graph's edges come from one of them, the one a linker
	// keeps: the first strong definition, else the first one.
	Definitions int
}

// An Edge is the calls of one function to another.
type Edge struct {
	// Caller and Callee are indices into [Graph.Nodes].
	Caller, Callee int
	// Sites counts the call sites; ViaAlias those of them that call
	// through a global alias.
	Sites, ViaAlias int
}

// A Graph is a linked call graph.
type Graph struct {
	// Nodes are the functions, in the order they were first met: each
	// module's definitions, then the callees no module defines.
	Nodes []Node
	// Edges are grouped by caller, in the order of Nodes, each caller's
	// edges in the order of its first call to each callee.
	Edges []Edge
}

// A Builder builds a [Graph] from the functions of many modules: [Builder.Add]
// each function with its calls, then [Builder.Graph]. The zero Builder is
// ready to use.
type Builder struct {
	nodes []node
	byID  map[string]int
	// aliases maps the ID of a global alias of a function to the ID of
	// the function, for calls from modules that only declare the alias.
	aliases map[string]pending
	// unnamed holds the IDs given to unnamed functions (@0), which have
	// no name to be known by: "PATH::<unnamed K>", K counting those of
	// the module in the order they are met.
	unnamed  map[*ir.Function]string
	nunnamed map[string]int
}

// node is a Node with the calls of the definition chosen so far.
type node struct {
	Node
	rank  int // of the definition chosen so far; see rank
	calls []pending
}

// pending is an edge whose callee is known by ID.
type pending struct {
	callee          string
	local           bool
	name            string
	sites, viaAlias int
}

// rank orders definitions as a linker prefers them: strong first, then
// weak, linkonce and common, then available_externally (which no linker
// keeps when there is another).
func rank(l ir.Linkage) int {
	switch l {
	case ir.ExternalLinkage, ir.InternalLinkage, ir.PrivateLinkage, ir.AppendingLinkage:
		return 3
	case ir.AvailableExternallyLinkage:
		return 1
	}
	return 2
}

// ID returns the ID of the node of a function named name with linkage l in
// the module at path.
func ID(path, name string, l ir.Linkage) string {
	if l.IsLocal() {
		return path + "::" + name
	}
	return name
}

// Add adds f, a function of the module at container path, with its calls
// (see [Collect]); c is ignored for a declaration. Declarations need not be
// added: a callee that no module defines becomes a node of its own.
func (b *Builder) Add(path string, f *ir.Function, c *Calls) {
	if f == nil || !f.HasBody {
		return
	}
	id := b.id(path, f)
	i := b.node(id, f.Name, f.Linkage.IsLocal() || f.Name == "")
	n := &b.nodes[i]
	n.Definitions++
	r := rank(f.Linkage)
	if n.Defined && r <= n.rank {
		return
	}
	n.Defined, n.rank, n.Module = true, r, path
	n.calls = n.calls[:0]
	if c == nil {
		return
	}
	for _, d := range c.Direct {
		n.calls = append(n.calls, pending{
			callee:   b.id(path, d.Callee),
			local:    d.Callee.Linkage.IsLocal() || d.Callee.Name == "",
			name:     d.Callee.Name,
			sites:    d.Sites,
			viaAlias: d.ViaAlias,
		})
	}
	if c.Indirect > 0 {
		n.calls = append(n.calls, pending{callee: Indirect, name: Indirect, sites: c.Indirect})
	}
}

// AddAlias adds a, a global alias of the module at container path. A
// module that declares a's name as a function and calls it calls the
// aliasee once linked: the graph has such a call as an edge to the
// aliasee, counted in ViaAlias too. Aliases of anything but a function
// are ignored.
func (b *Builder) AddAlias(path string, a *ir.Alias) {
	if a == nil {
		return
	}
	f, ok := resolveAlias(a).(*ir.Function)
	if !ok || f == nil {
		return
	}
	if b.aliases == nil {
		b.aliases = make(map[string]pending)
	}
	id := ID(path, a.Name, a.Linkage)
	if _, ok := b.aliases[id]; !ok {
		b.aliases[id] = pending{callee: ID(path, f.Name, f.Linkage), local: f.Linkage.IsLocal(), name: f.Name}
	}
}

// id returns the ID of the node of f, a function of the module at path.
func (b *Builder) id(path string, f *ir.Function) string {
	if f.Name != "" {
		return ID(path, f.Name, f.Linkage)
	}
	if id, ok := b.unnamed[f]; ok {
		return id
	}
	if b.unnamed == nil {
		b.unnamed = make(map[*ir.Function]string)
		b.nunnamed = make(map[string]int)
	}
	id := path + "::<unnamed " + strconv.Itoa(b.nunnamed[path]) + ">"
	b.nunnamed[path]++
	b.unnamed[f] = id
	return id
}

// node returns the index of the node id, adding it if it is new.
func (b *Builder) node(id, name string, local bool) int {
	if i, ok := b.byID[id]; ok {
		return i
	}
	if b.byID == nil {
		b.byID = make(map[string]int)
	}
	i := len(b.nodes)
	b.nodes = append(b.nodes, node{Node: Node{ID: id, Name: name, Local: local}})
	b.byID[id] = i
	return i
}

// Graph links the functions added so far and returns their graph.
func (b *Builder) Graph() *Graph {
	// Callees no module defines are added after every definition, but a
	// call to a name that is an alias in another module goes to the
	// aliasee.
	ndefs := len(b.nodes)
	for i := 0; i < ndefs; i++ {
		calls := b.nodes[i].calls
		redirected := false
		for j := range calls {
			p := &calls[j]
			if k, ok := b.byID[p.callee]; ok && b.nodes[k].Defined {
				continue
			}
			if t, ok := b.aliases[p.callee]; ok {
				p.callee, p.local, p.name = t.callee, t.local, t.name
				p.viaAlias = p.sites
				redirected = true
			}
		}
		if redirected {
			b.nodes[i].calls = mergeCalls(calls)
		}
		for _, p := range b.nodes[i].calls {
			b.node(p.callee, p.name, p.local)
		}
	}
	g := &Graph{Nodes: make([]Node, len(b.nodes))}
	for i := range b.nodes {
		g.Nodes[i] = b.nodes[i].Node
		for _, p := range b.nodes[i].calls {
			g.Edges = append(g.Edges, Edge{Caller: i, Callee: b.byID[p.callee], Sites: p.sites, ViaAlias: p.viaAlias})
		}
	}
	return g
}

// mergeCalls merges the calls to one callee (a function called both by name
// and through an alias), keeping the order of first calls.
func mergeCalls(calls []pending) []pending {
	at := make(map[string]int, len(calls))
	out := calls[:0]
	for _, p := range calls {
		if k, ok := at[p.callee]; ok {
			out[k].sites += p.sites
			out[k].viaAlias += p.viaAlias
			continue
		}
		at[p.callee] = len(out)
		out = append(out, p)
	}
	return out
}
