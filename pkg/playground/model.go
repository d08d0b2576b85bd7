package playground

import (
	"strconv"
	"strings"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// ModelJSON returns the fitted model as the file that `marginnotes predict
// --model` reads, in the format of package modelio, byte for byte what
// modelio.Write writes for it (the tests check both). The page's
// WebAssembly writes it here rather than with modelio, whose reflection
// would double its size.
func (f *Fitted) ModelJSON() ([]byte, error) {
	if f.model == nil || f.solver == nil {
		return nil, errorf("there is no model to save", "没有可保存的模型")
	}
	var b strings.Builder
	kind, settings := "", ""
	order := func(o perceptron.Order) string {
		if o == perceptron.RandomMistake {
			return "random-mistake"
		}
		return "cyclic"
	}
	switch s := f.solver.(type) {
	case perceptron.Primal:
		kind = "perceptron.Primal"
		settings = `{"eta": ` + num(s.Eta) + `, "order": "` + order(s.Order) + `", "max_epochs": ` + strconv.Itoa(s.MaxEpochs) +
			`, "cs229": false, "record": false, "b0": 0, "no_bias": false}`
	case perceptron.Dual:
		kind = "perceptron.Dual"
		settings = `{"eta": ` + num(s.Eta) + `, "order": "` + order(s.Order) + `", "max_epochs": ` + strconv.Itoa(s.MaxEpochs) +
			`, "cs229": false, "record": false, "gram_budget": 0}`
	case svm.SMO:
		kind = "svm.SMO"
		settings = `{"c": ` + num(s.C) + `, "eps": 0, "cache_bytes": 0, "no_shrinking": false, "max_iter": ` + strconv.Itoa(s.MaxIter) + `}`
	case svm.PlattSMO:
		kind = "svm.PlattSMO"
		settings = `{"c": ` + num(s.C) + `, "eps": 0, "max_iter": ` + strconv.Itoa(s.MaxIter) + `}`
	}
	b.WriteString("{\n  \"format\": \"marginnotes-model\",\n  \"version\": 1,\n  \"kind\": \"" + kind + "\",\n  \"dim\": 2,\n")
	b.WriteString("  \"settings\": " + settings + ",\n")
	switch m := f.model.(type) {
	case classify.Linear:
		b.WriteString(`  "linear": {"w": ` + nums(m.W) + `, "b": ` + num(m.B) + "}\n")
	case *svm.Model:
		b.WriteString("  \"expansion\": {\n    \"kernel\": " + kernelJSON(m.Kernel) + ",\n    \"support\": [")
		for i, s := range m.Support {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n      " + nums(s))
		}
		if len(m.Support) > 0 {
			b.WriteString("\n    ")
		}
		b.WriteString("],\n    \"coef\": " + nums(m.Coef) + ",\n    \"b\": " + num(m.B))
		if m.W != nil {
			b.WriteString(",\n    \"w\": " + nums(m.W))
		}
		b.WriteString("\n  }\n")
	}
	b.WriteString("}\n")
	return []byte(b.String()), nil
}

func nums(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = num(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func kernelJSON(k kernel.Kernel) string {
	switch k := k.(type) {
	case kernel.Polynomial:
		return `{"name": "poly", "degree": ` + strconv.Itoa(k.Degree) + `, "gamma": ` + num(k.Gamma) + `, "coef0": ` + num(k.Coef0) + `}`
	case kernel.RBF:
		return `{"name": "rbf", "gamma": ` + num(k.Gamma) + `}`
	}
	return `{"name": "linear"}`
}
