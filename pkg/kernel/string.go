package kernel

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// String is the string kernel of Li Hang §7.3.3 (字符串核函数; Lodhi et al.
// 2002, "Text classification using string kernels"): for strings s and t,
//
//	kₙ(s, t) = Σ_{u ∈ Σⁿ} [φₙ(s)]ᵤ [φₙ(t)]ᵤ,   [φₙ(s)]ᵤ = Σ_{i: s(i) = u} λ^{l(i)},
//
// where the inner sum runs over the index sequences i = (i₁ < … < iₙ) at
// which s spells u, not necessarily contiguously, and l(i) = iₙ − i₁ + 1 is
// the span they cover: a gap costs a factor λ per skipped character. The
// feature space has one coordinate per string u of length N; Eval never
// builds it, it runs Lodhi's dynamic programme in O(N·|s|·|t|) time
// (Features enumerates it, for checking).
//
// The kernel takes strings encoded as vectors, the way every kernel of this
// package takes points: one symbol a coordinate, a positive code (StringRows
// writes a string's Unicode code points), the first 0 ending the string, so
// that strings of different lengths fit the rows of one matrix. It is a
// Kernel like the others, and svm.SMO learns on strings with it.
//
// Normalize divides by √(kₙ(s, s)·kₙ(t, t)), the cosine of the angle between
// φₙ(s) and φₙ(t): 1 for a string with itself, 0 for strings without a
// common subsequence of length N (and for a string shorter than N, whose
// φₙ is 0). Li Hang calls kₙ itself the cosine similarity; it is only after
// this normalisation.
type String struct {
	// N is the length n of the subsequences, N ≥ 1.
	N int
	// Lambda is the decay λ, 0 < λ ≤ 1; λ = 1 counts every occurrence of
	// u alike, however spread out.
	Lambda float64
	// Normalize divides by √(kₙ(s, s)kₙ(t, t)).
	Normalize bool
}

// Eval returns kₙ(s, t) of the strings that x and z encode (see String).
// It panics if a code is negative, NaN or not an integer.
func (k String) Eval(x, z []float64) float64 {
	return k.runes(decode(x), decode(z))
}

// Strings returns kₙ(s, t) of two Go strings, read as Unicode code points.
func (k String) Strings(s, t string) float64 {
	return k.runes(toCodes(s), toCodes(t))
}

func (k String) runes(s, t []int32) float64 {
	v := subsequences(s, t, k.N, k.Lambda)
	if !k.Normalize || v == 0 {
		return v
	}
	return v / math.Sqrt(subsequences(s, s, k.N, k.Lambda)*subsequences(t, t, k.N, k.Lambda))
}

func (k String) String() string {
	return fmt.Sprintf("string(n=%d, lambda=%g, normalize=%t)", k.N, k.Lambda, k.Normalize)
}

// subsequences is Lodhi et al.'s recursion for kₙ(s, t). With s[:p] the
// prefix of length p, it keeps
//
//	K′ᵢ(s[:p], t[:q]) = Σ_{u ∈ Σⁱ} Σ_{(i, j): s(i) = t(j) = u} λ^{p−i₁+1} λ^{q−j₁+1},
//
// the common subsequences of length i counted as if they ran to the ends of
// both prefixes (K′₀ = 1), through
//
//	K″ᵢ(s[:p], t[:q]) = λ K″ᵢ(s[:p], t[:q−1]) + [s_p = t_q] λ² K′ᵢ₋₁(s[:p−1], t[:q−1]),
//	K′ᵢ(s[:p], t[:q]) = λ K′ᵢ(s[:p−1], t[:q]) + K″ᵢ(s[:p], t[:q]),
//
// and closes the last character of u on both sides:
// kₙ(s, t) = Σ_{p, q: s_p = t_q} λ² K′ₙ₋₁(s[:p−1], t[:q−1]). Two rows of
// (|s|+1)×(|t|+1) numbers suffice.
func subsequences(s, t []int32, n int, lambda float64) float64 {
	m, l := len(s), len(t)
	if n < 1 || m < n || l < n {
		return 0
	}
	cols := l + 1
	prev := make([]float64, (m+1)*cols) // K′ᵢ₋₁ over all prefixes
	for i := range prev {
		prev[i] = 1 // K′₀ = 1
	}
	cur := make([]float64, (m+1)*cols)
	lam2 := lambda * lambda
	for i := 1; i < n; i++ {
		clear(cur) // K′ᵢ = 0 where a prefix is shorter than i
		for p := i; p <= m; p++ {
			kpp := 0.0 // K″ᵢ(s[:p], t[:q]), zero for q < i
			for q := i; q <= l; q++ {
				kpp *= lambda
				if s[p-1] == t[q-1] {
					kpp += lam2 * prev[(p-1)*cols+q-1]
				}
				cur[p*cols+q] = lambda*cur[(p-1)*cols+q] + kpp
			}
		}
		prev, cur = cur, prev
	}
	var sum float64
	for p := n; p <= m; p++ {
		for q := n; q <= l; q++ {
			if s[p-1] == t[q-1] {
				sum += lam2 * prev[(p-1)*cols+q-1]
			}
		}
	}
	return sum
}

// Features returns the nonzero coordinates [φₙ(s)]ᵤ of the string s,
// keyed by u, by enumerating every index sequence i₁ < … < iₙ of s: the
// definition itself, in O(C(|s|, N)) time, for checking the dynamic
// programme of Eval on short strings (kₙ(s, t) is the sum over u of
// Features(s)[u]·Features(t)[u]). It panics if N < 1.
func (k String) Features(s string) map[string]float64 {
	if k.N < 1 {
		panic("kernel: String.Features needs N ≥ 1")
	}
	rs := []rune(s)
	out := map[string]float64{}
	idx := make([]int, k.N)
	var rec func(pos, from int)
	rec = func(pos, from int) {
		if pos == k.N {
			u := make([]rune, k.N)
			for j, i := range idx {
				u[j] = rs[i]
			}
			out[string(u)] += math.Pow(k.Lambda, float64(idx[k.N-1]-idx[0]+1))
			return
		}
		for i := from; i <= len(rs)-(k.N-pos); i++ {
			idx[pos] = i
			rec(pos+1, i+1)
		}
	}
	rec(0, 0)
	return out
}

// StringRows returns the strings as the rows of a matrix for String (and
// for the solvers that take a kernel): row i holds the Unicode code points
// of ss[i], padded with zeros to the length of the longest. It panics if a
// string contains the code point 0, which would end it early.
func StringRows(ss []string) *mat.Dense {
	width := 1
	codes := make([][]int32, len(ss))
	for i, s := range ss {
		codes[i] = toCodes(s)
		for _, c := range codes[i] {
			if c == 0 {
				panic("kernel: StringRows: a string contains the code point 0")
			}
		}
		width = max(width, len(codes[i]))
	}
	x := mat.NewDense(max(len(ss), 1), width, nil)
	for i, cs := range codes {
		for j, c := range cs {
			x.Set(i, j, float64(c))
		}
	}
	return x
}

// StringVector returns s as a vector of d codes, padded with zeros: the
// input of a model trained on StringRows of width d (its Dim), for a string
// that was not in the training set. It panics if s has more than d code
// points or contains the code point 0.
func StringVector(s string, d int) []float64 {
	cs := toCodes(s)
	if len(cs) > d {
		panic(fmt.Sprintf("kernel: StringVector: %q has %d symbols, more than %d", s, len(cs), d))
	}
	x := make([]float64, d)
	for j, c := range cs {
		if c == 0 {
			panic("kernel: StringVector: the string contains the code point 0")
		}
		x[j] = float64(c)
	}
	return x
}

// RowString returns the string a row of StringRows encodes.
func RowString(x []float64) string { return string(decode(x)) }

func toCodes(s string) []int32 { return []int32([]rune(s)) }

// decode reads the codes of x up to its first 0.
func decode(x []float64) []int32 {
	out := make([]int32, 0, len(x))
	for _, v := range x {
		if v == 0 {
			break
		}
		if !(v > 0) || v != math.Trunc(v) || v > math.MaxInt32 {
			panic(fmt.Sprintf("kernel: String: %v is not the code of a symbol", v))
		}
		out = append(out, int32(v))
	}
	return out
}
