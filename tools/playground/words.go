package main

// option is an entry of a select.
type option struct{ Value, Text string }

// words are the page's words in one language: those of the HTML and, in
// Script, those the script writes.
type words struct {
	Title, Intro, Help                         string
	Class, ClassHint, Undo, Redo, Clear, Plane string
	Export, Model, Link                        string
	Preset, Own, Seed, Reseed                  string
	Presets                                    []option
	Algo                                       string
	Algos                                      []option
	Eta, Order, Cyclic, Random                 string
	Soft                                       string
	Kernel, Linear, Poly, Gauss                string
	Step, Loading                              string
	Script                                     scriptWords
}

// scriptWords are the words of playground.js (the JSON of #words).
type scriptWords struct {
	Status   map[string]string `json:"status"`
	StepOf   string            `json:"stepOf"`
	K        string            `json:"k"`
	Mis      string            `json:"mis"`
	Table21  string            `json:"table21"`
	Table22  string            `json:"table22"`
	TooMany  string            `json:"tooMany"`
	Gram     string            `json:"gram"`
	Novikoff string            `json:"novikoff"`
	OfSteps  string            `json:"ofSteps"`
	SV       string            `json:"sv"`
	Bounded  string            `json:"bounded"`
	Pair     string            `json:"pair"`
	PairHead []string          `json:"pairHead"`
	Errors   string            `json:"errors"`
	Hard     string            `json:"hard"`
	Meet     string            `json:"meet"`
	NoWasm   string            `json:"noWasm"`
	OfferC   string            `json:"offerC"`
}

var allWords = map[string]words{
	"en": {
		Title: "Playground: the perceptron and the SVM on your own points",
		Intro: "Click on the plane to add points, drag them, and watch the library's own perceptron (Algorithms 2.1 and 2.2) " +
			"and support vector machine (SMO, Algorithm 7.5) answer. The state is the address after #: bookmark it or send it.",
		Help: "Click: add a point of the selected class; Shift+click: the other class. Drag a point to move it; " +
			"Alt+click (or select it and press Delete) removes it. Ctrl+Z / Ctrl+Y: undo / redo. " +
			"Rings: support vectors (dashed: αᵢ = C); orange: the point of the step shown.",
		Class: "Class:", ClassHint: "the class a click adds (Shift+click adds the other)",
		Undo: "Undo", Redo: "Redo", Clear: "Clear", Plane: "the plane of the points",
		Export: "Export:", Model: "model JSON", Link: "link",
		Preset: "Preset", Own: "your own points", Seed: "seed", Reseed: "new seed",
		Presets: []option{{"example21", "Example 2.1 (perceptron)"}, {"example71", "Examples 7.1, 7.2 (SVM)"},
			{"xor", "XOR (Gaussian kernel)"}, {"rings", "two rings (Gaussian kernel)"}, {"clouds", "overlapping clouds (soft margin)"}},
		Algo: "Algorithm",
		Algos: []option{{"primal", "primal: perceptron, Algorithm 2.1"}, {"dual", "dual: perceptron, Algorithm 2.2"},
			{"svm", "svm: SVM to convergence (SMO)"}, {"smo", "smo: Algorithm 7.5 step by step"}},
		Eta: "learning rate", Order: "order", Cyclic: "cyclic (the book's)", Random: "random misclassified point (seed)",
		Soft:   "soft margin, C (log scale):",
		Kernel: "kernel", Linear: "linear", Poly: "polynomial (x·z + 1)ᵖ", Gauss: "Gaussian exp(−‖x − z‖²/(2σ²))",
		Step: "step", Loading: "Loading the WebAssembly…",
		Script: scriptWords{
			Status: map[string]string{"converged": "Converged", "not separable": "Not separable",
				"iteration limit": "Iteration limit", "error": "Cannot fit"},
			StepOf: "step %d of %d", K: "k", Mis: "misclassified point",
			Table21: "Iterations (as Table 2.1)", Table22: "Iterations (as Table 2.2)",
			TooMany: "The table of α is shown for at most 12 points.", Gram: "Gram matrix G = [xᵢ·xⱼ]",
			Novikoff: "Novikoff (Theorem 2.1)", OfSteps: "of %d updates in all",
			SV: "support vectors", Bounded: "bounded (αᵢ = C)",
			Pair: "The step of Algorithm 7.5", PairHead: []string{"α₁ of", "α₂ of", "α₂ unclipped", "α₂ clipped"},
			Errors: "Eᵢ = g(xᵢ) − yᵢ", Hard: "hard margin (no C)", Meet: "the hulls meet",
			NoWasm: "This browser could not start the WebAssembly",
			OfferC: "Use a soft margin, C = 1",
		},
	},
	"zh": {
		Title: "演练场：在自己的点上运行感知机与支持向量机",
		Intro: "在平面上点击添加点、拖动点，看本库的感知机（算法 2.1、2.2）与支持向量机（SMO，算法 7.5）如何作答。" +
			"页面的状态就是网址中 # 之后的部分：可以收藏，也可以发给别人。",
		Help: "点击：添加所选类别的点；Shift+点击：添加另一类的点。拖动点可以移动它；" +
			"Alt+点击（或选中后按 Delete 键）删除它。Ctrl+Z／Ctrl+Y：撤销／重做。" +
			"圆圈：支持向量（虚线：αᵢ = C）；橙色：当前这一步所用的点。",
		Class: "类别：", ClassHint: "点击添加的类别（Shift+点击添加另一类）",
		Undo: "撤销", Redo: "重做", Clear: "清空", Plane: "实例所在的平面",
		Export: "导出：", Model: "模型 JSON", Link: "链接",
		Preset: "预设", Own: "你自己的点", Seed: "种子", Reseed: "换一个种子",
		Presets: []option{{"example21", "例 2.1（感知机）"}, {"example71", "例 7.1、7.2（支持向量机）"},
			{"xor", "异或（高斯核函数）"}, {"rings", "两个同心圆环（高斯核函数）"}, {"clouds", "相互重叠的两团点（软间隔）"}},
		Algo: "算法",
		Algos: []option{{"primal", "primal：感知机学习算法的原始形式（算法 2.1）"}, {"dual", "dual：感知机学习算法的对偶形式（算法 2.2）"},
			{"svm", "svm：支持向量机，求解至收敛（SMO）"}, {"smo", "smo：逐步运行算法 7.5"}},
		Eta: "学习率", Order: "顺序", Cyclic: "依次循环（书中的顺序）", Random: "随机选取误分类点（种子）",
		Soft:   "软间隔，惩罚参数 C（对数刻度）：",
		Kernel: "核函数", Linear: "线性核", Poly: "多项式核函数 (x·z + 1)ᵖ", Gauss: "高斯核函数 exp(−‖x − z‖²/(2σ²))",
		Step: "步", Loading: "正在加载 WebAssembly……",
		Script: scriptWords{
			Status: map[string]string{"converged": "已收敛", "not separable": "线性不可分",
				"iteration limit": "达到迭代上限", "error": "无法求解"},
			StepOf: "第 %d 步，共 %d 步", K: "迭代次数", Mis: "误分类点",
			Table21: "迭代过程（如表 2.1）", Table22: "迭代过程（如表 2.2）",
			TooMany: "α 的表格最多显示 12 个点。", Gram: "Gram 矩阵 G = [xᵢ·xⱼ]",
			Novikoff: "Novikoff 定理（定理 2.1）", OfSteps: "共 %d 次更新",
			SV: "支持向量", Bounded: "位于边界（αᵢ = C）",
			Pair: "算法 7.5 的这一步", PairHead: []string{"α₁ 对应", "α₂ 对应", "未经剪辑的 α₂", "剪辑后的 α₂"},
			Errors: "差值 Eᵢ = g(xᵢ) − yᵢ", Hard: "硬间隔（不设 C）", Meet: "两个凸壳的交点",
			NoWasm: "这个浏览器无法启动 WebAssembly",
			OfferC: "改用软间隔，C = 1",
		},
	},
}
