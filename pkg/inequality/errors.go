package inequality

// errLength is the panic message for vectors of different lengths.
const errLength = "inequality: vectors of different lengths"
