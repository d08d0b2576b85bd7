package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/marginnotes/marginnotes/internal/browser"
)

// solutionNotebook is an exercise as nbgen writes it (notebooks/README.md,
// Exercises): the question, the answer and check cells, the solution's two
// cells tagged "solution" with the exercise's number, then the next
// question.
func solutionNotebook(lang string) map[string]any {
	md := func(src string, meta map[string]any) map[string]any {
		return map[string]any{"cell_type": "markdown", "metadata": meta, "source": src}
	}
	code := func(src, out string, meta map[string]any) map[string]any {
		return map[string]any{"cell_type": "code", "metadata": meta, "source": src, "execution_count": 1,
			"outputs": []any{map[string]any{"output_type": "stream", "name": "stdout", "text": out}}}
	}
	sol := map[string]any{"tags": []string{"solution"}, "marginnotes": map[string]any{"solution": "2.1"}}
	return map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{"language_info": map[string]any{"name": "go"}, "marginnotes": map[string]any{"lang": lang}},
		"cells": []any{
			md("# 13. Exercises\n\n## Exercise 2.1\n\nQuestion one.", map[string]any{}),
			code("var answer21 any = exercise.Placeholder", "", map[string]any{"tags": []string{"answer"}}),
			code("%%\nfmt.Println(exercise.Ex21(answer21, lang.English))", "not answered yet: replace exercise.Placeholder with λ\n", map[string]any{"tags": []string{"check"}}),
			md("### Solution\n\nTheAnswerProse is here.", sol),
			code("%%\nfmt.Println(42)", "TheAnswerOutput 42\n", sol),
			md("## Exercise 2.2\n\nQuestionTwo follows.", map[string]any{}),
		},
	}
}

// TestSolutionsFolded exports an exercise through the whole pipeline and
// checks that its solution is folded in the HTML (a closed <details> that
// holds both solution cells and nothing else, its summary in the edition's
// language), and printed after the exercises in the PDF of the notebook and
// in the book's chapter, under "Solutions", with a link where it was. It
// needs what make pdf needs and is skipped without it or under -short.
func TestSolutionsFolded(t *testing.T) {
	needExport(t)
	dir := t.TempDir()
	for _, ed := range []struct{ lang, summary, section string }{
		{"en", "Solution to Exercise 2.1", "Solutions"},
		{"zh-CN", "习题 2.1 的解答", "解答"},
	} {
		t.Run(ed.lang, func(t *testing.T) {
			sub := filepath.Join(dir, ed.lang)
			page, html := exportNotebook(t, sub, "13-ex", solutionNotebook(ed.lang))
			folded := regexp.MustCompile(`(?s)<details class="mn-solution" data-exercise="2\.1"><summary>([^<]*)</summary>(.*?)</details>`).FindAllStringSubmatch(html, -1)
			if len(folded) != 1 {
				t.Fatalf("%d folded solutions in the HTML, want 1", len(folded))
			}
			if folded[0][1] != ed.summary {
				t.Errorf("summary %q, want %q", folded[0][1], ed.summary)
			}
			inside := folded[0][2]
			for _, want := range []string{"TheAnswerProse", "TheAnswerOutput"} {
				if !strings.Contains(inside, want) {
					t.Errorf("the folded solution lacks %s", want)
				}
			}
			for _, out := range []string{"QuestionTwo", "not answered yet", "Question one"} {
				if strings.Contains(inside, out) {
					t.Errorf("the folded solution holds %q, which is not part of it", out)
				}
			}
			if strings.Count(html, "TheAnswerProse") != 1 {
				t.Errorf("the solution's prose appears %d times in the HTML", strings.Count(html, "TheAnswerProse"))
			}

			// The PDF: the solution after the next exercise, under the
			// section, and a line where it was.
			text, err := exec.Command("pdftotext", "-enc", "UTF-8", filepath.Join(sub, "pdf", "13-ex.pdf"), "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			checkOrder(t, "PDF", string(text), "Question one", ed.summary, "QuestionTwo", ed.section, "TheAnswerProse", "TheAnswerOutput")

			// The book's chapter.
			alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), browser.Options(browser.Path(), t.TempDir())...)
			defer cancelAlloc()
			ctx, cancel := chromedp.NewContext(alloc)
			defer cancel()
			if err := chromedp.Do(ctx); err != nil {
				t.Fatal(err)
			}
			c, err := loadChapter(ctx, page, "c13", map[string]string{"13-ex": "c13"}, map[string]string{"13": "c13"}, "", `\bnotebook (\d+)\b`, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(c.Body, "<details") {
				t.Errorf("the chapter still folds a solution")
			}
			checkOrder(t, "book chapter", c.Body, "Question one", `href="#c13-mn-solution-1"`, "QuestionTwo", `id="c13-mn-solutions"`, "TheAnswerProse", "TheAnswerOutput")
			if last := c.Sections[len(c.Sections)-1]; last.Text != ed.section {
				t.Errorf("the chapter's last section is %q, want %q", last.Text, ed.section)
			}
		})
	}
}

// checkOrder fails unless each of the texts occurs in s, in this order.
func checkOrder(t *testing.T, what, s string, texts ...string) {
	t.Helper()
	at := 0
	for _, x := range texts {
		i := strings.Index(s[at:], x)
		if i < 0 {
			t.Errorf("%s: %q missing, or not after %q", what, x, s[:at][max(0, at-40):])
			return
		}
		at += i + len(x)
	}
}
