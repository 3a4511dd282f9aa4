package xar

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
)

// Limits on the table of contents, beyond its size (tocFactor): every
// element costs the XML decoder and this package memory, however few bytes
// it takes, so the elements and the <file> elements are counted against the
// archive's size. ld64's bundles have about one element per 80 bytes of
// archive and one file per 2 KiB (the files' bitcode is in the heap).
const (
	elementFactor, elementSlack = 16, 4096 // at most one element per 16 bytes, plus the slack
	fileFactor, fileSlack       = 64, 256  // at most one <file> per 64 bytes, plus the slack
	maxXMLDepth                 = 4 * maxDirDepth
)

// ErrTOCLimit is the cause of the error NewReader returns for a table of
// contents with more elements, more <file> elements, deeper nesting or
// longer file paths than an archive of its size can justify.
var ErrTOCLimit = errors.New("table of contents too large for the archive")

// parseTOC reads the XML table of contents b of an archive of size bytes
// into an xmlDoc. It reads it as encoding/xml's Unmarshal into xmlDoc
// would (the first element must be <xar>; elements and attributes are
// matched by their local names; unknown elements are skipped; a string
// field takes the character data directly inside its element, the last
// such element winning; a slice field takes one value per element), but
// token by token, without reflection and within the limits above.
func parseTOC(b []byte, size int) (*xmlDoc, error) {
	p := &tocParser{
		d:        xml.NewDecoder(bytes.NewReader(b)),
		elements: size/elementFactor + elementSlack,
		files:    size/fileFactor + fileSlack,
	}
	doc, err := p.doc()
	if err != nil {
		var se *xml.SyntaxError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("XML syntax error on line %d: %s", se.Line, se.Msg)
		case errors.Is(err, ErrTOCLimit):
			return nil, err
		}
		return nil, fmt.Errorf("XML: %w", err)
	}
	return doc, nil
}

// A tocParser reads the tokens of one table of contents.
type tocParser struct {
	d               *xml.Decoder
	elements, files int // left in the budgets
	depth           int // of the element being read
	text            []byte
}

// next returns the next token, counting elements against the budget and
// the nesting depth.
func (p *tocParser) next() (xml.Token, error) {
	tok, err := p.d.Token()
	if err != nil {
		return nil, err
	}
	switch tok.(type) {
	case xml.StartElement:
		if p.elements--; p.elements < 0 {
			return nil, fmt.Errorf("%w: more elements than an archive of its size can describe", ErrTOCLimit)
		}
		if p.depth++; p.depth > maxXMLDepth {
			return nil, fmt.Errorf("%w: elements nested more than %d deep", ErrTOCLimit, maxXMLDepth)
		}
	case xml.EndElement:
		p.depth--
	}
	return tok, nil
}

// skip reads up to the end of the element whose start was just read,
// without recursion.
func (p *tocParser) skip() error {
	for level := 1; level > 0; {
		tok, err := p.next()
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			level++
		case xml.EndElement:
			level--
		}
	}
	return nil
}

// children calls f for each child element of the element whose start was
// just read, up to its end. f must read the child to its end (skip, or
// another reader); character data and other tokens are ignored.
func (p *tocParser) children(f func(se xml.StartElement) error) error {
	for {
		tok, err := p.next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := f(t); err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		}
	}
}

// chardata returns the character data directly inside the element whose
// start was just read, reading to its end; child elements are skipped.
func (p *tocParser) chardata() (string, error) {
	p.text = p.text[:0]
	for {
		tok, err := p.next()
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := p.skip(); err != nil {
				return "", err
			}
		case xml.CharData:
			p.text = append(p.text, t...)
		case xml.EndElement:
			return string(p.text), nil
		}
	}
}

// list appends to *dst the character data of each child of the element
// just started that is named child.
func (p *tocParser) list(dst *[]string, child string) error {
	return p.children(func(se xml.StartElement) error {
		if se.Name.Local != child {
			return p.skip()
		}
		s, err := p.chardata()
		*dst = append(*dst, s)
		return err
	})
}

func attr(se xml.StartElement, name string) (string, bool) {
	for _, a := range se.Attr {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// setAttr sets *dst to the attribute name of se, if it has one.
func setAttr(dst *string, se xml.StartElement, name string) {
	if v, ok := attr(se, name); ok {
		*dst = v
	}
}

// doc reads the document: the first element, which must be <xar>.
func (p *tocParser) doc() (*xmlDoc, error) {
	for {
		tok, err := p.next()
		if err != nil {
			return nil, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if se.Name.Local != "xar" {
			return nil, fmt.Errorf("expected element type <xar> but have <%s>", se.Name.Local)
		}
		doc := &xmlDoc{}
		err = p.children(func(se xml.StartElement) error {
			switch se.Name.Local {
			case "subdoc":
				var s xmlSubdoc
				setAttr(&s.Name, se, "subdoc_name")
				err := p.subdoc(&s)
				doc.Subdocs = append(doc.Subdocs, s)
				return err
			case "toc":
				return p.toc(doc)
			}
			return p.skip()
		})
		return doc, err
	}
}

func (p *tocParser) subdoc(s *xmlSubdoc) error {
	return p.children(func(se xml.StartElement) error {
		var err error
		switch se.Name.Local {
		case "version":
			s.Version, err = p.chardata()
		case "architecture":
			s.Architecture, err = p.chardata()
		case "platform":
			s.Platform, err = p.chardata()
		case "sdkversion":
			s.SDKVersion, err = p.chardata()
		case "hide-symbols":
			s.HideSymbols, err = p.chardata()
		case "dylibs":
			err = p.children(func(se xml.StartElement) error {
				var dst *[]string
				switch se.Name.Local {
				case "lib":
					dst = &s.Dylibs
				case "weak":
					dst = &s.WeakDylibs
				default:
					return p.skip()
				}
				v, err := p.chardata()
				*dst = append(*dst, v)
				return err
			})
		case "link-options":
			err = p.list(&s.LinkOptions, "option")
		default:
			err = p.skip()
		}
		return err
	})
}

func (p *tocParser) toc(doc *xmlDoc) error {
	return p.children(func(se xml.StartElement) error {
		var err error
		switch se.Name.Local {
		case "checksum":
			c := doc.TOC.Checksum
			if c == nil {
				c = &xmlChecksum{}
				doc.TOC.Checksum = c
			}
			setAttr(&c.Style, se, "style")
			err = p.children(func(se xml.StartElement) error {
				var err error
				switch se.Name.Local {
				case "offset":
					c.Offset, err = p.chardata()
				case "size":
					c.Size, err = p.chardata()
				default:
					err = p.skip()
				}
				return err
			})
		case "creation-time":
			doc.TOC.CreationTime, err = p.chardata()
		case "file":
			var f xmlFile
			err = p.file(&f, se)
			doc.TOC.Files = append(doc.TOC.Files, f)
		default:
			err = p.skip()
		}
		return err
	})
}

// file reads the <file> element se into f, and the files inside it.
func (p *tocParser) file(f *xmlFile, se xml.StartElement) error {
	if p.files--; p.files < 0 {
		return fmt.Errorf("%w: more <file> elements than an archive of its size can hold", ErrTOCLimit)
	}
	setAttr(&f.ID, se, "id")
	return p.children(func(se xml.StartElement) error {
		var err error
		switch se.Name.Local {
		case "name":
			setAttr(&f.Name.Enctype, se, "enctype")
			f.Name.Text, err = p.chardata()
		case "type":
			f.Type, err = p.chardata()
		case "file-type":
			f.FileType, err = p.chardata()
		case "data":
			if f.Data == nil {
				f.Data = &xmlData{}
			}
			err = p.data(f.Data)
		case "clang":
			err = p.list(&f.Clang, "cmd")
		case "swift":
			err = p.list(&f.Swift, "cmd")
		case "file":
			var sub xmlFile
			err = p.file(&sub, se)
			f.Files = append(f.Files, sub)
		default:
			err = p.skip()
		}
		return err
	})
}

func (p *tocParser) data(d *xmlData) error {
	sum := func(s *xmlSum, se xml.StartElement) error {
		setAttr(&s.Style, se, "style")
		var err error
		s.Hex, err = p.chardata()
		return err
	}
	return p.children(func(se xml.StartElement) error {
		var err error
		switch se.Name.Local {
		case "offset":
			d.Offset, err = p.chardata()
		case "length":
			d.Length, err = p.chardata()
		case "size":
			d.Size, err = p.chardata()
		case "encoding":
			setAttr(&d.Encoding.Style, se, "style")
			err = p.skip()
		case "archived-checksum":
			err = sum(&d.Archived, se)
		case "extracted-checksum":
			err = sum(&d.Extracted, se)
		case "unarchived-checksum":
			err = sum(&d.Unarchived, se)
		default:
			err = p.skip()
		}
		return err
	})
}
