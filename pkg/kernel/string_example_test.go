package kernel_test

import (
	"fmt"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// The example of Li Hang §7.3.3: the coordinate "asd" of φ₃ is λ³ for
// "Nasdaq" and 2λ⁵ for "lass das"; the kernel sums such products over all
// subsequences of length 3.
func ExampleString() {
	k := kernel.String{N: 3, Lambda: 0.5}
	fmt.Printf("[φ₃(Nasdaq)]_asd = %.4g, [φ₃(lass das)]_asd = %.4g\n", k.Features("Nasdaq")["asd"], k.Features("lass das")["asd"])
	fmt.Printf("k₃(Nasdaq, lass das) = %.4g\n", k.Strings("Nasdaq", "lass das"))
	// Output:
	// [φ₃(Nasdaq)]_asd = 0.125, [φ₃(lass das)]_asd = 0.0625
	// k₃(Nasdaq, lass das) = 0.02246
}
