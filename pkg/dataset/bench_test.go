package dataset_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
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
