// Command playground-wasm is the playground page's WebAssembly: package
// playground and the library's solvers under it, compiled with
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags=-s\ -w -o playground.wasm ./cmd/playground-wasm
//
// (tools/playground builds it and embeds it in the page). It draws nothing:
// the page's script draws on a canvas what this computes. Started by the
// page's wasm_exec.js, it sets the global object marginnotesPlayground with
// these functions and then waits for calls:
//
//   - run(fragment, lang) fits the state of a URL fragment (package
//     playground: RunFragment) and returns the Output as a JSON string, the
//     Result in its field result; lang is "en" or "zh" for the messages.
//   - grid(x0, x1, y0, y1, nx, ny, dst) writes the decision values of the
//     last fit at nx × ny points of the rectangle (Fitted.Grid) into dst, a
//     Uint8Array of 8·nx·ny bytes read as a Float64Array (little endian),
//     and returns true, or false when there is no model.
//   - preset(name, seed) returns the fragment of a preset (Preset), "" for
//     an unknown name.
//   - exportText(kind) returns {text} or {error} as a JSON string for kind
//     "csv", "libsvm" (the points, as marginnotes svm reads them) or
//     "model" (the fitted model, as marginnotes predict --model reads it)
//     of the last fit.
//
// Built for another platform it only says how to build it.
package main
