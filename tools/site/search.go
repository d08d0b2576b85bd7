package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode"
)

// terms calls emit for each search term of s, in order. assets/search.js
// splits a query by the same rules (its function terms):
//   - s is lower-cased;
//   - a run of Chinese characters (Unicode script Han) gives its character
//     bigrams: 对偶形式 gives 对偶, 偶形, 形式; a run of one character gives
//     the character;
//   - a run of other letters and digits gives one word; a full stop between
//     two digits stays in the word (2.1, 7.4);
//   - everything else separates terms.
func terms(s string, emit func(string)) {
	rs := []rune(strings.ToLower(s))
	for i := 0; i < len(rs); {
		switch r := rs[i]; {
		case isHan(r):
			j := i
			for j < len(rs) && isHan(rs[j]) {
				j++
			}
			if j-i == 1 {
				emit(string(rs[i]))
			}
			for k := i; k+1 < j; k++ {
				emit(string(rs[k : k+2]))
			}
			i = j
		case isWord(r):
			j := i + 1
			for j < len(rs) && (isWord(rs[j]) ||
				rs[j] == '.' && unicode.IsDigit(rs[j-1]) && j+1 < len(rs) && unicode.IsDigit(rs[j+1])) {
				j++
			}
			emit(string(rs[i:j]))
			i = j
		default:
			i++
		}
	}
}

func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }

func isWord(r rune) bool { return !isHan(r) && (unicode.IsLetter(r) || unicode.IsNumber(r)) }

// searchPage is a page in the search index: its path in the site, its
// title and edition; the glossary, shared by the editions, has the Chinese
// edition's path in ZH and no edition.
type searchPage struct {
	URL     string `json:"u"`
	ZH      string `json:"zh,omitempty"`
	Title   string `json:"t"`
	Edition string `json:"e"`
}

// searchIndex is the search index that assets/search.js reads:
//   - pages;
//   - docs, the sections: [page, heading id, heading, text, number of terms];
//   - terms: for each term, the sections that hold it and how often, as
//     [section, count, section, count, …], sections in increasing order.
type searchIndex struct {
	Pages []searchPage     `json:"pages"`
	Docs  [][]any          `json:"docs"`
	Terms map[string][]int `json:"terms"`
}

// searchIndex returns the search index of every notebook page of both
// editions and of the glossary, as the script assets/search-index.js.
func (s *site) searchIndex() ([]byte, error) {
	idx := searchIndex{Terms: map[string][]int{}}
	add := func(p *page, sp searchPage) {
		pi := len(idx.Pages)
		idx.Pages = append(idx.Pages, sp)
		for _, sec := range p.sections {
			di := len(idx.Docs)
			counts := map[string]int{}
			var order []string
			n := 0
			terms(sec.text, func(t string) {
				if counts[t] == 0 {
					order = append(order, t)
				}
				counts[t]++
				n++
			})
			idx.Docs = append(idx.Docs, []any{pi, sec.id, sec.heading, sec.text, n})
			for _, t := range order {
				idx.Terms[t] = append(idx.Terms[t], di, counts[t])
			}
		}
	}
	for _, p := range s.pages {
		if p.num < 0 {
			continue
		}
		add(p, searchPage{URL: p.site, Title: p.title, Edition: p.ed.Code})
	}
	g := s.glossary["en"]
	add(g, searchPage{URL: g.site, ZH: s.glossary["zh"].site, Title: g.title})
	var b bytes.Buffer
	b.WriteString("// The search index of the site (tools/site), read by search.js.\nwindow.MN_SEARCH_INDEX = ")
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(idx); err != nil {
		return nil, err
	}
	b.WriteString(";\n")
	return b.Bytes(), nil
}
