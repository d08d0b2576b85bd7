//go:build js && wasm

package main

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"syscall/js"

	"github.com/marginnotes/marginnotes/pkg/playground"
)

// last is the last fit, which grid and exportText read.
var last *playground.Fitted

func main() {
	api := js.Global().Get("Object").New()
	api.Set("run", js.FuncOf(func(_ js.Value, args []js.Value) any {
		last = playground.RunFragment(args[0].String(), args[1].String())
		return string(last.JSON())
	}))
	api.Set("grid", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if last == nil {
			return false
		}
		var v [4]float64
		for i := range v {
			v[i] = args[i].Float()
		}
		g := last.Grid(v, args[4].Int(), args[5].Int())
		if g == nil {
			return false
		}
		b := make([]byte, 8*len(g))
		for i, z := range g {
			binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(z))
		}
		js.CopyBytesToJS(args[6], b)
		return true
	}))
	api.Set("preset", js.FuncOf(func(_ js.Value, args []js.Value) any {
		st, ok := playground.Preset(args[0].String(), uint64(args[1].Int()))
		if !ok {
			return ""
		}
		return st.Fragment()
	}))
	api.Set("exportText", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var out struct {
			Text  string `json:"text,omitempty"`
			Error string `json:"error,omitempty"`
		}
		var b []byte
		var err error
		switch {
		case last == nil:
			out.Error = "no fit"
		case args[0].String() == "csv":
			b, err = last.State.CSV()
		case args[0].String() == "libsvm":
			b, err = last.State.LIBSVM()
		case args[0].String() == "model":
			b, err = last.ModelJSON()
		}
		out.Text = string(b)
		if err != nil {
			out.Error = err.Error()
			if e, ok := err.(*playground.Error); ok {
				out.Error = e.Text(last.Lang)
			}
		}
		j, _ := json.Marshal(out)
		return string(j)
	}))
	js.Global().Set("marginnotesPlayground", api)
	select {}
}
