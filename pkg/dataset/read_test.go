package dataset_test

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

func TestValidateErrors(t *testing.T) {
	x := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	for _, tc := range []struct {
		name     string
		x        mat.Matrix
		y        []float64
		want     error
		row, col int    // of the CellError, when there is one
		hint     string // substring of the message
	}{
		{name: "nil", x: nil, y: nil, want: dataset.ErrEmpty},
		{name: "length", x: x, y: []float64{1}, want: dataset.ErrLength},
		{name: "nan", x: mat.NewDense(2, 2, []float64{1, 2, 3, math.NaN()}), y: []float64{1, -1},
			want: dataset.ErrNotFinite, row: 1, col: 1, hint: "row 2, column 2"},
		{name: "inf", x: mat.NewDense(2, 2, []float64{math.Inf(-1), 2, 3, 4}), y: []float64{1, -1},
			want: dataset.ErrNotFinite, row: 0, col: 0, hint: "row 1, column 1"},
		// A view whose rows are not contiguous (the NaN right of it is
		// outside) and a matrix without raw storage (the transpose).
		{name: "view", x: mat.NewDense(2, 3, []float64{1, 2, math.NaN(), 3, math.Inf(1), 5}).Slice(0, 2, 0, 2), y: []float64{1, -1},
			want: dataset.ErrNotFinite, row: 1, col: 1, hint: "row 2, column 2"},
		{name: "transpose", x: mat.NewDense(2, 2, []float64{1, 2, math.NaN(), 4}).T(), y: []float64{1, -1},
			want: dataset.ErrNotFinite, row: 0, col: 1, hint: "row 1, column 2"},
		{name: "label01", x: x, y: []float64{1, 0}, want: dataset.ErrLabel, row: 1, col: -1, hint: "{0,1}"},
		{name: "label12", x: x, y: []float64{2, 1}, want: dataset.ErrLabel, row: 0, col: -1, hint: "{1,2}"},
		{name: "label3", x: x, y: []float64{1, 3}, want: dataset.ErrLabel, row: 1, col: -1, hint: "row 2, label"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := dataset.Validate(tc.x, tc.y)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Validate: got %v, want %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.hint) {
				t.Errorf("message %q lacks %q", err, tc.hint)
			}
			var ce *dataset.CellError
			if errors.As(err, &ce) && (ce.Row != tc.row || ce.Col != tc.col) {
				t.Errorf("at (%d,%d), want (%d,%d)", ce.Row, ce.Col, tc.row, tc.col)
			}
		})
	}
	if err := dataset.Validate(x, []float64{1, -1}); err != nil {
		t.Errorf("valid data: %v", err)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		name        string
		read        func(string) (*dataset.Set, error)
		in          string
		want        error
		line, field int    // of the LineError; 0 when there is none
		hint        string // substring of the message
	}{
		{"csv/empty", csv, "", dataset.ErrEmpty, 0, 0, "no data"},
		{"csv/only header", csv, "a,b,label\n", dataset.ErrEmpty, 0, 0, "no data"},
		{"csv/no feature", csv, "# c\n1\n-1\n", dataset.ErrEmpty, 2, 0, "at least one feature"},
		{"csv/ragged", csv, "1,2,1\n\n3,-1\n", dataset.ErrRagged, 3, 0, "2 fields, the first line has 3"},
		{"csv/ragged header", csv, "a,b,y\n1,2,3,1\n", dataset.ErrRagged, 2, 0, "4 fields"},
		{"csv/not number", csv, "1,2,1\n3,x4,-1\n", dataset.ErrFormat, 2, 2, `"x4"`},
		{"csv/empty field", csv, "1,2,1\n3,,-1\n", dataset.ErrFormat, 2, 2, "empty field"},
		{"csv/mixed header", csv, "a,2,label\n", dataset.ErrFormat, 1, 1, "not a number"},
		{"csv/nan", csv, "1,NaN,1\n", dataset.ErrNotFinite, 1, 2, "NaN"},
		{"csv/range", csv, "1,1e999,1\n", dataset.ErrNotFinite, 1, 2, "out of float64 range"},
		{"csv/label01", csv, "1,2,1\n3,4,0\n", dataset.ErrLabel, 2, 3, "{0,1}"},
		{"csv/label12", csv, "1,2,2\n3,4,1\n", dataset.ErrLabel, 1, 3, "{1,2}"},
		{"csv/label5", csv, "x,y\n1,5\n", dataset.ErrLabel, 2, 2, "must be -1 or +1"},
		{"csv/label nan", csv, "1,nan\n", dataset.ErrLabel, 1, 2, "nan"},
		{"csv/quote", csv, "1,\"2,1\n", dataset.ErrFormat, 1, 0, "quote"},
		{"libsvm/empty", libsvm, "\n# nothing\n", dataset.ErrEmpty, 0, 0, "no data"},
		{"libsvm/no features", libsvm, "+1\n-1\n", dataset.ErrEmpty, 0, 0, "no features"},
		{"libsvm/no label", libsvm, "1:2 3:4\n", dataset.ErrFormat, 1, 1, "starts with its label"},
		{"libsvm/no colon", libsvm, "+1 1:2 3\n", dataset.ErrFormat, 1, 3, "index:value"},
		{"libsvm/index 0", libsvm, "+1 0:2\n", dataset.ErrFormat, 1, 2, "integer ≥ 1"},
		{"libsvm/index text", libsvm, "+1 a:2\n", dataset.ErrFormat, 1, 2, "integer ≥ 1"},
		{"libsvm/index huge", libsvm, "+1 99999999999:2\n", dataset.ErrTooLarge, 1, 2, "index larger than 4194304"},
		{"libsvm/descending", libsvm, "+1 1:1\n-1 3:1 2:1\n", dataset.ErrFormat, 2, 3, "previous index is 3"},
		{"libsvm/repeated", libsvm, "+1 2:1 2:1\n", dataset.ErrFormat, 1, 3, "ascend"},
		{"libsvm/value", libsvm, "+1 1:x\n", dataset.ErrFormat, 1, 2, "not a number"},
		{"libsvm/inf", libsvm, "\n+1 1:1 2:-Inf\n", dataset.ErrNotFinite, 2, 3, "-Inf"},
		{"libsvm/label text", libsvm, "pos 1:1\n", dataset.ErrFormat, 1, 1, "not a number"},
		{"libsvm/label01", libsvm, "1 1:1\n0 1:2\n", dataset.ErrLabel, 2, 1, "{0,1}"},
		{"libsvm/label inf", libsvm, "inf 1:1\n", dataset.ErrLabel, 1, 1, ""},
		{"read/empty", read, "# c\n\n", dataset.ErrEmpty, 0, 0, ""},
		{"read/neither", read, "1 2 3\n", dataset.ErrFormat, 1, 0, "neither CSV"},
		{"read/csv line", read, "#\n1,2,1\n3,4\n", dataset.ErrRagged, 3, 0, ""},
		{"read/libsvm line", read, "\n\n+1 2:1 1:1\n", dataset.ErrFormat, 3, 3, "ascend"},
		// Numbers are decimal: strconv.ParseFloat's Go syntax is not data.
		{"csv/underscore", csv, "1_0,2,1\n", dataset.ErrFormat, 1, 1, "not a decimal number"},
		{"csv/hex float", csv, "1,0x1p-2,1\n", dataset.ErrFormat, 1, 2, "not a decimal number"},
		{"csv/hex int", csv, "1,2,1\n0x10,2,-1\n", dataset.ErrFormat, 2, 1, "not a number"},
		{"csv/exponent only", csv, "1,e5,1\n", dataset.ErrFormat, 1, 2, "not a number"},
		{"libsvm/underscore", libsvm, "+1 1:1_0\n", dataset.ErrFormat, 1, 2, "not a decimal number"},
		{"libsvm/hex label", libsvm, "0x1p0 1:1\n", dataset.ErrFormat, 1, 1, "not a decimal number"},
		{"csv/infinity", csv, "1,-Infinity,1\n", dataset.ErrNotFinite, 1, 2, "Infinity"},
		// Text that is not UTF-8.
		{"csv/utf16le bom", csv, "\xff\xfe1\x00,\x001\x00\n\x00", dataset.ErrFormat, 1, 0, "UTF-16"},
		{"libsvm/utf16be bom", libsvm, "\xfe\xff\x00+\x001", dataset.ErrFormat, 1, 0, "UTF-16"},
		{"read/utf16le", read, "#\n1\x00,\x001\x00,\x001\x00\n\x00", dataset.ErrFormat, 2, 0, "UTF-16"},
		{"read/utf16le no bom", read, "1\x00,\x001\x00,\x001\x00\n\x00", dataset.ErrFormat, 1, 0, "UTF-16"},
		{"read/utf16le bom", read, "\xff\xfe1\x00,\x00", dataset.ErrFormat, 1, 0, "UTF-16"},
		{"read/utf32 bom", read, "\xff\xfe\x00\x001\x00\x00\x00", dataset.ErrFormat, 1, 0, "UTF-32"},
		{"read/binary", read, "\x00\x00\x00\x00\x00", dataset.ErrFormat, 1, 0, "NUL"},
		{"csv/nul later", csv, "1,1,1\n2,\x00,-1\n", dataset.ErrFormat, 2, 0, "NUL"},
		{"libsvm/nul later", libsvm, "1 1:1\n\n-1 1:\x00", dataset.ErrFormat, 3, 0, "NUL"},
		// An indented comment is a comment: the first line of data follows it.
		{"csv/indented comment", csv, "  # c\n1,2\n", dataset.ErrLabel, 2, 2, ""},
		// LIBSVM lines without labels, where the labels are needed (issue
		// 18: the first was "neither CSV nor LIBSVM").
		{"read/libsvm no labels", read, "1:3 2:3\n1:1 2:1\n", dataset.ErrFormat, 1, 0, "a LIBSVM line without its label"},
		{"read/libsvm label missing", read, "+1 1:3 2:3\n1:1 2:1\n", dataset.ErrFormat, 2, 1, "a line without its label"},
		{"libsvm/no labels", libsvm, "1:3 2:3\n", dataset.ErrFormat, 1, 1, "a line without its label"},
		// A huge index refused from the size of the input, before the matrix
		// is allocated: 3×4194304 numbers from 36 bytes.
		{"libsvm/sparse huge index", libsvm, "+1 4194304:1\n-1 1:1\n+1 1:1\n",
			dataset.ErrTooLarge, 1, 0, "at most 64 numbers per byte"},
		{"libsvm/huge dense", libsvm, strings.Repeat("+1 1:3 4194304:3\n", 12),
			dataset.ErrTooLarge, 4, 0, "more than 16777216 numbers"},
		{"read/huge index", read, "#\n" + strings.Repeat("+1 1:3 4194304:3\n", 3),
			dataset.ErrTooLarge, 2, 0, "index 4194304 on this line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.read(tc.in)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v (set %v), want %v", err, s, tc.want)
			}
			if s != nil {
				t.Errorf("non-nil set with an error")
			}
			if !strings.Contains(err.Error(), tc.hint) {
				t.Errorf("message %q lacks %q", err, tc.hint)
			}
			var le *dataset.LineError
			switch {
			case errors.As(err, &le):
				if le.Line != tc.line || le.Field != tc.field {
					t.Errorf("at line %d field %d, want line %d field %d (%v)", le.Line, le.Field, tc.line, tc.field, err)
				}
			case tc.line != 0:
				t.Errorf("no LineError in %v", err)
			}
		})
	}
}

func csv(s string) (*dataset.Set, error)    { return dataset.ReadCSV(strings.NewReader(s)) }
func libsvm(s string) (*dataset.Set, error) { return dataset.ReadLIBSVM(strings.NewReader(s)) }
func read(s string) (*dataset.Set, error)   { return dataset.Read(strings.NewReader(s)) }

// equalSets reports whether two sets hold the same numbers, labels and names.
func equalSets(a, b *dataset.Set) bool {
	if !mat.Equal(a.X, b.X) || len(a.Y) != len(b.Y) || len(a.Names) != len(b.Names) {
		return false
	}
	for i := range a.Y {
		if a.Y[i] != b.Y[i] {
			return false
		}
	}
	for i := range a.Names {
		if a.Names[i] != b.Names[i] {
			return false
		}
	}
	return true
}

func TestRead(t *testing.T) {
	want := &dataset.Set{
		X: mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1}),
		Y: []float64{1, 1, -1},
	}
	named := &dataset.Set{X: want.X, Y: want.Y, Names: []string{"x1", "x 2"}}
	sparse := &dataset.Set{
		X: mat.NewDense(3, 4, []float64{0, 2.5, 0, 0, 0, 0, 0, -1, 1e-3, 0, 0, 0}),
		Y: []float64{1, -1, 1},
	}
	for _, tc := range []struct {
		name string
		read func(string) (*dataset.Set, error)
		in   string
		want *dataset.Set
	}{
		{"csv/plain", csv, "3,3,1\n4,3,1\n1,1,-1\n", want},
		{"csv/comments blanks crlf", csv, "# Example 2.1\r\n\r\n3, 3, +1\r\n  \r\n4,3,1.0\r\n# x3\r\n1 ,1,-1\r\n", want},
		{"csv/header", csv, "x1, \"x 2\",y\n3,3,1\n4,3,1\n1,1,-1", named},
		{"csv/bom", csv, "\ufeffx1,x 2,label\n3,3,1\n4,3,1\n1,1,-1\n", named},
		{"libsvm/plain", libsvm, "+1 1:3 2:3\n+1 1:4 2:3\n-1 1:1 2:1\n", want},
		{"libsvm/sparse", libsvm, "+1 2:2.5\n-1 4:-1 # comment\n\n1\t1:0.001\n", sparse},
		{"read/csv", read, "# c\n\nx1,x 2,label\n3,3,1\n4,3,1\n1,1,-1\n", named},
		{"read/libsvm", read, "# c\n+1 2:2.5\n-1 4:-1\n1 1:1e-3\n", sparse},
		{"read/libsvm comment with comma", read, "+1 1:3 2:3 # x1, positive\n+1 1:4 2:3\n-1 1:1 2:1 # x3\n", want},
		{"csv/indented comments", csv, "  # Example 2.1, x1 to x3\n3,3,1\n\t#x2\n4,3,1\n \t # x3 \"quoted\n1,1,-1\n", want},
		{"read/indented comments", read, "  # Example 2.1, x1 to x3\n3,3,1\n\t#x2\n4,3,1\n1,1,-1\n", want},
		{"csv/hash in quoted field", csv, "\"x1\n# not a comment\",\"x 2\",y\n3,3,1\n4,3,1\n1,1,-1\n",
			&dataset.Set{X: want.X, Y: want.Y, Names: []string{"x1\n# not a comment", "x 2"}}},
		{"csv/decimal forms", csv, "+3.,3e0,1\n4,.3E+1,1\n1,1,-1\n", want},
		{"read/libsvm bom", read, "\ufeff+1 1:3 2:3\n+1 1:4 2:3\n-1 1:1 2:1\n", want},
		{"read/libsvm label only first", read, "\n+1\n-1 4:-1\n+1 1:1e-3 2:2.5\n",
			&dataset.Set{X: mat.NewDense(3, 4, []float64{0, 0, 0, 0, 0, 0, 0, -1, 1e-3, 2.5, 0, 0}), Y: []float64{1, -1, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.read(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if !equalSets(got, tc.want) {
				t.Errorf("got X=%v Y=%v names=%q, want X=%v Y=%v names=%q",
					mat.Formatted(got.X), got.Y, got.Names, mat.Formatted(tc.want.X), tc.want.Y, tc.want.Names)
			}
		})
	}
}

func TestWriteRoundTrip(t *testing.T) {
	sets := map[string]*dataset.Set{
		"iris":      dataset.Iris(),
		"wdbc":      dataset.BreastCancer(),
		"separable": func() *dataset.Set { s, _ := dataset.Separable(nil, 50, 7, 0.1, 3); return s }(),
		"odd names": {X: mat.NewDense(2, 4, []float64{0, -0, 1e-300, 0, 1, 2, 3, 0}), Y: []float64{-1, 1},
			Names: []string{"#a", "b b", "c,\"d\"", ""}},
	}
	for name, s := range sets {
		for _, f := range []struct {
			format string
			write  func(*bytes.Buffer, *dataset.Set) error
			read   func(string) (*dataset.Set, error)
		}{
			{"csv", func(b *bytes.Buffer, s *dataset.Set) error { return dataset.WriteCSV(b, s) }, csv},
			{"libsvm", func(b *bytes.Buffer, s *dataset.Set) error { return dataset.WriteLIBSVM(b, s) }, libsvm},
			{"read(csv)", func(b *bytes.Buffer, s *dataset.Set) error { return dataset.WriteCSV(b, s) }, read},
			{"read(libsvm)", func(b *bytes.Buffer, s *dataset.Set) error { return dataset.WriteLIBSVM(b, s) }, read},
		} {
			t.Run(name+"/"+f.format, func(t *testing.T) {
				var buf bytes.Buffer
				if err := f.write(&buf, s); err != nil {
					t.Fatal(err)
				}
				got, err := f.read(buf.String())
				if err != nil {
					t.Fatalf("%v in\n%s", err, buf.String())
				}
				want := *s
				if strings.Contains(f.format, "libsvm") {
					want.Names = nil
				}
				if !equalSets(got, &want) {
					t.Errorf("round trip changed the set; file:\n%.500s", buf.String())
				}
			})
		}
	}
}

func TestWriteErrors(t *testing.T) {
	var buf bytes.Buffer
	bad := &dataset.Set{X: mat.NewDense(1, 1, []float64{1}), Y: []float64{0}}
	if err := dataset.WriteCSV(&buf, bad); !errors.Is(err, dataset.ErrLabel) {
		t.Errorf("WriteCSV label 0: %v", err)
	}
	if err := dataset.WriteLIBSVM(&buf, bad); !errors.Is(err, dataset.ErrLabel) {
		t.Errorf("WriteLIBSVM label 0: %v", err)
	}
	numeric := &dataset.Set{X: mat.NewDense(1, 2, []float64{1, 2}), Y: []float64{1}, Names: []string{"a", "2"}}
	if err := dataset.WriteCSV(&buf, numeric); !errors.Is(err, dataset.ErrFormat) {
		t.Errorf("WriteCSV numeric name: %v", err)
	}
	short := &dataset.Set{X: mat.NewDense(1, 2, []float64{1, 2}), Y: []float64{1}, Names: []string{"a"}}
	if err := dataset.WriteCSV(&buf, short); !errors.Is(err, dataset.ErrRagged) {
		t.Errorf("WriteCSV one name for two features: %v", err)
	}
}

func TestWriteLIBSVMKeepsWidth(t *testing.T) {
	s := &dataset.Set{X: mat.NewDense(2, 3, []float64{1, 0, 0, 0, 2, 0}), Y: []float64{1, -1}}
	var buf bytes.Buffer
	if err := dataset.WriteLIBSVM(&buf, s); err != nil {
		t.Fatal(err)
	}
	const want = "+1 1:1 3:0\n-1 2:2\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

func TestNewAndFromRows(t *testing.T) {
	x, y := dataset.Example21().XY()
	s, err := dataset.New(x, y)
	if err != nil {
		t.Fatal(err)
	}
	x.Set(0, 0, 100) // New copies
	if s.X.At(0, 0) != 3 {
		t.Errorf("New shares the caller's matrix")
	}
	r, err := dataset.FromRows([][]float64{{3, 3}, {4, 3}, {1, 1}}, []float64{1, 1, -1})
	if err != nil {
		t.Fatal(err)
	}
	if !equalSets(r, s) {
		t.Errorf("FromRows differs from New")
	}
	if n, d := r.Dims(); n != 3 || d != 2 {
		t.Errorf("Dims = %d, %d", n, d)
	}
	if _, err := dataset.FromRows([][]float64{{1, 2}, {3}}, []float64{1, -1}); !errors.Is(err, dataset.ErrRagged) {
		t.Errorf("ragged rows: %v", err)
	}
	if _, err := dataset.FromRows(nil, nil); !errors.Is(err, dataset.ErrEmpty) {
		t.Errorf("no rows: %v", err)
	}
	if _, err := dataset.FromRows([][]float64{{1}}, []float64{2}); !errors.Is(err, dataset.ErrLabel) {
		t.Errorf("label 2: %v", err)
	}
	if _, err := dataset.New(x, []float64{1}); !errors.Is(err, dataset.ErrLength) {
		t.Errorf("New with 1 label: %v", err)
	}
	if _, err := dataset.New((*mat.Dense)(nil), []float64{1}); !errors.Is(err, dataset.ErrEmpty) {
		t.Errorf("New of a nil *mat.Dense: %v", err)
	}
	if _, err := dataset.New(nil, nil); !errors.Is(err, dataset.ErrEmpty) {
		t.Errorf("New(nil): %v", err)
	}
	if err := (*dataset.Set)(nil).Validate(); !errors.Is(err, dataset.ErrEmpty) {
		t.Errorf("nil set: %v", err)
	}
	sub := s.Subset([]int{2, 0})
	if sub.Y[0] != -1 || sub.X.At(0, 0) != 1 || sub.X.At(1, 1) != 3 {
		t.Errorf("Subset: X=%v Y=%v", mat.Formatted(sub.X), sub.Y)
	}
}
