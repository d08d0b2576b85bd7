package dataset

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// ReadCSV reads a data set in CSV form: one example per line, the features
// separated by commas and the label in the last field. The first line is a
// header, and gives Set.Names, when none of its fields is a number. Blank
// lines and lines whose first non-blank character is '#' are ignored; fields
// may be quoted as in RFC 4180 and surrounding blanks are ignored. Numbers
// are decimal (1, -0.5, 2e-3); Go's 1_000 and hexadecimal 0x1p-2 are not. A
// UTF-8 byte order mark is skipped.
//
// The error names the line and field (see LineError) and wraps ErrFormat
// (not CSV, not UTF-8 text, or a field that is not a number), ErrRagged (a
// line with a different number of fields than the first), ErrNotFinite
// (NaN, ±Inf or a number out of range), ErrLabel (a label other than −1 or
// +1, with a hint for {0,1} and {1,2}), ErrEmpty (no data line, or no
// feature column) or ErrTooLarge (past MaxLineBytes or MaxCells).
func ReadCSV(r io.Reader) (*Set, error) {
	br, err := openText(r)
	if err != nil {
		return nil, err
	}
	return readCSV(newTextReader(br, true), 0)
}

// readCSV reads CSV text. With d = 0 it reads a labelled data set, the
// label last; with d > 0 (ReadPoints) points of d features, each line with
// or without a label (d or d+1 fields, as the first line has), and the set
// has no labels (Y nil) when the lines have none.
func readCSV(t *textReader, d int) (*Set, error) {
	cr := csv.NewReader(t)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true

	var (
		names  []string
		data   blocks[float64]
		y      labels
		rows   int
		fields int // fields per line, fixed by the first line
		label  = 1 // label fields per line: 1, or 0 for points without labels
	)
	for first := true; ; {
		rec, err := cr.Read()
		if t.err != nil {
			return nil, t.err
		}
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
			continue // a line of blanks, or a comment
		}
		line, _ := cr.FieldPos(0)
		if first {
			first = false
			fields = len(rec)
			switch {
			case d > 0 && fields == d:
				label = 0
			case d > 0 && fields != d+1:
				return nil, &LineError{Line: line, Err: ErrDimension, Text: short(strings.Join(rec, ",")),
					Hint: fmt.Sprintf("%d fields; want %d features, or %d and the label last", fields, d, d)}
			case fields < 2:
				return nil, &LineError{Line: line, Err: ErrEmpty, Text: short(strings.Join(rec, ",")),
					Hint: "a line needs at least one feature and the label, separated by commas"}
			}
			if isHeader(rec) {
				names = make([]string, fields-label)
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
		if data.len()+y.y.len()+fields > maxCells {
			return nil, &LineError{Line: line, Err: ErrTooLarge,
				Hint: fmt.Sprintf("more than %d numbers", maxCells)}
		}
		for j, f := range rec {
			v, err := parseValue(f, line, j+1)
			if err != nil {
				if j == fields-label && errors.Is(err, ErrNotFinite) {
					err.(*LineError).Err = ErrLabel
				}
				return nil, err
			}
			if j < fields-label {
				data.add(v)
			} else {
				y.add(v, line)
			}
		}
		rows++
	}
	if rows == 0 {
		return nil, fmt.Errorf("%w: no data lines in CSV input", ErrEmpty)
	}
	labels := y.y.slice()
	if err := y.err(labels, fields); err != nil {
		return nil, err
	}
	if label == 0 {
		labels = nil
	}
	return &Set{X: mat.NewDense(rows, fields-label, data.slice()), Y: labels, Names: names}, nil
}

// isHeader reports whether no field of rec is a number.
func isHeader(rec []string) bool {
	for _, f := range rec {
		if isNumber(f) {
			return false
		}
	}
	return true
}

// ReadLIBSVM reads a data set in the sparse format of LIBSVM and SVMlight:
// one example per line, "label index:value index:value …", blank-separated,
// with 1-based feature indices in strictly ascending order. Features not
// listed are 0, and the number of features d is the largest index in the
// file. Blank lines are ignored, and so is text from '#' to the end of a line.
// Numbers are decimal, as in ReadCSV.
//
// The data set is dense, n×d: a file that describes more than MaxCells
// numbers, or more than MaxCellsPerByte numbers per byte of the file (a
// sparse file with a huge index), is refused before anything of that size
// is allocated.
//
// The error names the line and field (field 1 is the label; see LineError)
// and wraps ErrFormat (a malformed pair, an index that is not a positive
// integer or does not ascend, text that is not UTF-8), ErrNotFinite,
// ErrLabel (with a hint for {0,1} and {1,2}), ErrEmpty (no data line, or no
// feature in the whole file) or ErrTooLarge.
func ReadLIBSVM(r io.Reader) (*Set, error) {
	br, err := openText(r)
	if err != nil {
		return nil, err
	}
	return readLIBSVM(newTextReader(br, false), 0)
}

// readLIBSVM reads LIBSVM text. With want = 0 it reads a labelled data
// set, as wide as its largest index; with want > 0 (ReadPoints) points of
// want features, indices up to want, each line with a label or (when its
// first token is an index:value pair) without, as the first line has; the
// set has no labels (Y nil) when the lines have none.
func readLIBSVM(t *textReader, want int) (*Set, error) {
	sc := bufio.NewScanner(t)
	// The scanner's own limit lies past textReader's, which reports the
	// line.
	sc.Buffer(make([]byte, 0, 64*1024), maxLineBytes+2)
	st := libsvmState{want: want, label: true}
	var rowEnd blocks[int]
	for line := 1; sc.Scan(); line++ {
		if t.err != nil {
			// The scanner hands out the rest of the input after an
			// error, as if it were the last line.
			return nil, t.err
		}
		// The in-place parser first, as ReadSparse's; a line it does not
		// take at once is parsed again by parseLine, which gives the same
		// entries or the error.
		body := sc.Bytes()
		mark := st.idx.len()
		fields, ok := 0, false
		if !slowLIBSVM {
			fields, ok = st.parseFast(body, line)
		}
		if !ok {
			st.idx.truncate(mark)
			st.val.truncate(mark)
			var err error
			if fields, err = st.parseLine(string(body), line); err != nil {
				return nil, err
			}
		}
		if fields > 0 {
			st.rows++
			rowEnd.add(st.idx.len())
			if n := st.rows; n*(max(st.d, want)+1) > maxCells {
				return nil, &LineError{Line: line, Err: ErrTooLarge,
					Hint: fmt.Sprintf("%d×%d features: more than %d numbers", n, st.d, maxCells)}
			}
		}
	}
	if t.err != nil {
		return nil, t.err
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("dataset: reading LIBSVM: %w", err)
	}
	labels, err := st.finish()
	if err != nil {
		return nil, err
	}
	n, d := st.rows, st.d
	if want > 0 {
		d = want // every index is at most want
	}
	// Points for ReadPoints are as wide as the model asks, not as the file
	// says: MaxCells bounds them.
	if cells := int64(n) * int64(d+1); want == 0 && cells > FreeCells && cells > MaxCellsPerByte*t.total {
		return nil, &LineError{Line: st.dLine, Err: ErrTooLarge, Hint: fmt.Sprintf(
			"index %d on this line makes the data %d×%d, %d numbers from %d bytes of input; "+
				"the readers store at most %d numbers per byte (data this sparse needs a sparse solver such as LIBSVM's)",
			d, n, d, cells, t.total, MaxCellsPerByte)}
	}
	data := make([]float64, n*d)
	i, k, end := 0, 0, 0
	ends := rowEnd.slice()
	// idx and val have their blocks in step: walk them together.
	for b, js := range st.idx.list {
		vs := st.val.list[b]
		for e, j := range js {
			for k == end {
				end, i = ends[i], i+1
			}
			data[(i-1)*d+int(j)] = vs[e]
			k++
		}
	}
	return &Set{X: mat.NewDense(n, d, data), Y: labels}, nil
}

// libsvmState is what a LIBSVM reader has read so far: the labels, the
// entries (0-based columns and values, row after row, in blocks kept in
// step), the rows, the largest index d and its line.
type libsvmState struct {
	want  int  // ReadPoints' dimension, or 0
	label bool // the lines start with a label; set by the first line for ReadPoints
	y     labels
	idx   blocks[int32]
	val   blocks[float64]
	rows  int
	d     int
	dLine int
}

// parseLine parses one line of LIBSVM text, without its line break, and
// appends its label and entries; it returns the number of fields, 0 for a
// blank or comment line. The caller counts the rows.
func (st *libsvmState) parseLine(text string, line int) (fields int, err error) {
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
		if field == 1 && st.want > 0 {
			pair := strings.IndexByte(tok, ':') >= 0
			switch {
			case st.rows == 0:
				st.label = !pair
			case pair == st.label:
				hint := "a line with a label; the first line has none"
				if pair {
					hint = "a line without a label; the first line has one"
				}
				return 0, &LineError{Line: line, Field: 1, Text: short(tok), Err: ErrFormat, Hint: hint}
			}
		}
		if field == 1 && st.label {
			if strings.IndexByte(tok, ':') >= 0 {
				return 0, &LineError{Line: line, Field: 1, Text: short(tok), Err: ErrFormat,
					Hint: "a line without its label: each line starts with its label, +1 or -1"}
			}
			v, err := parseValue(tok, line, 1)
			if err != nil {
				if errors.Is(err, ErrNotFinite) {
					err.(*LineError).Err = ErrLabel
				}
				return 0, err
			}
			st.y.add(v, line)
			continue
		}
		colon := strings.IndexByte(tok, ':')
		if colon < 0 {
			return 0, &LineError{Line: line, Field: field, Text: short(tok), Err: ErrFormat,
				Hint: "expected index:value"}
		}
		j, err := strconv.Atoi(tok[:colon])
		switch {
		case err != nil && errors.Is(err, strconv.ErrRange), err == nil && j > MaxIndex:
			return 0, &LineError{Line: line, Field: field, Text: short(tok), Err: ErrTooLarge,
				Hint: fmt.Sprintf("index larger than %d", MaxIndex)}
		case err != nil || j < 1:
			return 0, &LineError{Line: line, Field: field, Text: short(tok), Err: ErrFormat,
				Hint: "the index must be an integer ≥ 1"}
		case j <= prev:
			return 0, &LineError{Line: line, Field: field, Text: short(tok), Err: ErrFormat,
				Hint: fmt.Sprintf("indices must ascend; the previous index is %d", prev)}
		case st.want > 0 && j > st.want:
			return 0, &LineError{Line: line, Field: field, Text: short(tok), Err: ErrDimension,
				Hint: fmt.Sprintf("index %d; want %d features", j, st.want)}
		}
		v, err := parseValue(tok[colon+1:], line, field)
		if err != nil {
			return 0, err
		}
		prev = j
		if j > st.d {
			st.d, st.dLine = j, line
		}
		st.idx.add(int32(j - 1))
		st.val.add(v)
	}
	return field, nil
}

// finish checks what was read — some data line, some feature (for a
// labelled set), labels ±1 — and returns the labels in one slice, nil when
// the lines have none.
func (st *libsvmState) finish() ([]float64, error) {
	if st.rows == 0 {
		return nil, fmt.Errorf("%w: no data lines in LIBSVM input", ErrEmpty)
	}
	if st.d == 0 && st.want == 0 {
		return nil, fmt.Errorf("%w: no features in LIBSVM input", ErrEmpty)
	}
	labels := st.y.y.slice()
	if err := st.y.err(labels, 1); err != nil {
		return nil, err
	}
	if !st.label {
		labels = nil
	}
	return labels, nil
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

// Read reads a data set in CSV or LIBSVM form, telling them apart by the
// first line that is neither blank nor a comment: a label followed by
// index:value pairs, or a lone label, is LIBSVM (a '#' comment at its end
// may hold commas); any other line with a comma is CSV. The error is that
// of ReadCSV or ReadLIBSVM, or wraps ErrFormat when the line fits neither,
// ErrEmpty when there is no such line and ErrTooLarge when there is none in
// the first MaxLineBytes lines.
func Read(r io.Reader) (*Set, error) { return read(r, 0) }

// ReadPoints reads points to classify with a model of d features, with or
// without labels, in CSV or LIBSVM form told apart as Read does. A CSV line
// has d fields, the features, or d+1, the features and the label last; a
// LIBSVM line is "label index:value …" or, without the label, "index:value
// …", with indices up to d (features not listed are 0). All lines are as
// the first one is: with labels or without. With d = 1, a file of lone
// numbers is CSV: one feature per line, no label.
//
// It returns the n×d points and their labels, or nil labels for a file
// without them. The errors are those of Read; a line with a number of
// fields other than d or d+1, or an index above d, gives an error wrapping
// ErrDimension. It panics if d < 1.
func ReadPoints(r io.Reader, d int) (x *mat.Dense, y []float64, err error) {
	if d < 1 {
		panic("dataset: ReadPoints needs d ≥ 1")
	}
	s, err := read(r, d)
	if err != nil {
		return nil, nil, err
	}
	return s.X, s.Y, nil
}

// read is Read for d = 0 and ReadPoints for d > 0.
func read(r io.Reader, d int) (*Set, error) {
	format, rest, err := sniff(r, d)
	if err != nil {
		return nil, err
	}
	if format == formatCSV {
		return readCSV(newTextReader(rest, true), d)
	}
	return readLIBSVM(newTextReader(rest, false), d)
}

// The formats that sniff tells apart.
const (
	formatCSV = iota
	formatLIBSVM
)

// sniff tells CSV from LIBSVM by the first line that is neither blank nor
// a comment (see Read and ReadPoints) and returns the format and the whole
// input again: a line break for each blank or comment line (so that line
// numbers stay right), then the first data line and the rest, which the
// reader chosen reads, and so checks.
func sniff(r io.Reader, d int) (format int, rest io.Reader, err error) {
	br, err := openText(r)
	if err != nil {
		return 0, nil, err
	}
	seen := new(bytes.Buffer)
	rest = io.MultiReader(seen, br)
	for line := 1; ; line++ {
		text, err := readLine(br, maxLineBytes)
		if err != nil && err != io.EOF {
			return 0, nil, fmt.Errorf("dataset: reading: %w", err)
		}
		if bytes.IndexByte(text, 0) >= 0 || len(text) > maxLineBytes {
			seen.Write(text)
			return formatLIBSVM, rest, nil // whose reader reports the NUL byte or the long line
		}
		if s := strings.TrimSpace(string(text)); s != "" && s[0] != '#' {
			seen.Write(text)
			switch {
			case d == 1 && !strings.ContainsAny(s, ":,"):
				return formatCSV, rest, nil // a lone feature
			case looksLIBSVM(s), d > 0 && looksPairs(s):
				return formatLIBSVM, rest, nil
			case strings.IndexByte(s, ',') >= 0:
				return formatCSV, rest, nil
			case looksPairs(s):
				return 0, nil, &LineError{Line: line, Text: short(s), Err: ErrFormat,
					Hint: "a LIBSVM line without its label: data to train on start each line with its label, +1 or -1 " +
						"(ReadPoints, and marginnotes predict, read points without labels)"}
			}
			return 0, nil, &LineError{Line: line, Text: short(s), Err: ErrFormat,
				Hint: "neither CSV (no comma) nor LIBSVM (no index:value pair)"}
		}
		if err == io.EOF {
			return 0, nil, fmt.Errorf("%w: no data lines", ErrEmpty)
		}
		seen.WriteByte('\n')
		if seen.Len() > maxLineBytes {
			return 0, nil, fmt.Errorf("%w: no data line in the first %d lines", ErrTooLarge, seen.Len())
		}
	}
}

// looksPairs reports whether the line s, up to a comment, is index:value
// pairs only: a LIBSVM line without its label.
func looksPairs(s string) bool {
	return looksLIBSVM("0 " + s)
}

// looksLIBSVM reports whether the line s, up to a comment (a '#' after a
// blank), is a label followed by index:value pairs, none with a comma or a
// quote.
func looksLIBSVM(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] == '#' && isBlank(s[i-1]) {
			s = s[:i]
			break
		}
	}
	tok, rest := nextToken(s)
	if tok == "" || strings.ContainsAny(tok, ":,\"") {
		return false
	}
	for {
		tok, rest = nextToken(rest)
		if tok == "" {
			return true
		}
		if strings.IndexByte(tok, ':') < 0 || strings.ContainsAny(tok, ",\"") {
			return false
		}
	}
}
