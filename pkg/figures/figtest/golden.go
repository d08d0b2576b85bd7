package figtest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// Tolerances of a golden comparison, as gonum/plot's cmpimg allows for
// rasterizers: PixelTol is the difference in a colour channel (of 255)
// above which two pixels count as different, GoldenTol the fraction of
// such pixels allowed (antialiasing varies a little between platforms and
// versions of the rasterizer).
const (
	PixelTol  = 40
	GoldenTol = 0.004
)

// CheckGolden compares the PNG image got with the golden image in the file
// path, or rewrites that file when regen is set (a test's -regen flag, as
// gonum/plot's). It fails t when more than GoldenTol of the pixels differ
// (PixelDifference), and writes got to a temporary file to look at.
func CheckGolden(t testing.TB, got []byte, path string, regen bool) {
	t.Helper()
	if regen {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -regen to create it)", err)
	}
	frac, err := PixelDifference(got, want)
	if err != nil {
		t.Fatal(err)
	}
	if frac > GoldenTol {
		out := filepath.Join(t.TempDir(), filepath.Base(path))
		_ = os.WriteFile(out, got, 0o644)
		t.Errorf("%s: %.3g%% of pixels differ from the golden image (allowed %.3g%%); got written to %s",
			path, 100*frac, 100*GoldenTol, out)
	}
}

// PixelDifference returns the fraction of pixels of two PNG images whose
// colour differs by more than PixelTol in some channel; images of
// different sizes differ everywhere.
func PixelDifference(a, b []byte) (float64, error) {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 0, fmt.Errorf("decoding new image: %w", err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 0, fmt.Errorf("decoding golden image: %w", err)
	}
	if ia.Bounds() != ib.Bounds() {
		return 1, nil
	}
	r := ia.Bounds()
	bad := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if colourDistance(ia, ib, x, y) > PixelTol {
				bad++
			}
		}
	}
	return float64(bad) / float64(r.Dx()*r.Dy()), nil
}

// colourDistance is the largest channel difference at (x, y), in 0…255.
func colourDistance(a, b image.Image, x, y int) float64 {
	r1, g1, b1, a1 := a.At(x, y).RGBA()
	r2, g2, b2, a2 := b.At(x, y).RGBA()
	d := 0.0
	for _, p := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
		d = math.Max(d, math.Abs(float64(p[0])-float64(p[1]))/257)
	}
	return d
}
