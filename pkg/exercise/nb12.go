package exercise

import (
	"math"

	"github.com/marginnotes/marginnotes/pkg/gallery"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// NB12Ex4 checks the value part of notebook 12's exercise 4: how many
// weight vectors, len(v.Votes), the voted perceptron perceptron.Voted{}
// (10 epochs) keeps on the breast-cancer training set
// gallery.CancerSplit().Train; an int. The accuracies the exercise also
// asks for are an observation, for its check list.
func NB12Ex4(ans any, l lang.Lang) Verdict {
	j := judge{l}
	v, bad := j.readNumber(ans, asked{"len(v.Votes), an int", "len(v.Votes)，一个 int"}, "len(v.Votes)")
	if bad != nil {
		return *bad
	}
	if v != math.Trunc(v) || v < 0 {
		return j.malformed("len(v.Votes) = %g is a count: a whole number ≥ 0", "len(v.Votes) = %g 是个数：应当是不小于 0 的整数", v)
	}
	train := gallery.CancerSplit().Train
	n, _ := train.Dims()
	run := func(epochs int) *perceptron.VotedResult {
		r, err := perceptron.Voted{Settings: perceptron.Settings{MaxEpochs: epochs}}.Fit(train.X, train.Y)
		if err != nil {
			panic("exercise: NB12Ex4's voted perceptron: " + err.Error())
		}
		return r
	}
	r := run(0)
	k := float64(len(r.Votes))
	examined := 0
	for _, vote := range r.Votes {
		examined += vote.C
	}
	if v == k {
		return j.ok("len(v.Votes) = %d: one weight vector per update (%d updates in %d epochs), each voting with the number of examinations it survived, %d in all = %d epochs × %d points",
			"len(v.Votes) = %d：每次更新保留一个权值向量（更新 %d 次，共 %d 遍），每个向量的票数是它经受住的检查次数，共 %d 次 = %d 遍 × %d 个点",
			len(r.Votes), r.Updates, r.Epochs, examined, r.Epochs, n)
	}
	switch v {
	case float64(examined):
		return j.wrong("%d is Σ Cₛ, the examinations (%d epochs × %d points): a vector is kept once, with its count Cₛ as its vote", "%d 是 Σ Cₛ，即检查次数（%d 遍 × %d 个点）：每个向量只保留一次，票数是它的 Cₛ", examined, r.Epochs, n)
	case float64(n):
		return j.wrong("%d is the number of training points; the voted perceptron keeps weight vectors, not points", "%d 是训练点的个数；表决感知机保留的是权值向量，不是点", n)
	case float64(r.Epochs):
		return j.wrong("%d is the number of epochs", "%d 是遍数", r.Epochs)
	case 1:
		return j.wrong("one (w̄, b̄) is the averaged perceptron, v.Averaged; the voted perceptron keeps every vector", "一个 (w̄, b̄) 是平均感知机 v.Averaged；表决感知机保留每一个向量")
	case perceptron.DefaultMaxVotes:
		return j.wrong("%d is DefaultMaxVotes, the most votes it would keep; this run keeps fewer", "%d 是 DefaultMaxVotes，最多保留的票数；这次运行保留的更少", perceptron.DefaultMaxVotes)
	}
	for _, e := range []int{1, 3, 30} {
		if v == float64(len(run(e).Votes)) {
			return j.wrong("that is len(v.Votes) with MaxEpochs = %d; perceptron.Voted{} runs %d epochs", "这是 MaxEpochs = %d 时的 len(v.Votes)；perceptron.Voted{} 运行 %d 遍", e, perceptron.DefaultVotedEpochs)
		}
	}
	return j.wrong("not the len(v.Votes) of perceptron.Voted{} on cancerTrain: it keeps one vector per update", "不是 perceptron.Voted{} 在 cancerTrain 上的 len(v.Votes)：每次更新保留一个向量")
}
