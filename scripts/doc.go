// Package scripts holds no Go code: its tests run the shell scripts of this
// directory — setup.sh, notebook.sh — on the inputs a user can give them
// (a PORT written as 010, a port in use, running as root) and check what they
// say and do. `make lint` checks the scripts with shellcheck.
package scripts
