package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Limits of the readers. A file past one of them gets an error wrapping
// ErrTooLarge, read no further, so that no input — /dev/zero, an endless
// line, a sparse file with one huge index — can exhaust memory.
const (
	// MaxLineBytes bounds one line of input (for CSV, one record: a quoted
	// field's line breaks do not end it).
	MaxLineBytes = 1 << 22 // 4 MiB
	// MaxCells bounds n·(d+1), the numbers of the data set a reader
	// returns: 2²⁴, 128 MiB of float64. A reader stores each number once as
	// it reads and copies the numbers once into the matrix, so reading
	// takes about twice the data's memory. The limit leaves room for the
	// solvers' memory per point: every command of marginnotes runs on a
	// data set at the limit within 3 GiB, and the dual perceptron, which
	// needs the most (about 100 bytes a point besides the data), peaks at
	// 1.4 GB resident on 2²³ points of one feature.
	MaxCells = 1 << 24
	// MaxIndex bounds a feature index of a LIBSVM file: 2²², so that a
	// few points of that dimension fit within MaxCells.
	MaxIndex = 1 << 22
	// MaxCellsPerByte bounds how much larger than its input the dense data
	// set a LIBSVM file describes may be: at most MaxCellsPerByte numbers
	// per byte read (a sparse entry " j:v" takes at least four bytes), or
	// FreeCells numbers whatever the input's size.
	MaxCellsPerByte = 64
	// FreeCells is the size (8 MiB of float64) below which MaxCellsPerByte
	// does not apply.
	FreeCells = 1 << 20
)

// Limits that tests lower.
var (
	maxCells     = MaxCells
	maxLineBytes = MaxLineBytes
)

// slowLIBSVM, set by tests, makes Read parse every LIBSVM line by
// parseLine alone, the rules the in-place parser must agree with.
var slowLIBSVM = false

// textReader passes the bytes of a text input through and stops with an
// error (kept in err) at a NUL byte or at a line longer than maxLineBytes.
// With csv set, a line break inside a quoted field does not end the line,
// and a comment line — one whose first non-blank byte is '#', outside a
// quoted field — is turned into blanks, so that csv.Reader skips it however
// it is indented. Line numbers count every line, as csv.Reader does.
type textReader struct {
	r       io.Reader
	csv     bool
	line    int   // current line, 1-based
	start   int   // line where the current CSV record began
	n       int   // bytes of the current line (CSV: record) so far
	total   int64 // bytes read
	quoted  bool  // inside a quoted CSV field
	lead    bool  // only blanks so far on this line
	comment bool  // blanking a comment line
	err     error
}

func newTextReader(r io.Reader, csv bool) *textReader {
	return &textReader{r: r, csv: csv, line: 1, start: 1, lead: true}
}

func (t *textReader) Read(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	n, err := t.r.Read(p)
	for i := 0; i < n; i++ {
		c := p[i]
		t.total++
		t.n++
		switch {
		case c == 0:
			t.err = &LineError{Line: t.line, Err: ErrFormat, Hint: nulHint(p[:n], i, t.total)}
		case t.n > maxLineBytes:
			t.err = &LineError{Line: t.start, Err: ErrTooLarge,
				Hint: fmt.Sprintf("a line is longer than %d bytes", maxLineBytes)}
			if t.start != t.line {
				t.err.(*LineError).Hint = fmt.Sprintf("a record (a quoted field spans lines %d to %d) is longer than %d bytes",
					t.start, t.line, maxLineBytes)
			}
		}
		if t.err != nil {
			return i, t.err
		}
		if t.csv {
			switch {
			case t.comment:
				if c != '\n' {
					p[i] = ' '
				}
			case t.lead && !isBlank(c) && c != '\n':
				t.lead = false
				if c == '#' && !t.quoted {
					t.comment = true
					p[i] = ' '
				}
			}
			if c == '"' && !t.comment {
				t.quoted = !t.quoted
			}
		}
		if c == '\n' {
			t.line++
			t.lead, t.comment = true, false
			if !t.quoted {
				t.n, t.start = 0, t.line
			}
		}
	}
	return n, err
}

// nulHint explains a NUL byte at p[i], where total bytes have been read:
// at the start of the input, NULs at every other byte are UTF-16 text.
func nulHint(p []byte, i int, total int64) string {
	if total-int64(i) == 1 && i < 2 && len(p) >= 4 && (p[0] == 0) != (p[1] == 0) && (p[2] == 0) != (p[3] == 0) {
		return "a NUL byte: this looks like UTF-16 text; save the file as UTF-8"
	}
	return "a NUL byte: binary data, or text in UTF-16 or UTF-32; save the file as UTF-8 text"
}

// openText returns r buffered, without a UTF-8 byte order mark; UTF-16 and
// UTF-32 ones are an error.
func openText(r io.Reader) (*bufio.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	b, _ := br.Peek(4)
	s := string(b)
	switch {
	case strings.HasPrefix(s, "\ufeff"):
		br.Discard(3)
	case strings.HasPrefix(s, "\xff\xfe\x00\x00"), strings.HasPrefix(s, "\x00\x00\xfe\xff"):
		return nil, &LineError{Line: 1, Err: ErrFormat, Hint: "UTF-32 text (byte order mark); save the file as UTF-8"}
	case strings.HasPrefix(s, "\xff\xfe"), strings.HasPrefix(s, "\xfe\xff"):
		return nil, &LineError{Line: 1, Err: ErrFormat, Hint: "UTF-16 text (byte order mark); save the file as UTF-8"}
	}
	return br, nil
}

// readLine returns the next line of br with its line break, or, if it is
// longer than limit bytes, its first bytes past the limit. The error is
// br's, io.EOF at the end.
func readLine(br *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
		if len(line) > limit {
			return line, nil
		}
	}
}

// parseValue parses a feature or label; field is 1-based. A number is
// decimal, as [+-]digits[.digits][e[+-]digits] (Go's underscores and
// hexadecimal floats are refused); "NaN", "Inf" and numbers beyond the range
// of float64 wrap ErrNotFinite.
func parseValue(f string, line, field int) (float64, error) {
	f = strings.TrimSpace(f)
	v, err := strconv.ParseFloat(f, 64)
	switch {
	case err == nil && math.IsNaN(v), err == nil && math.IsInf(v, 0) && !isDecimal(f):
		return 0, &LineError{Line: line, Field: field, Text: short(f), Err: ErrNotFinite}
	case isDecimal(f) && (err == nil || errors.Is(err, strconv.ErrRange)):
		if math.IsInf(v, 0) {
			return 0, &LineError{Line: line, Field: field, Text: short(f), Err: ErrNotFinite, Hint: "out of float64 range"}
		}
		return v, nil
	}
	hint := "not a number"
	switch {
	case f == "":
		hint = "empty field"
	case err == nil:
		hint = "not a decimal number"
	}
	return 0, &LineError{Line: line, Field: field, Text: short(f), Err: ErrFormat, Hint: hint}
}

// isNumber reports whether parseValue reads f as a number, finite or not.
func isNumber(f string) bool {
	f = strings.TrimSpace(f)
	if isDecimal(f) {
		return true
	}
	_, err := strconv.ParseFloat(f, 64)
	return err == nil && !strings.ContainsAny(f, "0123456789")
}

// isDecimal reports whether s is [+-]digits[.digits][e[+-]digits], with
// digits on at least one side of the point.
func isDecimal(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && isDigit(s[i]); i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && isDigit(s[i]); i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for ; i < len(s) && isDigit(s[i]); i++ {
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// short shortens s for an error message.
func short(s string) string {
	const n = 40
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// labels tracks the labels read, for the first one that is not ±1.
type labels struct {
	y       blocks[float64]
	badLine int     // line of the first label not ±1; 0 if none
	bad     float64 // that label
}

func (l *labels) add(v float64, line int) {
	if v != 1 && v != -1 && l.badLine == 0 {
		l.badLine, l.bad = line, v
	}
	l.y.add(v)
}

// err returns a LineError for the first label not ±1 of the labels y;
// field is the label's 1-based field.
func (l *labels) err(y []float64, field int) error {
	if l.badLine == 0 {
		return nil
	}
	hint := labelHint(y)
	if hint == "" {
		hint = "labels must be -1 or +1"
	}
	return &LineError{Line: l.badLine, Field: field, Text: strconv.FormatFloat(l.bad, 'g', -1, 64),
		Err: ErrLabel, Hint: hint}
}

// blocks is a list of values kept in blocks of growing size, up to
// blockLen values: a reader stores each value once. (A slice grown by
// append copies its values each time it grows and leaves the old copies to
// the collector: reading took three times the memory of the data.)
type blocks[T any] struct {
	list [][]T
	n    int
}

// blockLen is the size of the largest blocks: 512 KiB of float64.
const blockLen = 1 << 16

func (b *blocks[T]) add(v T) {
	k := len(b.list)
	if k == 0 || len(b.list[k-1]) == cap(b.list[k-1]) {
		b.list = append(b.list, make([]T, 0, min(max(64, b.n), blockLen)))
		k++
	}
	b.list[k-1] = append(b.list[k-1], v)
	b.n++
}

// reserve makes the first block hold n values, when b is empty and n > 0:
// a reader that knows how many values come stores them in one block, which
// slice returns without copying.
func (b *blocks[T]) reserve(n int) {
	if b.n == 0 && n > 0 {
		b.list = [][]T{make([]T, 0, n)}
	}
}

// truncate keeps the first n values, n ≤ len.
func (b *blocks[T]) truncate(n int) {
	for b.n > n {
		k := len(b.list) - 1
		last := b.list[k]
		if drop := b.n - n; drop < len(last) || k == 0 {
			// The first block stays, with its capacity.
			b.list[k] = last[:len(last)-min(drop, len(last))]
			b.n -= min(drop, len(last))
			continue
		}
		b.list = b.list[:k]
		b.n -= len(last)
	}
}

// len returns the number of values.
func (b *blocks[T]) len() int { return b.n }

// slice returns the values in one slice of their length and releases the
// blocks.
func (b *blocks[T]) slice() []T {
	if len(b.list) == 1 {
		v := b.list[0]
		b.list = nil
		return v[:len(v):len(v)]
	}
	out := make([]T, 0, b.n)
	for i, v := range b.list {
		out = append(out, v...)
		b.list[i] = nil
	}
	b.list = nil
	return out
}
