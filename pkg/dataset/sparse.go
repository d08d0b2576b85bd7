package dataset

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"unsafe"

	"gonum.org/v1/gonum/mat"
)

// ReadSparse reads a data set in CSV or LIBSVM form, told apart as Read
// does, without ever making sparse data dense: a LIBSVM file becomes a
// *CSR, n × (largest index), holding the entries the file lists, and memory
// grows with the size of the file, not with n·d. When every row lists every
// feature (and for a CSV file) the matrix is a *mat.Dense instead, whose
// data are the values as read, in the same memory. svm.DCD takes either.
//
// The format, the errors and the limits are those of Read (a line of at
// most MaxLineBytes, indices up to MaxIndex, at most MaxCells numbers),
// except that a LIBSVM file is bounded by the numbers it holds — its
// entries and its rows together at most MaxCells — not by n·(d+1), and
// MaxCellsPerByte does not apply. When r is a regular file, a first pass
// counts its lines and entries so that the arrays are allocated once, at
// their final size. SparseReader reads with a larger limit.
//
// The LIBSVM reader parses the bytes in place; a line it does not take at
// once (a malformed one, or one with a number it leaves to strconv) is read
// again by Read's rules, which give the same data or the same error.
func ReadSparse(r io.Reader) (x mat.Matrix, y []float64, err error) {
	return SparseReader{}.Read(r)
}

// SparseReader reads sparse data as ReadSparse does, with a limit of its
// own. Its zero value is ReadSparse's reader.
type SparseReader struct {
	// MaxCells bounds the numbers a LIBSVM file may hold, entries and rows
	// together; 0 means the package's MaxCells (2²⁴). A program that knows
	// its memory may raise it: a CSR takes 12 bytes per entry and 8 per
	// row, and svm.DCD about 20 bytes per row besides, so a dense 10⁶ × 20
	// set (2.1·10⁷ numbers) is read and fitted in about 200 MB.
	// MemoryCells gives a limit that follows the memory available. CSV
	// data are read by Read's rules, within the package's MaxCells.
	MaxCells int
}

// Read reads a labelled data set as ReadSparse does.
func (s SparseReader) Read(r io.Reader) (x mat.Matrix, y []float64, err error) {
	return s.read(r, 0)
}

// ReadPoints reads points of d features, with or without labels, as
// ReadPoints does, keeping a LIBSVM file sparse: the matrix is a *CSR of d
// columns, or a *mat.Dense when every row lists every feature or the input
// is CSV. Indices above d give an error wrapping ErrDimension. It panics if
// d < 1.
func (s SparseReader) ReadPoints(r io.Reader, d int) (x mat.Matrix, y []float64, err error) {
	if d < 1 {
		panic("dataset: SparseReader.ReadPoints needs d ≥ 1")
	}
	return s.read(r, d)
}

// read is Read for want = 0 and ReadPoints for want > 0.
func (s SparseReader) read(r io.Reader, want int) (mat.Matrix, []float64, error) {
	limit := s.MaxCells
	if limit <= 0 {
		limit = maxCells
	}
	var hint sizeHint
	if f, ok := r.(*os.File); ok {
		hint = countFile(f, limit)
	}
	format, rest, err := sniff(r, want)
	if err != nil {
		return nil, nil, err
	}
	if format == formatCSV {
		s, err := readCSV(newTextReader(rest, true), want)
		if err != nil {
			return nil, nil, err
		}
		return s.X, s.Y, nil
	}
	c, y, err := readCSR(rest, want, limit, hint)
	if err != nil {
		return nil, nil, err
	}
	if c.Full() {
		return c.Dense(), y, nil
	}
	return c, y, nil
}

// sizeHint is an upper bound on the lines and entries of a file, or zero.
type sizeHint struct{ lines, entries int }

// countFile counts the line breaks and colons of the regular file f from
// its current offset, and seeks back; it returns a zero hint for anything
// else, or when the counts pass limit.
func countFile(f *os.File, limit int) sizeHint {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return sizeHint{}
	}
	off, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return sizeHint{}
	}
	var h sizeHint
	buf := make([]byte, 1<<20)
	for {
		k, err := f.Read(buf)
		h.lines += bytes.Count(buf[:k], []byte{'\n'})
		h.entries += bytes.Count(buf[:k], []byte{':'})
		if err != nil || h.lines+h.entries > limit {
			break
		}
	}
	if _, err := f.Seek(off, io.SeekStart); err != nil {
		panic("dataset: a file that seeked once does not seek back: " + err.Error())
	}
	if h.lines+h.entries > limit {
		return sizeHint{}
	}
	h.lines++ // a last line without a line break
	return h
}

// readCSR reads LIBSVM text into a CSR matrix and its labels: a labelled
// set for want = 0, points of want features otherwise (labels nil when the
// lines have none). At most limit entries and rows together.
func readCSR(r io.Reader, want, limit int, hint sizeHint) (*CSR, []float64, error) {
	br := bufio.NewReaderSize(r, 256<<10)
	st := libsvmState{want: want, label: true}
	st.idx.reserve(hint.entries)
	st.val.reserve(hint.entries)
	st.y.y.reserve(hint.lines)
	ptr := make([]int, 1, hint.lines+1)
	var long []byte // a line longer than br's buffer
	var total int64
	for line := 1; ; line++ {
		text, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long[:0], text...)
			for err == bufio.ErrBufferFull && len(long) <= maxLineBytes {
				text, err = br.ReadSlice('\n')
				long = append(long, text...)
			}
			text = long
		}
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, nil, fmt.Errorf("dataset: reading LIBSVM: %w", err)
		}
		if i := bytes.IndexByte(text, 0); i >= 0 {
			return nil, nil, &LineError{Line: line, Err: ErrFormat, Hint: nulHint(text, i, total+int64(i)+1)}
		}
		if len(text) > maxLineBytes {
			return nil, nil, &LineError{Line: line, Err: ErrTooLarge,
				Hint: fmt.Sprintf("a line is longer than %d bytes", maxLineBytes)}
		}
		total += int64(len(text))
		body := bytes.TrimSuffix(text, []byte{'\n'})
		mark := st.idx.len()
		fields, ok := st.parseFast(body, line)
		if !ok {
			// Back to the start of the line, and Read's rules.
			st.idx.truncate(mark)
			st.val.truncate(mark)
			if fields, err = st.parseLine(string(body), line); err != nil {
				return nil, nil, err
			}
		}
		if fields > 0 {
			st.rows++
			ptr = append(ptr, st.idx.len())
			if st.idx.len()+st.rows > limit {
				return nil, nil, &LineError{Line: line, Err: ErrTooLarge,
					Hint: fmt.Sprintf("%d rows and %d entries: more than %d numbers", st.rows, st.idx.len(), limit)}
			}
		}
		if err == io.EOF {
			break
		}
	}
	y, err := st.finish()
	if err != nil {
		return nil, nil, err
	}
	d := st.d
	if want > 0 {
		d = want
	}
	return &CSR{N: st.rows, D: d, Ptr: ptr, Ind: st.idx.slice(), Val: st.val.slice()}, y, nil
}

// parseFast parses a well-formed LIBSVM line, appending its label (when
// the lines have labels) and entries, and returns the number of fields; ok
// is false, with the line possibly half appended, for anything it does not
// take at once (parseLine then decides), and for the first line of points
// (want > 0), which parseLine reads to learn whether the lines have labels.
func (st *libsvmState) parseFast(b []byte, line int) (fields int, ok bool) {
	if i := bytes.IndexByte(b, '#'); i >= 0 {
		b = b[:i]
	}
	k := skipBlanks(b, 0)
	if k == len(b) {
		return 0, true // a blank or comment line
	}
	if st.want > 0 && st.rows == 0 {
		return 0, false
	}
	var lab float64
	end := k
	if st.label {
		end = tokenEnd(b, k)
		if lab, ok = parseNumber(b[k:end]); !ok {
			return 0, false
		}
		fields = 1
	}
	prev := 0
	for k = skipBlanks(b, end); k < len(b); k = skipBlanks(b, end) {
		// index: digits, then ':'
		j := 0
		start := k
		for ; k < len(b) && isDigit(b[k]); k++ {
			j = j*10 + int(b[k]-'0')
			if j > MaxIndex {
				return 0, false
			}
		}
		if k == start || k == len(b) || b[k] != ':' || j <= prev || st.want > 0 && j > st.want {
			return 0, false
		}
		end = tokenEnd(b, k+1)
		v, ok := parseNumber(b[k+1 : end])
		if !ok {
			return 0, false
		}
		fields++
		prev = j
		if j > st.d {
			st.d, st.dLine = j, line
		}
		st.idx.add(int32(j - 1))
		st.val.add(v)
	}
	if st.label {
		st.y.add(lab, line)
	}
	return fields, true
}

func skipBlanks(b []byte, k int) int {
	for k < len(b) && isBlank(b[k]) {
		k++
	}
	return k
}

func tokenEnd(b []byte, k int) int {
	for k < len(b) && !isBlank(b[k]) {
		k++
	}
	return k
}

// pow10 are the powers of ten that float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseNumber parses b as parseValue does when it is a finite decimal
// number, [+-]digits[.digits][e[+-]digits], and reports false otherwise.
// A number of at most 15 significant digits with a small exponent is m·10^e
// with m and 10^|e| exact in float64, whose one multiplication or division
// rounds correctly (Clinger 1990); others go to strconv.ParseFloat, which
// rounds correctly too.
func parseNumber(b []byte) (float64, bool) {
	i := 0
	neg := false
	if i < len(b) && (b[i] == '+' || b[i] == '-') {
		neg = b[i] == '-'
		i++
	}
	var m uint64
	digits, exp := 0, 0
	for ; i < len(b) && isDigit(b[i]); i++ {
		if m == 0 && b[i] == '0' {
			continue // leading zeros are not significant
		}
		m = m*10 + uint64(b[i]-'0')
		digits++
	}
	mantissa := i > 0 && isDigit(b[i-1])
	if i < len(b) && b[i] == '.' {
		for i++; i < len(b) && isDigit(b[i]); i++ {
			mantissa = true
			if m == 0 && b[i] == '0' {
				exp--
				continue
			}
			m = m*10 + uint64(b[i]-'0')
			digits++
			exp--
		}
	}
	if !mantissa || digits > 15 || i < len(b) && b[i] != 'e' && b[i] != 'E' {
		return parseSlow(b)
	}
	if i < len(b) { // the exponent
		i++
		eneg := false
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			eneg = b[i] == '-'
			i++
		}
		start, e := i, 0
		for ; i < len(b) && isDigit(b[i]); i++ {
			if e < 10000 {
				e = e*10 + int(b[i]-'0')
			}
		}
		if i == start || i != len(b) {
			return 0, false
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	v := float64(m)
	switch {
	case m == 0:
		v = 0
	case exp >= 0 && exp < len(pow10):
		v *= pow10[exp]
	case exp < 0 && -exp < len(pow10):
		v /= pow10[-exp]
	default:
		return parseSlow(b)
	}
	if neg {
		v = -v
	}
	return v, true
}

// parseSlow is parseNumber by strconv, without copying b.
func parseSlow(b []byte) (float64, bool) {
	if len(b) == 0 {
		return 0, false
	}
	s := unsafe.String(&b[0], len(b))
	if !isDecimal(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}
