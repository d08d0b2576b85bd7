package playground

import (
	"bytes"
	"fmt"
	"html"
)

// stateSlot is where the playground page (tools/playground) takes the
// state it opens with when its address has no fragment.
const stateSlot = `<script type="text/plain" id="state"></script>`

// Embed returns HTML that shows the playground page (build/playground/
// playground.html or zh/playground.html, made by make playground) at state
// st, inline: an iframe of the given height in pixels whose document is the
// page itself, so that it works in a notebook after Run All, in the saved
// notebook and in its HTML export, with no server. notebook.HTML displays
// it in a GoNB cell.
func Embed(page []byte, st State, height int) (string, error) {
	if bytes.Count(page, []byte(stateSlot)) != 1 {
		return "", fmt.Errorf("playground: not a playground page (no %s): make playground builds it", stateSlot)
	}
	doc := bytes.Replace(page, []byte(stateSlot), []byte(`<script type="text/plain" id="state">`+st.Fragment()+`</script>`), 1)
	return fmt.Sprintf(`<iframe class="mn-playground" title="playground" style="width: 100%%; height: %dpx; border: 1px solid #ccc;" srcdoc="%s"></iframe>`,
		height, html.EscapeString(string(doc))), nil
}
