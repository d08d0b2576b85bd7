package dataset

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteCSV writes s in the form ReadCSV reads: a header line with s.Names
// and "label" when s.Names is not nil, then one line per example, the
// features and the label ("+1" or "-1") separated by commas. Numbers are
// written with the fewest digits that read back exactly. Names are quoted
// where CSV needs it. The error wraps one of the errors of Set.Validate, or
// ErrFormat when a name is a number (the header would read back as data),
// or is the writer's.
func WriteCSV(w io.Writer, s *Set) error {
	if err := s.Validate(); err != nil {
		return err
	}
	n, d := s.X.Dims()
	bw := bufio.NewWriter(w)
	if s.Names != nil {
		for _, name := range s.Names {
			if _, err := strconv.ParseFloat(strings.TrimSpace(name), 64); err == nil {
				return fmt.Errorf("%w: feature name %q is a number, so the header would read as data", ErrFormat, name)
			}
			bw.WriteString(quoteName(name))
			bw.WriteByte(',')
		}
		bw.WriteString("label\n")
	}
	var buf []byte
	for i := 0; i < n; i++ {
		buf = buf[:0]
		for _, v := range s.X.RawRowView(i)[:d] {
			buf = strconv.AppendFloat(buf, v, 'g', -1, 64)
			buf = append(buf, ',')
		}
		buf = appendLabel(buf, s.Y[i])
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// quoteName quotes a CSV header field when it would not read back unchanged.
func quoteName(name string) string {
	if name != "" && name == strings.TrimSpace(name) && name[0] != '#' &&
		!strings.ContainsAny(name, ",\"\r\n") {
		return name
	}
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

func appendLabel(buf []byte, y float64) []byte {
	if y > 0 {
		return append(buf, "+1"...)
	}
	return append(buf, "-1"...)
}

// WriteLIBSVM writes s in the sparse form ReadLIBSVM and LIBSVM's svm-train
// read: "label index:value …" with 1-based indices and the zero features
// left out. So that the file keeps all d features, the first line ends with
// an explicit "d:0" when feature d is zero in every example. Numbers are
// written with the fewest digits that read back exactly; feature names are
// not written. The error wraps one of the errors of Set.Validate, or is the
// writer's.
func WriteLIBSVM(w io.Writer, s *Set) error {
	if err := s.Validate(); err != nil {
		return err
	}
	n, d := s.X.Dims()
	lastUsed := false
	for i := 0; i < n && !lastUsed; i++ {
		lastUsed = s.X.At(i, d-1) != 0
	}
	bw := bufio.NewWriter(w)
	var buf []byte
	for i := 0; i < n; i++ {
		buf = appendLabel(buf[:0], s.Y[i])
		for j, v := range s.X.RawRowView(i)[:d] {
			if v == 0 && (j != d-1 || i != 0 || lastUsed) {
				continue
			}
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(j+1), 10)
			buf = append(buf, ':')
			buf = strconv.AppendFloat(buf, v, 'g', -1, 64)
		}
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}
