package main

import "io"

func runFigures(args []string, stdout io.Writer) error { return usagef("figures: not yet") }
