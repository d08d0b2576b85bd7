package outline

import (
	"reflect"
	"testing"
)

func TestParseOutline(t *testing.T) {
	// pdftohtml -xml: the pages' text, then the outline, nested.
	const data = `<?xml version="1.0" encoding="UTF-8"?>
<pdf2xml producer="poppler" version="22.12.0">
<page number="1"><text top="1" left="1">1. Title &amp; more</text></page>
<outline>
<item page="1">Margin Notes</item>
<item page="5">1. The perceptron</item>
<outline>
<item page="6">Why  can be dropped</item>
<outline><item page="7">Deeper</item></outline>
</outline>
<item page="120">Glossary</item>
</outline>
</pdf2xml>`
	got, err := parseOutline([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{{"Margin Notes", 1, 1}, {"1. The perceptron", 5, 1}, {"Why  can be dropped", 6, 2}, {"Deeper", 7, 3}, {"Glossary", 120, 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseOutline = %+v, want %+v", got, want)
	}
}
