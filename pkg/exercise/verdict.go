package exercise

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marginnotes/marginnotes/pkg/lang"
)

// Status is the kind of a Verdict.
type Status int

const (
	// Unanswered: the answer is still the Placeholder.
	Unanswered Status = iota
	// Correct: the answer is right; the verdict says what was confirmed.
	Correct
	// Wrong: the answer has the right form but is wrong; the verdict names
	// the first thing wrong.
	Wrong
	// Malformed: the answer is not an answer of the kind asked for (the
	// wrong type, the wrong length, nil, NaN or ±Inf).
	Malformed
)

func (s Status) String() string {
	switch s {
	case Unanswered:
		return "unanswered"
	case Correct:
		return "correct"
	case Wrong:
		return "wrong"
	case Malformed:
		return "malformed"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// A Verdict is a check's judgement of an answer. Its String is what a
// check cell prints: "✓ " and what was confirmed, "✗ " and the first thing
// wrong, or "not answered yet: …", in the language the check was given.
type Verdict struct {
	Status Status
	// Message says what was confirmed (Correct), what is wrong (Wrong,
	// Malformed) or what answer is expected (Unanswered).
	Message string
	// Lang is the language of Message.
	Lang lang.Lang
}

// OK reports whether the answer is correct.
func (v Verdict) OK() bool { return v.Status == Correct }

func (v Verdict) String() string {
	switch v.Status {
	case Correct:
		return "✓ " + v.Message
	case Unanswered:
		return v.Lang.Pick("not answered yet: ", "尚未作答：") + v.Message
	}
	return "✗ " + v.Message
}

// placeholder is the type of Placeholder.
type placeholder struct{}

func (placeholder) String() string { return "exercise.Placeholder" }

// Placeholder is the value an answer cell starts with: every check
// recognises it and answers Unanswered, so that a notebook whose exercises
// are not answered yet still runs top to bottom.
//
//	var answer21 any = exercise.Placeholder // ← replace with your λ
var Placeholder any = placeholder{}

// Tol is the relative tolerance of the checks: a number passes when it is
// within Tol of the right value, relative to the scale of the answer (its
// largest entry, or the data's), so that a decimal printed to four
// significant digits passes and a wrong value does not.
const Tol = 5e-4

// verdicts for one language.
type judge struct{ l lang.Lang }

func (j judge) ok(en, zh string, a ...any) Verdict {
	return Verdict{Correct, fmt.Sprintf(j.l.Pick(en, zh), a...), j.l}
}

func (j judge) wrong(en, zh string, a ...any) Verdict {
	return Verdict{Wrong, fmt.Sprintf(j.l.Pick(en, zh), a...), j.l}
}

func (j judge) malformed(en, zh string, a ...any) Verdict {
	return Verdict{Malformed, fmt.Sprintf(j.l.Pick(en, zh), a...), j.l}
}

func (j judge) unanswered(en, zh string) Verdict {
	if j.l == lang.Chinese {
		// 换成 and the answer's name: a space before a symbol or a
		// Latin word, none before a Chinese character or full-width
		// punctuation.
		sep := " "
		if r, _ := utf8.DecodeRuneInString(zh); unicode.Is(unicode.Han, r) || strings.ContainsRune("（“《", r) {
			sep = ""
		}
		return Verdict{Unanswered, "把 exercise.Placeholder 换成" + sep + zh, j.l}
	}
	return Verdict{Unanswered, "replace exercise.Placeholder with " + en, j.l}
}

// isPlaceholder reports whether ans is the Placeholder.
func isPlaceholder(ans any) bool {
	_, ok := ans.(placeholder)
	return ok
}

// asked is what an exercise asks for, in English and in Chinese, as the
// Unanswered verdict names it ("replace exercise.Placeholder with …").
type asked struct{ en, zh string }

// readVector is the preamble of a check whose answer is a vector of n
// numbers: the Unanswered verdict for the Placeholder, naming what, else
// vector's reading of the answer.
func (j judge) readVector(ans any, what asked, n int, name string) ([]float64, *Verdict) {
	if isPlaceholder(ans) {
		v := j.unanswered(what.en, what.zh)
		return nil, &v
	}
	return j.vector(ans, n, name)
}

// readNumber is readVector for an answer that is one number.
func (j judge) readNumber(ans any, what asked, name string) (float64, *Verdict) {
	if isPlaceholder(ans) {
		v := j.unanswered(what.en, what.zh)
		return 0, &v
	}
	return j.number(ans, name)
}

// vector reads an answer that must be a vector of n finite numbers: a
// []float64 or a []int. A non-nil verdict says why it is not one.
func (j judge) vector(ans any, n int, name string) ([]float64, *Verdict) {
	var v []float64
	switch a := ans.(type) {
	case []float64:
		if a == nil {
			return nil, j.bad("%s is nil: write it as []float64{…} with %d numbers", "%s 是 nil：请写成含 %d 个数的 []float64{…}", name, n)
		}
		v = slices.Clone(a)
	case []int:
		if a == nil {
			return nil, j.bad("%s is nil: write it as []float64{…} with %d numbers", "%s 是 nil：请写成含 %d 个数的 []float64{…}", name, n)
		}
		for _, x := range a {
			v = append(v, float64(x))
		}
	case nil:
		return nil, j.bad("%s is nil: write it as []float64{…} with %d numbers", "%s 是 nil：请写成含 %d 个数的 []float64{…}", name, n)
	default:
		return nil, j.bad("%s must be a []float64 of %d numbers, not a %T", "%s 应当是含 %d 个数的 []float64，而不是 %T", name, n, ans)
	}
	if len(v) != n {
		return nil, j.bad("%s has %d numbers, want %d (one per point)", "%s 有 %d 个数，应当有 %d 个（每个点一个）", name, len(v), n)
	}
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, j.bad("%s: entry %d is not a finite number", "%s 的第 %d 个数不是有限数", name, i+1)
		}
	}
	return v, nil
}

// number reads an answer that must be one finite number.
func (j judge) number(ans any, name string) (float64, *Verdict) {
	var v float64
	switch a := ans.(type) {
	case float64:
		v = a
	case float32:
		v = float64(a)
	case int:
		v = float64(a)
	case nil:
		return 0, j.bad("%s is nil: write it as a number", "%s 是 nil：请写成一个数", name)
	default:
		return 0, j.bad("%s must be a number (float64), not a %T", "%s 应当是一个数（float64），而不是 %T", name, ans)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, j.bad("%s is not a finite number", "%s 不是有限数", name)
	}
	return v, nil
}

func (j judge) bad(en, zh string, a ...any) *Verdict {
	v := j.malformed(en, zh, a...)
	return &v
}

// near reports whether a is within Tol·scale of b.
func near(a, b, scale float64) bool {
	return math.Abs(a-b) <= Tol*math.Max(scale, math.SmallestNonzeroFloat64)
}

// nearVec reports whether a and b agree entry by entry within Tol·scale.
func nearVec(a, b []float64, scale float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i], b[i], scale) {
			return false
		}
	}
	return true
}

// maxAbs is the largest |vᵢ|, and at least floor.
func maxAbs(floor float64, v ...float64) float64 {
	m := floor
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}
