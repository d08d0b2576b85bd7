module github.com/marginnotes/marginnotes/examples/classify

go 1.26

require (
	github.com/marginnotes/marginnotes v0.0.0
	gonum.org/v1/gonum v0.17.0
)

require golang.org/x/sys v0.36.0 // indirect

replace github.com/marginnotes/marginnotes => ../..
