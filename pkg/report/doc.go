// Package report presents the runs of the algorithms the way the book and
// the notebooks show them: the iteration tables of Examples 2.1 and 2.2
// (Tables 2.1 and 2.2), the faces tried by the exact SVM solver, KKT and
// support-vector tables. It returns header and rows of strings, in either
// edition's language (package lang), with every number written by package
// notation; the algorithm packages compute and never format.
package report
