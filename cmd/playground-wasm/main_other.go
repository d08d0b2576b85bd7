//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "playground-wasm runs in the browser: build it with GOOS=js GOARCH=wasm (make site builds the page)")
	os.Exit(2)
}
