package exercise

import (
	"math"
	"slices"
	"strings"

	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// stringData is notebook 10's twelve strings over {a, b}: positive the six
// in which every a comes before every b, negative their mirror images.
func stringData() ([]string, []float64) {
	return []string{"ab", "aab", "abb", "aabbb", "aaab", "abbbb", "ba", "bba", "baa", "bbaaa", "bbba", "baaaa"},
		[]float64{1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1}
}

// NB10Ex11 checks the value part of notebook 10's exercise 11: the strings
// of length 4 over {a, b} that the string SVM (svm.SMO with
// kernel.String{N: 2, Lambda: 0.5} on the notebook's twelve strings)
// calls positive, f(s) > 0; a []string in any order.
func NB10Ex11(ans any, l lang.Lang) Verdict {
	j := judge{l}
	if isPlaceholder(ans) {
		return j.unanswered("the positive strings of length 4, a []string", "判为正类的长度为 4 的字符串，一个 []string")
	}
	list, ok := ans.([]string)
	switch {
	case !ok && ans == nil, ok && list == nil:
		return j.malformed("the answer is nil: write it as []string{\"…\", …}", "答案是 nil：请写成 []string{\"…\", …}")
	case !ok:
		return j.malformed("the answer must be a []string of strings of length 4 over {a, b}, not a %T", "答案应当是由 {a, b} 上长度为 4 的字符串组成的 []string，而不是 %T", ans)
	}
	strs, y := stringData()
	r, err := (svm.SMO{Kernel: kernel.String{N: 2, Lambda: 0.5}}).Fit(kernel.StringRows(strs), y)
	if err != nil {
		panic("exercise: NB10Ex11's string SVM: " + err.Error())
	}
	f := func(s string) float64 { return r.Decision(kernel.StringVector(s, r.Dim())) }
	zero := func(v float64) bool { return math.Abs(v) < 1e-9 }
	var want []string
	for m := range 16 {
		s := []byte("aaaa")
		for i := range 4 {
			if m>>(3-i)&1 == 1 {
				s[i] = 'b'
			}
		}
		if v := f(string(s)); !zero(v) && v > 0 {
			want = append(want, string(s))
		}
	}
	var got []string
	for _, s := range list {
		if strings.Trim(s, "ab") != "" {
			return j.malformed("%q is not a string over {a, b}", "“%s”不是 {a, b} 上的字符串", s)
		}
		if !slices.Contains(got, s) {
			got = append(got, s)
		}
	}
	for _, s := range got {
		if len(s) != 4 {
			if slices.Contains(strs, s) {
				return j.wrong("%q is a training string, of length %d: the question asks which strings of length 4 are positive", "“%s”是训练用的字符串，长度为 %d：问题问的是长度为 4 的字符串中哪些被判为正类", s, len(s))
			}
			return j.wrong("%q has length %d: the question asks about the 16 strings of length 4", "“%s”的长度是 %d：问题问的是长度为 4 的 16 个字符串", s, len(s))
		}
	}
	for _, s := range got {
		v := f(s)
		rev := reverse(s)
		switch {
		case zero(v) && rev == s:
			return j.wrong("f(%s) = 0: %s lies on the boundary, not on the positive side; it is a palindrome, and reversing a string swaps its ab and ba pairs, which changes the sign of f", "f(%s) = 0：%s 在分类边界上，不在正类一侧；它是回文，而反转字符串会互换 ab 和 ba 字母对，使 f 变号", s, s)
		case zero(v):
			return j.wrong("f(%s) = 0: %s lies on the boundary, not on the positive side", "f(%s) = 0：%s 在分类边界上，不在正类一侧", s, s)
		case v < 0 && slices.Contains(got, rev):
			return j.wrong("%s and its reverse %s cannot both be positive: reversing swaps the ab and ba pairs, so f(%s) = −f(%s) = %s", "%s 和它的反转 %s 不可能都是正类：反转会互换 ab 和 ba 字母对，所以 f(%s) = −f(%s) = %s", s, rev, s, rev, notation.Number(v))
		case v < 0:
			return j.wrong("f(%s) = %s < 0: count its pairs ab and ba with their spans", "f(%s) = %s < 0：数一数它的 ab 和 ba 字母对及其所跨的长度", s, notation.Number(v))
		}
	}
	if missing := len(want) - len(got); missing > 0 {
		return j.wrong("these are positive, but %d more strings are: reversing a string changes the sign of f, so of each string and its reverse (not a palindrome) one is positive", "这些是正类，但还有 %d 个字符串也是：反转字符串使 f 变号，所以每个字符串和它的反转（非回文）中恰有一个是正类", missing)
	}
	return j.ok("f > 0 exactly on these %d strings: of the 16, the 4 palindromes have f = 0 and the other 12 come in pairs s, reverse(s) with opposite signs", "恰好这 %d 个字符串的 f > 0：16 个字符串中，4 个回文的 f = 0，其余 12 个成对出现（s 与它的反转），符号相反", len(want))
}

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}
