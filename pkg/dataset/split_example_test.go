package dataset_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// A stratified training/test split of the iris data with a fixed seed:
// both parts keep the 50/50 class balance.
func ExampleSet_Split() {
	train, test := dataset.Iris().Split(rand.NewPCG(1, 2), 0.3)
	tp, tn := train.Counts()
	sp, sn := test.Counts()
	fmt.Printf("train: %d setosa, %d versicolor; test: %d setosa, %d versicolor\n", tp, tn, sp, sn)
	// Output:
	// train: 35 setosa, 35 versicolor; test: 15 setosa, 15 versicolor
}
