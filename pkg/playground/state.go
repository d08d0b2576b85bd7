package playground

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxPoints is the largest number of points a state may hold.
const MaxPoints = 5000

// The algorithms of the playground (the key algo).
const (
	Primal = "primal" // Algorithm 2.1, perceptron.Primal
	Dual   = "dual"   // Algorithm 2.2, perceptron.Dual
	SVM    = "svm"    // the SVM to convergence, svm.SMO
	SMO    = "smo"    // Algorithm 7.5 step by step, svm.PlattSMO
)

// The kernels (the key kernel) and the visiting orders (the key order).
const (
	Linear = "linear" // kernel.Linear
	Poly   = "poly"   // (x·z + 1)^p, Li Hang (7.88)
	Gauss  = "gauss"  // exp(−‖x − z‖²/(2σ²)), Li Hang (7.90)
	Cyclic = "cyclic" // perceptron.Cyclic, the book's order
	Random = "random" // perceptron.RandomMistake with the seed
)

// State is what the page shows: the points and the settings, as the URL
// fragment holds them. The zero value of a field is its default.
type State struct {
	// X holds the points (x⁽¹⁾, x⁽²⁾), Y their labels, +1 or −1.
	X [][2]float64
	Y []float64
	// Algo is Primal, Dual, SVM or SMO; "" means Primal.
	Algo string
	// C is the penalty parameter of the soft margin; 0 means a hard margin.
	C float64
	// Kernel is Linear, Poly or Gauss (svm and smo only); "" means Linear.
	Kernel string
	// P is the degree of the polynomial kernel; 0 means 2.
	P int
	// Sigma is σ of the Gaussian kernel; 0 means 1.
	Sigma float64
	// Eta is the learning rate η of the perceptron; 0 means 1.
	Eta float64
	// Order is Cyclic or Random; "" means Cyclic.
	Order string
	// Seed seeds the random order; 0 means 1.
	Seed uint64
	// Step is the step shown (primal, dual, smo); −1 means the last. A
	// State from ParseFragment has −1 unless the fragment sets step.
	Step int
}

// The defaults of the fields whose zero value means something else.
const (
	DefaultP     = 2
	DefaultSigma = 1.0
	DefaultEta   = 1.0
	DefaultSeed  = 1
)

func (s State) algo() string   { return cmpOr(s.Algo, Primal) }
func (s State) kernel() string { return cmpOr(s.Kernel, Linear) }
func (s State) order() string  { return cmpOr(s.Order, Cyclic) }
func (s State) p() int {
	if s.P == 0 {
		return DefaultP
	}
	return s.P
}
func (s State) sigma() float64 { return orDefault(s.Sigma, DefaultSigma) }
func (s State) eta() float64   { return orDefault(s.Eta, DefaultEta) }
func (s State) seed() uint64 {
	if s.Seed == 0 {
		return DefaultSeed
	}
	return s.Seed
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func orDefault(v, def float64) float64 {
	if v == 0 {
		return def
	}
	return v
}

// Error is a message in both editions' languages: a bad fragment, or what
// a fit could not do. Error() is the English text.
type Error struct {
	EN, ZH string
}

func (e *Error) Error() string { return e.EN }

// Text returns the message in language lang ("zh" for Chinese, else
// English).
func (e *Error) Text(lang string) string {
	if lang == "zh" {
		return e.ZH
	}
	return e.EN
}

func errorf(en, zh string, args ...any) *Error {
	return &Error{EN: fmt.Sprintf(en, args...), ZH: fmt.Sprintf(zh, args...)}
}

// keys are the keys of a fragment, in the order Fragment writes them.
var keys = []string{"algo", "kernel", "C", "p", "sigma", "eta", "order", "seed", "step", "points"}

// ParseFragment reads a state from a URL fragment such as
//
//	#algo=svm&kernel=gauss&sigma=0.7&C=10&points=3,3,1;4,3,1;1,1,-1
//
// (the leading # is optional; values may be percent-encoded). An unknown or
// repeated key, a malformed or non-finite number, a label other than ±1,
// a setting out of its range or more than MaxPoints points give an *Error
// that names what is wrong.
func ParseFragment(frag string) (State, error) {
	st := State{Step: -1}
	frag = strings.TrimPrefix(frag, "#")
	if frag == "" {
		return st, nil
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(frag, "&") {
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return st, errorf("“%s” has no value: write key=value", "“%s” 没有值：应写成 键=值", kv)
		}
		v = unescape(v)
		known := false
		for _, key := range keys {
			known = known || key == k
		}
		if !known {
			return st, errorf("unknown key “%s” (the keys are %s)", "未知的键“%s”（可用的键：%s）", k, strings.Join(keys, ", "))
		}
		if seen[k] {
			return st, errorf("the key %s appears twice", "键 %s 出现了两次", k)
		}
		seen[k] = true
		if err := st.set(k, v); err != nil {
			return st, err
		}
	}
	return st, nil
}

// set sets the field of key k from its value v.
func (st *State) set(k, v string) error {
	var err error
	switch k {
	case "algo":
		if v != Primal && v != Dual && v != SVM && v != SMO {
			return errorf("algo=%s: the algorithms are primal, dual, svm and smo", "algo=%s：算法只有 primal、dual、svm 和 smo", v)
		}
		st.Algo = v
	case "kernel":
		if v != Linear && v != Poly && v != Gauss {
			return errorf("kernel=%s: the kernels are linear, poly and gauss", "kernel=%s：核函数只有 linear、poly 和 gauss", v)
		}
		st.Kernel = v
	case "order":
		if v != Cyclic && v != Random {
			return errorf("order=%s: the orders are cyclic and random", "order=%s：顺序只有 cyclic 和 random", v)
		}
		st.Order = v
	case "C":
		st.C, err = positive(k, v)
	case "sigma":
		st.Sigma, err = positive(k, v)
	case "eta":
		st.Eta, err = positive(k, v)
	case "p":
		var n int64
		n, err = strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 || n > 10 {
			return errorf("p=%s: the degree p is a whole number from 1 to 10", "p=%s：次数 p 应为 1 到 10 的整数", v)
		}
		st.P = int(n)
	case "seed":
		st.Seed, err = strconv.ParseUint(v, 10, 64)
		if err != nil {
			return errorf("seed=%s: the seed is a whole number ≥ 0", "seed=%s：种子应为非负整数", v)
		}
	case "step":
		var n int64
		n, err = strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > math.MaxInt32 {
			return errorf("step=%s: the step is a whole number ≥ 0", "step=%s：步数应为非负整数", v)
		}
		st.Step = int(n)
	case "points":
		st.X, st.Y, err = parsePoints(v)
	}
	return err
}

// positive parses the value of a key that must be a finite number > 0.
func positive(k, v string) (float64, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, errorf("%s=%s is not a number", "%s=%s 不是一个数", k, v)
	}
	if f <= 0 {
		if k == "C" {
			return 0, errorf("C=%s: C must be > 0 (leave C out for a hard margin)", "C=%s：C 必须大于 0（硬间隔请不写 C）", v)
		}
		return 0, errorf("%s=%s: %s must be > 0", "%s=%s：%s 必须大于 0", k, v, k)
	}
	return f, nil
}

// parsePoints reads x1,x2,label triples separated by semicolons.
func parsePoints(v string) ([][2]float64, []float64, error) {
	if v == "" {
		return nil, nil, nil
	}
	triples := strings.Split(strings.TrimSuffix(v, ";"), ";")
	if len(triples) > MaxPoints {
		return nil, nil, errorf("%d points: the playground takes at most %d", "共 %d 个点：演练场最多接受 %d 个点", len(triples), MaxPoints)
	}
	x := make([][2]float64, len(triples))
	y := make([]float64, len(triples))
	for i, t := range triples {
		f := strings.Split(t, ",")
		if len(f) != 3 {
			return nil, nil, errorf("point %d “%s”: write x1,x2,label", "第 %d 个点“%s”：应写成 x1,x2,标签", i+1, t)
		}
		for j := range 2 {
			c, err := strconv.ParseFloat(strings.TrimSpace(f[j]), 64)
			if err != nil || math.IsNaN(c) || math.IsInf(c, 0) {
				return nil, nil, errorf("point %d “%s”: %s is not a finite number", "第 %d 个点“%s”：%s 不是有限的数", i+1, t, f[j])
			}
			x[i][j] = c
		}
		switch strings.TrimSpace(f[2]) {
		case "1", "+1":
			y[i] = 1
		case "-1":
			y[i] = -1
		default:
			return nil, nil, errorf("point %d “%s”: the label is 1 or -1, not %s", "第 %d 个点“%s”：标签只能是 1 或 -1，不能是 %s", i+1, t, f[2])
		}
	}
	return x, y, nil
}

// Fragment writes st as a URL fragment (without the #) that ParseFragment
// reads back to st; settings at their defaults are left out, numbers have
// the fewest digits that read back exactly.
func (st State) Fragment() string {
	var parts []string
	add := func(k, v string) { parts = append(parts, k+"="+v) }
	if st.Algo != "" {
		add("algo", st.Algo)
	}
	if st.Kernel != "" {
		add("kernel", st.Kernel)
	}
	if st.C != 0 {
		add("C", num(st.C))
	}
	if st.P != 0 {
		add("p", strconv.Itoa(st.P))
	}
	if st.Sigma != 0 {
		add("sigma", num(st.Sigma))
	}
	if st.Eta != 0 {
		add("eta", num(st.Eta))
	}
	if st.Order != "" {
		add("order", st.Order)
	}
	if st.Seed != 0 {
		add("seed", strconv.FormatUint(st.Seed, 10))
	}
	if st.Step >= 0 {
		add("step", strconv.Itoa(st.Step))
	}
	if len(st.X) > 0 {
		var b strings.Builder
		for i, p := range st.X {
			if i > 0 {
				b.WriteByte(';')
			}
			b.WriteString(num(p[0]) + "," + num(p[1]) + ",")
			if st.Y[i] > 0 {
				b.WriteString("1")
			} else {
				b.WriteString("-1")
			}
		}
		add("points", b.String())
	}
	return strings.Join(parts, "&")
}

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// unescape decodes the %XX escapes of s (a browser escapes a space or a
// non-ASCII character of a fragment so); an invalid escape stays as it is.
func unescape(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if h, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b = append(b, byte(h))
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}
