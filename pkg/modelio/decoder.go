package modelio

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// maxToken bounds a number or string of a model file, in bytes: a
// float64 needs at most 24 (Write's longest is -2.2250738585072014e-308).
const maxToken = 4096

// decoder reads a model file as a stream of JSON tokens, holding no more
// of the text than one token: it counts the bytes as it reads them (at
// most MaxBytes), and the model's cells as it builds them (at most
// MaxCells), so that no file makes it read or keep more.
type decoder struct {
	r     *bufio.Reader
	n     int64           // bytes read
	line  int             // line of the next byte
	cells cellCount       // of the vectors read so far
	path  []string        // the keys of the objects being read, for errors
	depth int             // of the objects and arrays being read
	tok   []byte          // the text of the last number or string
	nums  blocks[float64] // the numbers of the vectors being read
}

// blockLen is the length of the blocks of numbers: 64 KiB of float64.
const blockLen = 1 << 13

// blocks holds the values read in blocks of blockLen, so that the numbers
// of a vector are kept once while they are read (a slice grown by append
// would hold up to 2.25 times them as it grows, and leave 5 times them as
// garbage) and copied once, into a slice of their length: reading m
// numbers allocates 8m bytes for the blocks and 8m for the result.
type blocks[T any] struct {
	blocks [][]T // full but the last; the first is kept for reuse
	n      int
}

func (s *blocks[T]) reset() {
	clear(s.blocks[min(1, len(s.blocks)):]) // for the collector
	s.blocks = s.blocks[:min(1, len(s.blocks))]
	if len(s.blocks) == 1 {
		s.blocks[0] = s.blocks[0][:0]
	}
	s.n = 0
}

func (s *blocks[T]) add(v T) {
	last := len(s.blocks) - 1
	if last < 0 || len(s.blocks[last]) == blockLen {
		s.blocks = append(s.blocks, make([]T, 0, blockLen))
		last++
	}
	s.blocks[last] = append(s.blocks[last], v)
	s.n++
}

// copyTo copies the numbers from the from-th on into dst.
func (s *blocks[T]) copyTo(dst []T, from int) {
	for len(dst) > 0 {
		k := copy(dst, s.blocks[from/blockLen][from%blockLen:])
		dst, from = dst[k:], from+k
	}
}

// at returns the i-th value.
func (s *blocks[T]) at(i int) T { return s.blocks[i/blockLen][i%blockLen] }

// errUnknown marks a key the object being read does not have.
var errUnknown = errors.New("unknown field")

// errTruncated is the error for a file that ends inside its object.
var errTruncated = fmt.Errorf("%w: truncated (the file ends inside its JSON object)", ErrFormat)

// need checks that an object has its fields: pairs of a flag and a name.
func (d *decoder) need(object string, fields ...any) error {
	for i := 0; i < len(fields); i += 2 {
		if !fields[i].(bool) {
			return d.errorf("the %s has no %q", object, fields[i+1])
		}
	}
	return nil
}

// object reads a JSON object, calling field for each key with the decoder
// at the key's value; field returns errUnknown for a key the object does
// not have. A key may appear once, in the case given.
func (d *decoder) object(field func(key string) error) error {
	c, err := d.space()
	if err != nil {
		return err
	}
	if c != '{' {
		return d.errorf("%s, want an object", orSyntax(describe(c), c))
	}
	d.advance()
	var seen []string
	if c, err = d.space(); err != nil {
		return err
	}
	if c == '}' {
		d.advance()
		return nil
	}
	for {
		if c != '"' {
			return d.syntax(c, "a key (a string in double quotes)")
		}
		key, err := d.string()
		if err != nil {
			return err
		}
		for _, s := range seen {
			if s == key {
				return d.errorf("%q twice", short(key))
			}
		}
		seen = append(seen, key)
		if c, err = d.space(); err != nil {
			return err
		}
		if c != ':' {
			return d.syntax(c, "':' after the key")
		}
		d.advance()
		d.path = append(d.path, key)
		err = field(key)
		d.path = d.path[:len(d.path)-1]
		if err == errUnknown {
			return d.errorf("unknown field %q", short(key))
		}
		if err != nil {
			return err
		}
		if c, err = d.space(); err != nil {
			return err
		}
		switch c {
		case ',':
			d.advance()
			if c, err = d.space(); err != nil {
				return err
			}
		case '}':
			d.advance()
			return nil
		default:
			return d.syntax(c, "',' or '}' after a value")
		}
	}
}

// array reads a JSON array, calling elem for each element with the decoder
// at it; null, reported, is an empty array.
func (d *decoder) array(elem func() error) (null bool, err error) {
	c, err := d.space()
	if err != nil {
		return false, err
	}
	if c == 'n' {
		return true, d.literal("null")
	}
	if c != '[' {
		return false, d.errorf("%s, want an array", orSyntax(describe(c), c))
	}
	d.advance()
	if c, err = d.space(); err != nil {
		return false, err
	}
	if c == ']' {
		d.advance()
		return false, nil
	}
	for {
		if err := elem(); err != nil {
			return false, err
		}
		if c, err = d.space(); err != nil {
			return false, err
		}
		switch c {
		case ',':
			d.advance()
		case ']':
			d.advance()
			return false, nil
		default:
			return false, d.syntax(c, "',' or ']' after a value")
		}
	}
}

// vector reads an array of numbers.
func (d *decoder) vector() ([]float64, error) {
	v, _, err := d.vectorInts()
	return v, err
}

// vectorInts reads an array of numbers, and reports whether each is
// written as an integer: null is nil, [] empty.
func (d *decoder) vectorInts() ([]float64, bool, error) {
	d.nums.reset()
	null, ints, err := d.numbers()
	if err != nil || null {
		return nil, ints, err
	}
	v := make([]float64, d.nums.n)
	d.nums.copyTo(v, 0)
	d.nums.reset()
	return v, ints, nil
}

// numbers reads an array of numbers into d.nums, counting them and the
// vector's slice header against MaxCells before it keeps them.
func (d *decoder) numbers() (null, ints bool, err error) {
	ints = true
	null, err = d.array(func() error {
		v, err := d.float()
		if err != nil {
			return err
		}
		ints = ints && isInteger(d.tok)
		d.cells++
		if err := d.cells.err(); err != nil {
			return err
		}
		d.nums.add(v)
		return nil
	})
	if err != nil || null {
		return null, ints, err
	}
	d.cells += 3
	return false, ints, d.cells.err()
}

// vectors reads an array of arrays of numbers: their numbers into one
// slice, which the vectors share (each with its own capacity), so that
// many short vectors take no more than their numbers and slice headers.
func (d *decoder) vectors() ([][]float64, error) {
	d.nums.reset()
	var ends blocks[int]
	null, err := d.array(func() error {
		null, _, err := d.numbers()
		if null && err == nil {
			return d.errorf("null, want an array of numbers")
		}
		ends.add(d.nums.n)
		return err
	})
	if err != nil || null {
		d.nums.reset()
		return nil, err
	}
	all := make([]float64, d.nums.n)
	d.nums.copyTo(all, 0)
	d.nums.reset()
	vs := make([][]float64, ends.n)
	start := 0
	for j := range vs {
		end := ends.at(j)
		vs[j] = all[start:end:end]
		start = end
	}
	return vs, nil
}

// float reads a number.
func (d *decoder) float() (float64, error) {
	if err := d.number("a number"); err != nil {
		return 0, err
	}
	return d.parseFloat()
}

// number reads a number's text into d.tok; want says what the value
// should be, for the error when it is not a number.
func (d *decoder) number(want string) error {
	c, err := d.space()
	if err != nil {
		return err
	}
	if describe(c) != "a number" {
		return d.errorf("%s, want %s", orSyntax(describe(c), c), want)
	}
	return d.numberText()
}

// parseFloat parses the number token read; beyond the range of float64
// is an error (JSON has no infinity), below it rounds to 0.
func (d *decoder) parseFloat() (float64, error) {
	v, err := strconv.ParseFloat(string(d.tok), 64)
	if err != nil && (math.IsInf(v, 0) || !errors.Is(err, strconv.ErrRange)) {
		return 0, d.errorf("number %s is beyond the range of a float64", short(string(d.tok)))
	}
	return v, nil
}

// integer reads an integer: a number without fraction or exponent.
func (d *decoder) integer() (int64, error) {
	if err := d.number("an integer"); err != nil {
		return 0, err
	}
	i, err := strconv.ParseInt(string(d.tok), 10, 64)
	if err != nil || !isInteger(d.tok) {
		return 0, d.errorf("number %s, want an integer of at most 19 digits", short(string(d.tok)))
	}
	return i, nil
}

// string reads a string.
func (d *decoder) string() (string, error) {
	c, err := d.space()
	if err != nil {
		return "", err
	}
	if c != '"' {
		return "", d.errorf("%s, want a string", orSyntax(describe(c), c))
	}
	d.tok = d.tok[:0]
	escaped := false
	for {
		c, err := d.next()
		if err != nil {
			return "", err
		}
		if len(d.tok) == maxToken {
			return "", d.errorf("a string longer than %d bytes", maxToken)
		}
		d.tok = append(d.tok, c)
		switch {
		case c < 0x20:
			return "", d.errorf("a control character (%q) in a string", c)
		case c == '\\':
			// Escapes are rare here: encoding/json decodes them below.
			escaped = true
			next, err := d.next()
			if err != nil {
				return "", err
			}
			d.tok = append(d.tok, next)
		case c == '"' && len(d.tok) > 1:
			if !escaped {
				return string(d.tok[1 : len(d.tok)-1]), nil
			}
			var s string
			if err := json.Unmarshal(d.tok, &s); err != nil {
				return "", d.errorf("an invalid escape in the string %q", short(string(d.tok)))
			}
			return s, nil
		}
	}
}

// boolean reads true or false.
func (d *decoder) boolean() (bool, error) {
	c, err := d.space()
	if err != nil {
		return false, err
	}
	if c != 't' && c != 'f' {
		return false, d.errorf("%s, want true or false", orSyntax(describe(c), c))
	}
	word := "true"
	if c == 'f' {
		word = "false"
	}
	return c == 't', d.literal(word)
}

// literal reads the literal word.
func (d *decoder) literal(word string) error {
	for i := range len(word) {
		c, err := d.next()
		if err != nil {
			return err
		}
		if c != word[i] {
			return d.syntax(c, fmt.Sprintf("%q (in %s)", word[i], word))
		}
	}
	return nil
}

// numberText reads a number into d.tok and checks it against JSON's
// grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func (d *decoder) numberText() error {
	d.tok = d.tok[:0]
	for {
		buf, err := d.window()
		if err == io.EOF || err == errTruncated {
			break
		}
		if err != nil {
			return err
		}
		i := 0
		for i < len(buf) && isNumberByte(buf[i]) {
			i++
		}
		if len(d.tok)+i > maxToken {
			return d.errorf("a number longer than %d bytes", maxToken)
		}
		d.tok = append(d.tok, buf[:i]...)
		d.r.Discard(i)
		d.n += int64(i)
		if i < len(buf) {
			break
		}
	}
	if !validNumber(d.tok) {
		return d.errorf("invalid number %q", short(string(d.tok)))
	}
	return nil
}

func isNumberByte(c byte) bool {
	return '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// validNumber reports whether b is a JSON number.
func validNumber(b []byte) bool {
	i := 0
	digits := func() int {
		j := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch n := digits(); {
	case n == 0, n > 1 && b[i-n] == '0':
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}

// isInteger reports whether the JSON number b has no fraction or exponent.
func isInteger(b []byte) bool {
	for _, c := range b {
		if c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

// describe names the JSON value that starts with c, or "" when none does.
func describe(c byte) string {
	switch {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 't', c == 'f':
		return "true or false"
	case c == 'n':
		return "null"
	case c == '-', '0' <= c && c <= '9':
		return "a number"
	}
	return ""
}

// orSyntax returns what, or, when no value starts with c, the character.
func orSyntax(what string, c byte) string {
	if what != "" {
		return what
	}
	return "invalid character " + quoteByte(c)
}

// quoteByte writes c for a message: 'x', '\x00', or byte 0xe4 of UTF-8.
func quoteByte(c byte) string {
	if c < 0x80 {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// space skips white space and returns the next byte, not consumed.
func (d *decoder) space() (byte, error) {
	for {
		buf, err := d.window()
		if err != nil {
			return 0, err
		}
		for i, c := range buf {
			switch c {
			case '\n':
				d.line++
			case ' ', '\t', '\r':
			default:
				d.r.Discard(i)
				d.n += int64(i)
				return c, nil
			}
		}
		d.r.Discard(len(buf))
		d.n += int64(len(buf))
	}
}

// window returns the input buffered (at least a byte, at most up to
// MaxBytes), without consuming it. The end of the input inside the object
// is errTruncated, past MaxBytes errTooLarge.
func (d *decoder) window() ([]byte, error) {
	if d.r.Buffered() == 0 {
		if _, err := d.peek(); err != nil {
			return nil, err
		}
	}
	buf, _ := d.r.Peek(d.r.Buffered())
	if rest := MaxBytes - d.n; int64(len(buf)) > rest {
		buf = buf[:rest]
		if rest == 0 {
			return nil, errTooLarge
		}
	}
	return buf, nil
}

// peek returns the next byte without consuming it. The end of the input
// inside the object is errTruncated, past MaxBytes errTooLarge.
func (d *decoder) peek() (byte, error) {
	b, err := d.r.Peek(1)
	switch {
	case err == io.EOF && d.depth > 0:
		return 0, errTruncated
	case err != nil:
		return 0, err
	case d.n >= MaxBytes:
		return 0, errTooLarge
	}
	return b[0], nil
}

// advance consumes the byte peek returned.
func (d *decoder) advance() {
	c, _ := d.r.ReadByte()
	d.n++
	switch c {
	case '\n':
		d.line++
	case '{', '[':
		d.depth++
	case '}', ']':
		d.depth--
	}
}

// next reads a byte of a string or a literal.
func (d *decoder) next() (byte, error) {
	c, err := d.peek()
	if err == io.EOF {
		err = errTruncated
	}
	if err != nil {
		return 0, err
	}
	d.r.ReadByte()
	d.n++
	return c, nil
}

// errorf returns an error wrapping ErrFormat that names the line and the
// key being read.
func (d *decoder) errorf(format string, args ...any) error {
	where := fmt.Sprintf("line %d", d.line)
	if len(d.path) > 0 {
		where += ": " + strings.Join(d.path, ".")
	}
	return fmt.Errorf("%w: %s: %s", ErrFormat, where, fmt.Sprintf(format, args...))
}

// syntax returns the error for the character c where want was expected.
func (d *decoder) syntax(c byte, want string) error {
	return d.errorf("invalid character %s, want %s", quoteByte(c), want)
}

var errTooLarge = fmt.Errorf("%w: larger than %d bytes (MaxBytes)", ErrFormat, MaxBytes)
