// Package experiment holds the measurements the notebooks and benchmarks
// run on the algorithms — wall-clock timings of the perceptron's forms,
// operation counts of their cost models, mistake counts over generated data
// of varying margin — kept apart from the algorithm packages, which compute
// and never time themselves. Every experiment takes its randomness from an
// explicit rand.Source.
package experiment
