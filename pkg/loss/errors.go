package loss

// Panic messages for programmer errors.
const (
	errLabels = "loss: number of labels differs from number of rows"
	errEmpty  = "loss: no rows"
)
