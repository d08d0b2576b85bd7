package kernel

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
)

// bruteString is kₙ(s, t) from the definition: the inner product of the
// enumerated feature vectors.
func bruteString(k String, s, t string) float64 {
	fs, ft := k.Features(s), k.Features(t)
	var sum float64
	for u, v := range fs {
		sum += v * ft[u]
	}
	if k.Normalize && sum != 0 {
		var ss, tt float64
		for _, v := range fs {
			ss += v * v
		}
		for _, v := range ft {
			tt += v * v
		}
		sum /= math.Sqrt(ss * tt)
	}
	return sum
}

// randomString draws a string of length 0…maxLen over the first size
// letters of the alphabet.
func randomString(rng *rand.Rand, size, maxLen int) string {
	b := make([]rune, rng.IntN(maxLen+1))
	for i := range b {
		b[i] = 'a' + rune(rng.IntN(size))
	}
	return string(b)
}

// The book's example of §7.3.3: with n = 3, the coordinate "asd" of φ₃ is
// λ³ for "Nasdaq" (contiguous) and 2λ⁵ for "lass das" (two occurrences of
// span 5).
func TestStringBookExample(t *testing.T) {
	const lam = 0.6
	k := String{N: 3, Lambda: lam}
	if got, want := k.Features("Nasdaq")["asd"], math.Pow(lam, 3); !scalar.EqualWithinRel(got, want, 1e-15) {
		t.Errorf("[φ₃(Nasdaq)]_asd = %v, want λ³ = %v", got, want)
	}
	if got, want := k.Features("lass das")["asd"], 2*math.Pow(lam, 5); !scalar.EqualWithinRel(got, want, 1e-15) {
		t.Errorf("[φ₃(lass das)]_asd = %v, want 2λ⁵ = %v", got, want)
	}
	if got, want := k.Strings("Nasdaq", "lass das"), bruteString(k, "Nasdaq", "lass das"); !scalar.EqualWithinRel(got, want, 1e-12) {
		t.Errorf("k₃(Nasdaq, lass das) = %v by dynamic programming, %v by enumeration", got, want)
	}
}

// The dynamic programme equals the enumeration of the definition on random
// short strings, for every n up to the strings' length and several decays;
// it is symmetric, zero for a string shorter than n, and with λ = 1 counts
// the pairs of common subsequences.
func TestStringAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 3))
	for trial := range 300 {
		s, u := randomString(rng, 3, 8), randomString(rng, 3, 8)
		for _, lam := range []float64{0.3, 0.5, 1} {
			for n := 1; n <= 5; n++ {
				for _, norm := range []bool{false, true} {
					k := String{N: n, Lambda: lam, Normalize: norm}
					got, want := k.Strings(s, u), bruteString(k, s, u)
					if !scalar.EqualWithinAbsOrRel(got, want, 1e-13, 1e-12) {
						t.Fatalf("trial %d: k%d(%q, %q), λ = %v, normalized %v: %v by dynamic programming, %v by enumeration", trial, n, s, u, lam, norm, got, want)
					}
					if back := k.Strings(u, s); !scalar.EqualWithinAbsOrRel(back, got, 1e-13, 1e-12) {
						t.Fatalf("k%d(%q, %q) = %v but k%d(%q, %q) = %v", n, s, u, got, n, u, s, back)
					}
					if (len(s) < n || len(u) < n) && got != 0 {
						t.Fatalf("k%d(%q, %q) = %v for a string shorter than n", n, s, u, got)
					}
				}
			}
		}
	}
	// λ = 1, n = 2: "ab" in "aabb" four ways, in "ab" once.
	if got := (String{N: 2, Lambda: 1}).Strings("aabb", "ab"); got != 4 {
		t.Errorf("k₂(aabb, ab) with λ = 1 = %v, want 4 common pairs", got)
	}
}

// Eval reads the rows of StringRows as the strings, whatever their padding,
// and the normalised kernel of a string with itself is 1.
func TestStringRows(t *testing.T) {
	words := []string{"cat", "cart", "", "统计学习", "a"}
	x := StringRows(words)
	if r, c := x.Dims(); r != 5 || c != 4 {
		t.Fatalf("StringRows: %d×%d, want 5×4", r, c)
	}
	k := String{N: 2, Lambda: 0.5}
	for i, s := range words {
		if got := RowString(x.RawRowView(i)); got != s {
			t.Errorf("row %d reads %q, want %q", i, got, s)
		}
		for j, u := range words {
			if got, want := k.Eval(x.RawRowView(i), x.RawRowView(j)), k.Strings(s, u); got != want {
				t.Errorf("Eval(rows %d, %d) = %v, Strings(%q, %q) = %v", i, j, got, s, u, want)
			}
		}
	}
	n := String{N: 2, Lambda: 0.5, Normalize: true}
	if got := n.Strings("cart", "cart"); !scalar.EqualWithinAbs(got, 1, 1e-15) {
		t.Errorf("normalized k₂(cart, cart) = %v, want 1", got)
	}
	if got := n.Strings("a", "a"); got != 0 {
		t.Errorf("normalized k₂(a, a) = %v, want 0: φ₂ of a one-letter string is 0", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("Eval of a non-integer code did not panic")
		}
	}()
	k.Eval([]float64{97.5}, []float64{97})
}

// The string kernel is a kernel: its Gram matrices on random sets of
// strings are positive semi-definite (Theorem 7.5), normalised or not.
func TestStringGramSemidefinite(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2))
	for trial := range 40 {
		words := make([]string, 2+rng.IntN(12))
		for i := range words {
			words[i] = randomString(rng, 4, 9)
		}
		for _, k := range []String{{N: 1, Lambda: 0.5}, {N: 2, Lambda: 0.8}, {N: 3, Lambda: 0.4, Normalize: true}} {
			ev := GramEigenvalues(k, StringRows(words))
			hi := math.Max(ev[len(ev)-1], 1)
			if ev[0] < -GramTol*hi {
				t.Fatalf("trial %d, %v: smallest eigenvalue %v of %q", trial, k, ev[0], words)
			}
		}
	}
}

func TestStringValidate(t *testing.T) {
	for _, k := range []String{{N: 0, Lambda: 0.5}, {N: 2, Lambda: 0}, {N: 2, Lambda: 1.5}, {N: 2, Lambda: math.NaN()}} {
		if err := Validate(k); !errors.Is(err, ErrParameter) {
			t.Errorf("Validate(%v) = %v, want ErrParameter", k, err)
		}
	}
	if err := Validate(String{N: 3, Lambda: 1}); err != nil {
		t.Errorf("Validate(n = 3, λ = 1) = %v", err)
	}
}
