package loss

// Panic messages for programmer errors.
const (
	errLabels  = "loss: number of labels differs from number of rows"
	errWeights = "loss: length of w differs from number of columns"
)
