package modelio

import (
	"bufio"
	"errors"
	"io"
	"math"
	"strconv"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// fileFields are the top-level fields of a model file as read.
type fileFields struct {
	format, kind string
	version, dim int64
	settings     []setting
	hasSettings  bool
	linear       *classify.Linear
	expansion    *expansionFields
	voted        *perceptron.VotedResult
	sections     []string
}

// expansionFields are the fields of an expansion section as read.
type expansionFields struct {
	kernel kernelFields
	exp    kernel.Expansion
	w      []float64
}

// parse reads a model file into its parts, checked.
func parse(r io.Reader) (*parts, error) {
	d := &decoder{r: bufio.NewReaderSize(r, 64<<10), line: 1}
	if b, err := d.r.Peek(3); err == nil && string(b) == "\ufeff" {
		d.r.Discard(3) // a UTF-8 byte order mark, as editors on Windows write
		d.n += 3
	}
	c, err := d.space()
	switch {
	case err == io.EOF:
		return nil, errtext.Errorf("modelio: %w: empty", ErrFormat)
	case err != nil:
		return nil, err
	case c != '{':
		if what := describe(c); what != "" {
			return nil, d.errorf("%s, want an object", what)
		}
		return nil, d.syntax(c, "a JSON object")
	}
	var f fileFields
	err = d.object(func(key string) (err error) {
		switch key {
		case "format":
			f.format, err = d.string()
			if err == nil && f.format != Format {
				err = errtext.Errorf("modelio: %w: format %q, want %q", ErrFormat, short(f.format), Format)
			}
		case "version":
			f.version, err = d.integer()
			if err == nil && f.version != Version {
				err = errtext.Errorf("modelio: %w: version %d; this program reads version %d", ErrVersion, f.version, Version)
			}
		case "kind":
			f.kind, err = d.string()
		case "dim":
			f.dim, err = d.integer()
		case "settings":
			f.settings, err = d.settings()
			f.hasSettings = true
		case "linear":
			f.linear, err = d.linear()
		case "expansion":
			f.expansion, err = d.expansion()
		case "voted":
			f.voted, err = d.voted()
		default:
			return errUnknown
		}
		if key == "linear" || key == "expansion" || key == "voted" {
			f.sections = append(f.sections, key)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if c, err := d.space(); err != io.EOF {
		if err != nil {
			return nil, err
		}
		if describe(c) != "" {
			return nil, errtext.Errorf("modelio: %w: more than one JSON value", ErrFormat)
		}
		return nil, d.syntax(c, "the end of the file after the object")
	}
	return f.parts()
}

// parts returns the parts of the file read, checked.
func (f *fileFields) parts() (*parts, error) {
	switch {
	case f.format != Format:
		return nil, errtext.Errorf("modelio: %w: format %q, want %q", ErrFormat, short(f.format), Format)
	case f.version != Version:
		return nil, errtext.Errorf("modelio: %w: version %d; this program reads version %d", ErrVersion, f.version, Version)
	}
	k := kindNamed(f.kind)
	if k == nil {
		return nil, errtext.Errorf("modelio: %w: %q is no solver of this library (want %s)", ErrKind, short(f.kind), kindNames())
	}
	if f.dim < 1 || f.dim > MaxCells {
		return nil, errtext.Errorf("modelio: %w: dim %d, want 1 to %d", ErrFormat, f.dim, MaxCells)
	}
	if len(f.sections) != 1 || f.sections[0] != k.section.key() {
		return nil, errtext.Errorf("modelio: %w: a %s model has one section %q, this file has %q", ErrFormat, k.name, k.section.key(), f.sections)
	}
	if !f.hasSettings {
		return nil, errtext.Errorf("modelio: %w: no settings", ErrFormat)
	}
	value, params := k.bind(nil)
	p := &parts{kind: k, solver: value, params: params, dim: int(f.dim)}
	if err := applySettings(k.name, f.settings, params); err != nil {
		return nil, err
	}
	switch k.section {
	case linearModel:
		p.linear = *f.linear
	case expansionModel, svmModel:
		e := f.expansion
		kern, err := e.kernel.kernel()
		if err != nil {
			return nil, err
		}
		e.exp.Kernel, e.exp.D = kern, p.dim
		p.exp, p.w = &e.exp, e.w
	case votedModel:
		p.voted = f.voted
	}
	if err := p.check(); err != nil {
		var se *classify.SettingError
		if errors.As(err, &se) {
			return nil, errtext.Errorf("modelio: %w: settings: %w", ErrFormat, err)
		}
		return nil, err
	}
	return p, nil
}

// A setting is a key of a file's settings and its value, kept until the
// kind is known (a file may name its kind after its settings).
type setting struct {
	key   string
	line  int
	what  string    // the value's type, as describe says it
	text  string    // a number or a string
	b     bool      // true or false
	array []float64 // an array of numbers (nil for null)
	ints  bool      // every number of the array is written as an integer
}

// applySettings sets the params to the settings read; a key no param has
// is an error, a param no key names keeps its zero value (the default, as
// in files written before the setting existed).
func applySettings(solver string, settings []setting, params []param) error {
	for _, s := range settings {
		var q *param
		for i := range params {
			if s.key != "" && (params[i].key == s.key || params[i].was == s.key) {
				q = &params[i]
			}
		}
		if q == nil {
			return errtext.Errorf("modelio: %w: settings of %s: unknown field %q", ErrFormat, solver, short(s.key))
		}
		bad := func(want string) error {
			return errtext.Errorf("modelio: %w: line %d: settings.%s: %s, want %s", ErrFormat, s.line, s.key, s.what, want)
		}
		switch v := q.ptr.(type) {
		case *float64:
			if s.what != "a number" {
				return bad("a number")
			}
			*v, _ = strconv.ParseFloat(s.text, 64) // checked when read
		case *int:
			i, err := strconv.ParseInt(s.text, 10, 0)
			if s.what != "a number" || err != nil {
				return bad("an integer")
			}
			*v = int(i)
		case *bool:
			if s.what != "true or false" {
				return bad("true or false")
			}
			*v = s.b
		case *[]float64:
			if s.what != "an array" && s.what != "null" {
				return bad("an array of numbers")
			}
			*v = s.array
		case *[]int:
			if s.what == "null" {
				*v = nil
				break
			}
			if s.what != "an array" || !s.ints {
				return bad("an array of integers")
			}
			*v = make([]int, len(s.array))
			for j, x := range s.array {
				if math.Abs(x) > 1<<53 {
					return bad("an array of integers below 2⁵³")
				}
				(*v)[j] = int(x)
			}
		case *perceptron.Order:
			o, ok := orderNamed(s.text)
			if s.what != "a string" || !ok {
				return errtext.Errorf("modelio: %w: settings of %s: order %q (want cyclic, shuffle, random-mistake or choices)",
					ErrFormat, solver, short(s.text))
			}
			*v = o
		case *svm.Loss:
			l, ok := lossNamed(s.text)
			if s.what != "a string" || !ok {
				return errtext.Errorf("modelio: %w: settings of %s: loss %q (want hinge or squared-hinge)",
					ErrFormat, solver, short(s.text))
			}
			*v = l
		}
	}
	return nil
}

// settings reads the settings object.
func (d *decoder) settings() ([]setting, error) {
	var out []setting
	err := d.object(func(key string) error {
		c, err := d.space()
		if err != nil {
			return err
		}
		s := setting{key: key, line: d.line, what: describe(c)}
		switch s.what {
		case "a number":
			if err := d.numberText(); err != nil {
				return err
			}
			if _, err := d.parseFloat(); err != nil {
				return err
			}
			s.text = string(d.tok)
		case "a string":
			s.text, err = d.string()
		case "true or false":
			s.b, err = d.boolean()
		case "an array", "null":
			s.array, s.ints, err = d.vectorInts()
		default:
			return d.errorf("%s, want a number, true or false, a string or an array", orSyntax(s.what, c))
		}
		out = append(out, s)
		return err
	})
	return out, err
}

// linear reads the linear section.
func (d *decoder) linear() (*classify.Linear, error) {
	var l classify.Linear
	var hasW, hasB bool
	err := d.object(func(key string) (err error) {
		switch key {
		case "w":
			l.W, err = d.vector()
			hasW = true
		case "b":
			l.B, err = d.float()
			hasB = true
		default:
			return errUnknown
		}
		return err
	})
	if err == nil {
		err = d.need("linear", hasW, "w", hasB, "b")
	}
	return &l, err
}

// expansion reads the expansion section.
func (d *decoder) expansion() (*expansionFields, error) {
	var e expansionFields
	var hasKernel, hasSupport, hasCoef, hasB bool
	err := d.object(func(key string) (err error) {
		switch key {
		case "kernel":
			e.kernel, err = d.kernel()
			hasKernel = true
		case "support":
			e.exp.Support, err = d.vectors()
			hasSupport = true
		case "coef":
			e.exp.Coef, err = d.vector()
			hasCoef = true
		case "b":
			e.exp.B, err = d.float()
			hasB = true
		case "w":
			e.w, err = d.vector()
		default:
			return errUnknown
		}
		return err
	})
	if err == nil {
		err = d.need("expansion", hasKernel, "kernel", hasSupport, "support", hasCoef, "coef", hasB, "b")
	}
	return &e, err
}

// kernel reads a kernel's object.
func (d *decoder) kernel() (kernelFields, error) {
	var k kernelFields
	var hasName bool
	err := d.object(func(key string) (err error) {
		switch key {
		case "name":
			k.name, err = d.string()
			hasName = true
		case "degree":
			var i int64
			i, err = d.integer()
			n := int(i)
			k.degree = &n
		case "gamma":
			var g float64
			g, err = d.float()
			k.gamma = &g
		case "coef0":
			var c float64
			c, err = d.float()
			k.coef0 = &c
		default:
			return errUnknown
		}
		return err
	})
	if err == nil {
		err = d.need("kernel", hasName, "name")
	}
	return k, err
}

// voted reads the voted section.
func (d *decoder) voted() (*perceptron.VotedResult, error) {
	v := &perceptron.VotedResult{}
	var predict string
	var hasVotes, hasGroup, hasAveraged, hasPredict bool
	err := d.object(func(key string) (err error) {
		switch key {
		case "votes":
			_, err = d.array(func() error {
				var vote perceptron.Vote
				var hasW, hasB, hasC bool
				err := d.object(func(key string) (err error) {
					switch key {
					case "w":
						vote.W, err = d.vector()
						hasW = true
					case "b":
						vote.B, err = d.float()
						hasB = true
					case "c":
						var c int64
						c, err = d.integer()
						vote.C = int(c)
						hasC = true
					default:
						return errUnknown
					}
					return err
				})
				if err == nil {
					err = d.need("vote", hasW, "w", hasB, "b", hasC, "c")
				}
				d.cells.vote()
				v.Votes = append(v.Votes, vote)
				if err == nil {
					err = d.cells.err()
				}
				return err
			})
			hasVotes = true
		case "group":
			var g int64
			g, err = d.integer()
			v.Group = int(g)
			hasGroup = true
		case "averaged":
			var l *classify.Linear
			l, err = d.linear()
			if l != nil {
				v.Averaged = *l
			}
			hasAveraged = true
		case "predict":
			predict, err = d.string()
			hasPredict = true
		default:
			return errUnknown
		}
		return err
	})
	if err == nil {
		err = d.need("voted", hasVotes, "votes", hasGroup, "group", hasAveraged, "averaged", hasPredict, "predict")
	}
	if err == nil && predict != predictVote {
		err = errtext.Errorf("modelio: %w: predict %q, want %q", ErrFormat, short(predict), predictVote)
	}
	return v, err
}
