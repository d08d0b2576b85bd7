// Package cliutil holds what the project's commands share in their
// messages: shortening the text of a command line and bounding an error
// message, so that no message repeats megabytes of input.
package cliutil

import (
	"fmt"
	"unicode/utf8"
)

// Short shortens text of the command line for a message, as the data
// readers shorten the text of a file: at most 40 bytes, then "…".
func Short(s string) string {
	const n = 40
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// MaxMessage bounds an error message, in bytes.
const MaxMessage = 300

// Bounded returns msg, or, past MaxMessage bytes (an error of the flag
// package quoting a huge argument), its beginning and end around a note of
// what was cut.
func Bounded(msg string) string {
	if len(msg) <= MaxMessage {
		return msg
	}
	head, tail := MaxMessage*2/3, MaxMessage/4
	for head > 0 && !utf8.RuneStart(msg[head]) {
		head--
	}
	t := len(msg) - tail
	for t < len(msg) && !utf8.RuneStart(msg[t]) {
		t++
	}
	return fmt.Sprintf("%s… (%d bytes) …%s", msg[:head], t-head, msg[t:])
}
