package dataset_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

func BenchmarkReadLIBSVM(b *testing.B) {
	for _, size := range []struct{ n, d int }{{1000, 20}, {5000, 100}} {
		s := dataset.Gaussian(rand.NewPCG(1, 1), size.n, size.d, 2)
		var file bytes.Buffer
		if err := dataset.WriteLIBSVM(&file, s); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d,d=%d", size.n, size.d), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(file.Len()))
			for b.Loop() {
				if _, err := dataset.ReadLIBSVM(bytes.NewReader(file.Bytes())); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkReadCSV(b *testing.B) {
	s := dataset.Gaussian(rand.NewPCG(1, 1), 5000, 100, 2)
	var file bytes.Buffer
	if err := dataset.WriteCSV(&file, s); err != nil {
		b.Fatal(err)
	}
	b.Run("n=5000,d=100", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(file.Len()))
		for b.Loop() {
			if _, err := dataset.ReadCSV(bytes.NewReader(file.Bytes())); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkWriteLIBSVM(b *testing.B) {
	s := dataset.Gaussian(rand.NewPCG(1, 1), 5000, 100, 2)
	b.Run("n=5000,d=100", func(b *testing.B) {
		b.ReportAllocs()
		var file bytes.Buffer
		for b.Loop() {
			file.Reset()
			if err := dataset.WriteLIBSVM(&file, s); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkGaussian(b *testing.B) {
	for _, size := range []struct{ n, d int }{{1000, 100}, {100000, 100}} {
		b.Run(fmt.Sprintf("n=%d,d=%d", size.n, size.d), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				dataset.Gaussian(rand.NewPCG(1, 1), size.n, size.d, 2)
			}
		})
	}
}

// BenchmarkReadSparse reads a dense LIBSVM file and a sparse text-like one
// (rows of 50 words over 10⁵, Zipf frequencies) with ReadSparse, from a
// stream (no first pass over a file to size the arrays).
func BenchmarkReadSparse(b *testing.B) {
	dense := dataset.Gaussian(rand.NewPCG(1, 1), 5000, 100, 2)
	var denseFile bytes.Buffer
	if err := dataset.WriteLIBSVM(&denseFile, dense); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2, 2))
	zipf := rand.NewZipf(rng, 1.1, 1, 1e5-1)
	var text bytes.Buffer
	for i := range 20000 {
		words := map[uint64]bool{}
		for len(words) < 50 {
			words[zipf.Uint64()] = true
		}
		ws := make([]uint64, 0, 50)
		for w := range words {
			ws = append(ws, w)
		}
		slices.Sort(ws)
		fmt.Fprintf(&text, "%+d", 1-2*(i%2))
		for _, w := range ws {
			fmt.Fprintf(&text, " %d:%.3g", w+1, rng.Float64())
		}
		text.WriteByte('\n')
	}
	for _, f := range []struct {
		name string
		file *bytes.Buffer
	}{{"dense n=5000,d=100", &denseFile}, {"text n=20000,nnz=50", &text}} {
		b.Run(f.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(f.file.Len()))
			for b.Loop() {
				if _, _, err := dataset.ReadSparse(bytes.NewReader(f.file.Bytes())); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
