package dataset

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Limits that keep a malformed or hostile file from exhausting memory.
var (
	// maxCells bounds n·d of the dense matrix a reader builds (2 GiB of
	// float64). Tests lower it.
	maxCells = 1 << 28
	// maxIndex bounds a LIBSVM feature index.
	maxIndex = 1 << 24
)

// maxLineBytes bounds the length of one line of a LIBSVM file.
const maxLineBytes = 1 << 28

// ReadCSV reads a data set in CSV form: one example per line, the features
// separated by commas and the label in the last field. The first line is a
// header, and gives Set.Names, when none of its fields is a number. Blank
// lines and lines starting with '#' are ignored; fields may be quoted as in
// RFC 4180 and surrounding blanks are ignored.
//
// The error names the line and field (see LineError) and wraps ErrFormat
// (not CSV, or a field that is not a number), ErrRagged (a line with a
// different number of fields than the first), ErrNotFinite (NaN, ±Inf or a
// number out of range), ErrLabel (a label other than −1 or +1, with a hint
// for {0,1} and {1,2}) or ErrEmpty (no data line, or no feature column).
func ReadCSV(r io.Reader) (*Set, error) {
	cr := csv.NewReader(skipBOM(r))
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true

	var (
		names  []string
		data   []float64
		y      []float64
		lines  []int
		fields int // fields per line, fixed by the first line
	)
	for first := true; ; {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &LineError{Line: pe.Line, Err: ErrFormat, Hint: pe.Err.Error()}
			}
			return nil, fmt.Errorf("dataset: reading CSV: %w", err)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a line of blanks
		}
		line, _ := cr.FieldPos(0)
		if first {
			first = false
			fields = len(rec)
			if fields < 2 {
				return nil, &LineError{Line: line, Err: ErrEmpty, Text: short(strings.Join(rec, ",")),
					Hint: "a line needs at least one feature and the label, separated by commas"}
			}
			if isHeader(rec) {
				names = make([]string, fields-1)
				for j := range names {
					names[j] = strings.TrimSpace(rec[j])
				}
				continue
			}
		}
		if len(rec) != fields {
			return nil, &LineError{Line: line, Err: ErrRagged,
				Hint: fmt.Sprintf("%d fields, the first line has %d", len(rec), fields)}
		}
		if len(data)+fields-1 > maxCells {
			return nil, &LineError{Line: line, Err: ErrFormat, Hint: "data set too large"}
		}
		for j, f := range rec {
			v, err := parseValue(f, line, j+1)
			if err != nil {
				if j == fields-1 && errors.Is(err, ErrNotFinite) {
					err.(*LineError).Err = ErrLabel
				}
				return nil, err
			}
			if j < fields-1 {
				data = append(data, v)
			} else {
				y = append(y, v)
				lines = append(lines, line)
			}
		}
	}
	if len(y) == 0 {
		return nil, fmt.Errorf("%w: no data lines in CSV input", ErrEmpty)
	}
	if err := checkLabels(y, lines, fields); err != nil {
		return nil, err
	}
	return &Set{X: mat.NewDense(len(y), fields-1, data), Y: y, Names: names}, nil
}

// isHeader reports whether no field of rec is a number.
func isHeader(rec []string) bool {
	for _, f := range rec {
		if _, err := strconv.ParseFloat(strings.TrimSpace(f), 64); err == nil {
			return false
		}
	}
	return true
}

// parseValue parses a feature or label; field is 1-based.
func parseValue(f string, line, field int) (float64, error) {
	f = strings.TrimSpace(f)
	v, err := strconv.ParseFloat(f, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) && math.IsInf(v, 0) {
			return 0, &LineError{Line: line, Field: field, Text: short(f), Err: ErrNotFinite, Hint: "out of float64 range"}
		}
		hint := "not a number"
		if f == "" {
			hint = "empty field"
		}
		return 0, &LineError{Line: line, Field: field, Text: short(f), Err: ErrFormat, Hint: hint}
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, &LineError{Line: line, Field: field, Text: short(f), Err: ErrNotFinite}
	}
	return v, nil
}

// checkLabels returns a LineError for the first label that is not ±1.
// labelField is the 1-based field of the label on each line.
func checkLabels(y []float64, lines []int, labelField int) error {
	for i, v := range y {
		if v != 1 && v != -1 {
			hint := labelHint(y)
			if hint == "" {
				hint = "labels must be -1 or +1"
			}
			return &LineError{Line: lines[i], Field: labelField, Text: strconv.FormatFloat(v, 'g', -1, 64),
				Err: ErrLabel, Hint: hint}
		}
	}
	return nil
}

// short shortens s for an error message.
func short(s string) string {
	const n = 40
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// ReadLIBSVM reads a data set in the sparse format of LIBSVM and SVMlight:
// one example per line, "label index:value index:value …", blank-separated,
// with 1-based feature indices in strictly ascending order. Features not
// listed are 0, and the number of features d is the largest index in the
// file. Blank lines are ignored, and so is text from '#' to the end of a line.
//
// The error names the line and field (field 1 is the label; see LineError)
// and wraps ErrFormat (a malformed pair, an index that is not a positive
// integer or does not ascend), ErrNotFinite, ErrLabel (with a hint for {0,1}
// and {1,2}) or ErrEmpty (no data line, or no feature in the whole file).
func ReadLIBSVM(r io.Reader) (*Set, error) {
	sc := bufio.NewScanner(skipBOM(r))
	sc.Buffer(make([]byte, 0, 64*1024), maxLineBytes)
	var (
		idx    []int32
		val    []float64
		rowEnd []int
		y      []float64
		lines  []int
		d      int
	)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		field, prev := 0, 0
		for rest := text; ; {
			tok := ""
			tok, rest = nextToken(rest)
			if tok == "" {
				break
			}
			field++
			if field == 1 {
				if strings.IndexByte(tok, ':') >= 0 {
					return nil, &LineError{Line: line, Field: 1, Text: short(tok), Err: ErrFormat,
						Hint: "a line starts with its label"}
				}
				v, err := parseValue(tok, line, 1)
				if err != nil {
					if errors.Is(err, ErrNotFinite) {
						err.(*LineError).Err = ErrLabel
					}
					return nil, err
				}
				y = append(y, v)
				lines = append(lines, line)
				continue
			}
			colon := strings.IndexByte(tok, ':')
			if colon < 0 {
				return nil, &LineError{Line: line, Field: field, Text: short(tok), Err: ErrFormat,
					Hint: "expected index:value"}
			}
			j, err := strconv.Atoi(tok[:colon])
			switch {
			case err != nil || j < 1:
				return nil, &LineError{Line: line, Field: field, Text: short(tok), Err: ErrFormat,
					Hint: "the index must be an integer ≥ 1"}
			case j > maxIndex:
				return nil, &LineError{Line: line, Field: field, Text: short(tok), Err: ErrFormat,
					Hint: fmt.Sprintf("index larger than %d", maxIndex)}
			case j <= prev:
				return nil, &LineError{Line: line, Field: field, Text: short(tok), Err: ErrFormat,
					Hint: fmt.Sprintf("indices must ascend; the previous index is %d", prev)}
			}
			v, err := parseValue(tok[colon+1:], line, field)
			if err != nil {
				return nil, err
			}
			prev = j
			d = max(d, j)
			idx = append(idx, int32(j-1))
			val = append(val, v)
		}
		if field > 0 {
			rowEnd = append(rowEnd, len(idx))
			if len(y)*d > maxCells {
				return nil, &LineError{Line: line, Err: ErrFormat, Hint: "data set too large"}
			}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%w: a line is longer than %d bytes", ErrFormat, maxLineBytes)
		}
		return nil, fmt.Errorf("dataset: reading LIBSVM: %w", err)
	}
	if len(y) == 0 {
		return nil, fmt.Errorf("%w: no data lines in LIBSVM input", ErrEmpty)
	}
	if d == 0 {
		return nil, fmt.Errorf("%w: no features in LIBSVM input", ErrEmpty)
	}
	if err := checkLabels(y, lines, 1); err != nil {
		return nil, err
	}
	data := make([]float64, len(y)*d)
	start := 0
	for i, end := range rowEnd {
		row := data[i*d : (i+1)*d]
		for k := start; k < end; k++ {
			row[idx[k]] = val[k]
		}
		start = end
	}
	return &Set{X: mat.NewDense(len(y), d, data), Y: y}, nil
}

// nextToken splits off the first blank-separated token of s.
func nextToken(s string) (tok, rest string) {
	i := 0
	for i < len(s) && isBlank(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isBlank(s[j]) {
		j++
	}
	return s[i:j], s[j:]
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// Read reads a data set in CSV or LIBSVM form, telling them apart by the
// first line that is neither blank nor a comment: a comma means CSV, otherwise
// an index:value pair or a lone label means LIBSVM. The error is that of
// ReadCSV or ReadLIBSVM, or wraps ErrFormat when the line fits neither and
// ErrEmpty when there is no such line.
func Read(r io.Reader) (*Set, error) {
	br := bufio.NewReader(skipBOM(r))
	var seen bytes.Buffer
	for line := 1; ; line++ {
		text, err := br.ReadString('\n')
		seen.WriteString(text)
		t := strings.TrimSpace(text)
		if t != "" && t[0] != '#' {
			rest := io.MultiReader(&seen, br)
			switch {
			case strings.IndexByte(t, ',') >= 0:
				return ReadCSV(rest)
			case strings.IndexByte(t, ':') >= 0 || !strings.ContainsAny(t, " \t"):
				return ReadLIBSVM(rest)
			}
			return nil, &LineError{Line: line, Text: short(t), Err: ErrFormat,
				Hint: "neither CSV (no comma) nor LIBSVM (no index:value pair)"}
		}
		if err == io.EOF {
			return nil, fmt.Errorf("%w: no data lines", ErrEmpty)
		}
		if err != nil {
			return nil, fmt.Errorf("dataset: reading: %w", err)
		}
		if seen.Len() > maxLineBytes {
			return nil, fmt.Errorf("%w: no data line in the first %d bytes", ErrFormat, maxLineBytes)
		}
	}
}

// skipBOM drops a leading UTF-8 byte order mark.
func skipBOM(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && string(b) == "\ufeff" {
		br.Discard(3)
	}
	return br
}
