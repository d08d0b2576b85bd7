package modelio

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// write writes the file of p, as the package documentation shows it: one
// key a line, arrays of numbers and objects of scalars on one line, each
// support vector and vote on a line of its own. Numbers are written as
// encoding/json writes them: the shortest text that reads back to the
// same float64.
func (p *parts) write(w io.Writer) error {
	e := &encoder{w: w}
	e.s("{\n  \"format\": ")
	e.str(Format)
	e.s(",\n  \"version\": ")
	e.int(Version)
	e.s(",\n  \"kind\": ")
	e.str(p.kind.name)
	e.s(",\n  \"dim\": ")
	e.int(p.dim)
	e.s(",\n  \"settings\": {")
	first := true
	for _, q := range p.params {
		switch v := q.ptr.(type) {
		case *kernel.Kernel:
			continue // in the model
		case *[]float64:
			if len(*v) == 0 {
				continue
			}
		case *[]int:
			if len(*v) == 0 {
				continue
			}
		}
		if !first {
			e.s(", ")
		}
		first = false
		e.str(q.key)
		e.s(": ")
		switch v := q.ptr.(type) {
		case *float64:
			e.num(*v)
		case *int:
			e.int(*v)
		case *bool:
			e.s(strconv.FormatBool(*v))
		case *[]float64:
			e.nums(*v)
		case *[]int:
			e.s("[")
			for j, i := range *v {
				if j > 0 {
					e.s(", ")
				}
				e.int(i)
			}
			e.s("]")
		case *perceptron.Order:
			e.str(v.String())
		case *svm.Loss:
			e.str(v.String())
		default:
			panic(fmt.Sprintf("modelio: a setting of type %T", q.ptr))
		}
	}
	e.s("}")
	switch p.kind.section {
	case linearModel:
		e.s(",\n  \"linear\": {\"w\": ")
		e.nums(p.linear.W)
		e.s(", \"b\": ")
		e.num(p.linear.B)
		e.s("}")
	case expansionModel, svmModel:
		x := p.exp
		k, _ := kernelFieldsOf(x.Kernel)
		e.s(",\n  \"expansion\": {\n    \"kernel\": {\"name\": ")
		e.str(k.name)
		if k.degree != nil {
			e.s(", \"degree\": ")
			e.int(*k.degree)
		}
		if k.gamma != nil {
			e.s(", \"gamma\": ")
			e.num(*k.gamma)
		}
		if k.coef0 != nil {
			e.s(", \"coef0\": ")
			e.num(*k.coef0)
		}
		e.s("},\n    \"support\": [")
		for j, sv := range x.Support {
			if j > 0 {
				e.s(",")
			}
			e.s("\n      ")
			e.nums(sv)
		}
		if len(x.Support) > 0 {
			e.s("\n    ")
		}
		e.s("],\n    \"coef\": ")
		e.nums(x.Coef)
		e.s(",\n    \"b\": ")
		e.num(x.B)
		if p.w != nil {
			e.s(",\n    \"w\": ")
			e.nums(p.w)
		}
		e.s("\n  }")
	case votedModel:
		v := p.voted
		e.s(",\n  \"voted\": {\n    \"votes\": [")
		for s, vote := range v.Votes {
			if s > 0 {
				e.s(",")
			}
			e.s("\n      {\"w\": ")
			e.nums(vote.W)
			e.s(", \"b\": ")
			e.num(vote.B)
			e.s(", \"c\": ")
			e.int(vote.C)
			e.s("}")
		}
		e.s("\n    ],\n    \"group\": ")
		e.int(v.Group)
		e.s(",\n    \"averaged\": {\"w\": ")
		e.nums(v.Averaged.W)
		e.s(", \"b\": ")
		e.num(v.Averaged.B)
		e.s("},\n    \"predict\": ")
		e.str(predictVote)
		e.s("\n  }")
	}
	e.s("\n}\n")
	return e.flush()
}

// predictVote is the only rule of a voted model: Predict is the vote.
const predictVote = "vote"

// encoder writes JSON text to w through a buffer, keeping the first error.
type encoder struct {
	w   io.Writer
	buf []byte
	err error
}

func (e *encoder) s(s string) {
	e.buf = append(e.buf, s...)
	if len(e.buf) > 32<<10 {
		e.flush()
	}
}

// str writes s as a JSON string; the strings of a model file are names
// of ASCII letters, digits and punctuation that need no escape.
func (e *encoder) str(s string) {
	e.buf = append(e.buf, '"')
	e.buf = append(e.buf, s...)
	e.buf = append(e.buf, '"')
}

func (e *encoder) int(i int) { e.buf = strconv.AppendInt(e.buf, int64(i), 10) }

// num writes f as encoding/json does: the shortest decimal that reads back
// to f, in exponent form below 10⁻⁶ and from 10²¹ on.
func (e *encoder) num(f float64) {
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	e.buf = strconv.AppendFloat(e.buf, f, format, -1, 64)
	if n := len(e.buf); format == 'e' && n >= 4 && e.buf[n-4] == 'e' && e.buf[n-3] == '-' && e.buf[n-2] == '0' {
		e.buf[n-2] = e.buf[n-1] // e-07 → e-7
		e.buf = e.buf[:n-1]
	}
}

func (e *encoder) nums(v []float64) {
	e.s("[")
	for j, x := range v {
		if j > 0 {
			e.s(", ")
		}
		e.num(x)
	}
	e.s("]")
}

func (e *encoder) flush() error {
	if e.err == nil && len(e.buf) > 0 {
		_, e.err = e.w.Write(e.buf)
	}
	e.buf = e.buf[:0]
	return e.err
}
