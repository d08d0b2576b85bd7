package lang_test

import (
	"testing"

	"github.com/marginnotes/marginnotes/pkg/lang"
)

func TestParse(t *testing.T) {
	for code, want := range map[string]lang.Lang{"": lang.English, "en": lang.English, "zh": lang.Chinese, "zh-CN": lang.Chinese} {
		got, err := lang.Parse(code)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v", code, got, err)
		}
		if got.Pick("support vectors", "支持向量") != map[lang.Lang]string{lang.English: "support vectors", lang.Chinese: "支持向量"}[want] {
			t.Errorf("Pick in %v", got)
		}
	}
	if _, err := lang.Parse("fr"); err == nil {
		t.Error("Parse(fr): no error")
	}
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		if back, err := lang.Parse(l.String()); err != nil || back != l {
			t.Errorf("Parse(%v.String()) = %v, %v", l, back, err)
		}
	}
}
