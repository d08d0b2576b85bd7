// search.js — the search box of the site (tools/site). It loads the index
// that `make site` built (assets/search-index.js, a script so that it loads
// from file:// too) when the box first gets the focus, splits the query into
// terms as the index was split (terms in tools/site/search.go: lower case;
// Chinese as character bigrams; words; 2.1 stays one word), keeps the
// sections that hold every term, ranks them by BM25 and lists the best with
// their page, heading and the text around the first match. A word of three
// letters or more also matches the words it begins (hyper → hyperplane);
// a single Chinese character matches every bigram that holds it.
(() => {
  'use strict';
  const nav = document.querySelector('.mn-site-nav');
  const input = nav && nav.querySelector('.mn-site-search input');
  if (!input) return;
  const box = nav.querySelector('.mn-site-results');
  const root = nav.dataset.root || '';
  const lang = nav.dataset.lang || 'en';
  const han = /\p{Script=Han}/u, letter = /[\p{L}\p{N}]/u, digit = /\p{Nd}/u;
  const isWord = c => letter.test(c) && !han.test(c);
  const shown = 15;
  // lower lowers the case character by character, as Go's strings.ToLower
  // does: the string's own toLowerCase writes a final sigma (ς) at the end
  // of a word, where Go writes σ.
  const lower = s => Array.from(s, c => c.toLowerCase()).join('');

  // terms splits s as tools/site's terms does; each term says whether it
  // is Chinese and whether it is a single character.
  function terms(s) {
    const rs = Array.from(lower(s)), out = [];
    for (let i = 0; i < rs.length;) {
      if (han.test(rs[i])) {
        let j = i;
        while (j < rs.length && han.test(rs[j])) j++;
        if (j - i === 1) out.push({t: rs[i], han: true, single: true});
        for (let k = i; k + 1 < j; k++) out.push({t: rs[k] + rs[k + 1], han: true});
        i = j;
      } else if (isWord(rs[i])) {
        let j = i + 1;
        while (j < rs.length && (isWord(rs[j]) ||
          rs[j] === '.' && digit.test(rs[j - 1]) && j + 1 < rs.length && digit.test(rs[j + 1]))) j++;
        out.push({t: rs.slice(i, j).join('')});
        i = j;
      } else {
        i++;
      }
    }
    return out;
  }

  let index = null, vocab = null, avgLen = 1, loading = null;
  function load() {
    if (!loading) {
      loading = new Promise((resolve, reject) => {
        const s = document.createElement('script');
        s.src = root + 'assets/search-index.js';
        s.onload = () => {
          index = window.MN_SEARCH_INDEX;
          vocab = Object.keys(index.terms);
          avgLen = index.docs.reduce((a, d) => a + d[4], 0) / Math.max(1, index.docs.length);
          resolve(index);
        };
        s.onerror = () => reject(new Error('no search index at ' + s.src));
        document.head.appendChild(s);
      });
    }
    return loading;
  }

  // expand returns the index terms that query term q matches.
  function expand(q) {
    if (q.han && q.single) return vocab.filter(k => k.includes(q.t) && Array.from(k).length <= 2 && han.test(k));
    if (!q.han && Array.from(q.t).length >= 3 && !/\d/.test(q.t)) return vocab.filter(k => k.startsWith(q.t));
    return index.terms[q.t] ? [q.t] : [];
  }

  // search returns the sections that hold every term of the query, best
  // first: [{doc, score}].
  function search(query) {
    const seen = new Set();
    const qs = terms(query).filter(q => !seen.has(q.t) && seen.add(q.t));
    if (qs.length === 0) return [];
    const n = index.docs.length, k1 = 1.2, b = 0.75;
    let scores = null;
    for (const q of qs) {
      const tf = new Map();
      for (const k of expand(q)) {
        const p = index.terms[k];
        for (let i = 0; i < p.length; i += 2) tf.set(p[i], (tf.get(p[i]) || 0) + p[i + 1]);
      }
      const idf = Math.log(1 + (n - tf.size + 0.5) / (tf.size + 0.5));
      const next = new Map();
      for (const [d, f] of tf) {
        if (scores && !scores.has(d)) continue;
        const len = index.docs[d][4];
        next.set(d, (scores ? scores.get(d) : 0) + idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len / avgLen)));
      }
      scores = next;
      if (scores.size === 0) break;
    }
    const phrase = lower(query.trim());
    const out = [];
    for (const [d, s] of scores) {
      const doc = index.docs[d], page = index.pages[doc[0]];
      let score = s;
      if (lower(doc[2]).includes(phrase)) score *= 1.5;
      else if (lower(doc[3]).includes(phrase)) score *= 1.25;
      if (page.e === lang) score *= 1.05;
      out.push({doc: d, score: score});
    }
    return out.sort((x, y) => y.score - x.score || x.doc - y.doc);
  }

  // snippet returns the text around the first match of the query (or of
  // one of its terms) in text, the match marked.
  function snippet(text, query) {
    const low = lower(text);
    const needles = [lower(query.trim())].concat(terms(query).map(q => q.t));
    let at = -1, len = 0;
    for (const s of needles) {
      const i = s ? low.indexOf(s) : -1;
      if (i >= 0 && (at < 0 || i < at)) { at = i; len = s.length; }
      if (at >= 0 && s === needles[0]) break;
    }
    const span = document.createElement('span');
    span.className = 'mn-site-snippet';
    if (at < 0) {
      span.textContent = text.slice(0, 150) + (text.length > 150 ? '…' : '');
      return span;
    }
    const from = Math.max(0, at - 50), to = Math.min(text.length, at + len + 110);
    const mark = document.createElement('mark');
    mark.textContent = text.slice(at, at + len);
    span.append((from > 0 ? '…' : '') + text.slice(from, at), mark, text.slice(at + len, to) + (to < text.length ? '…' : ''));
    return span;
  }

  function href(doc) {
    const page = index.pages[doc[0]];
    const url = lang === 'zh' && page.zh ? page.zh : page.u;
    return root + url + (doc[1] ? '#' + doc[1] : '');
  }

  let selected = -1;
  function select(i) {
    const links = box.querySelectorAll('a');
    links.forEach((a, j) => a.classList.toggle('mn-site-selected', j === i));
    selected = i;
    if (links[i]) links[i].scrollIntoView({block: 'nearest'});
  }

  function show() {
    const query = input.value;
    box.replaceChildren();
    selected = -1;
    if (!query.trim()) { box.hidden = true; return; }
    const found = search(query);
    const count = document.createElement('div');
    count.className = 'mn-site-count';
    count.textContent = found.length ? input.dataset.count.replace('%d', found.length) : input.dataset.none;
    box.append(count);
    for (const r of found.slice(0, shown)) {
      const doc = index.docs[r.doc], page = index.pages[doc[0]];
      const a = document.createElement('a');
      a.href = href(doc);
      const where = document.createElement('span');
      where.className = 'mn-site-where';
      if (page.e) {
        const ed = document.createElement('span');
        ed.className = 'mn-site-ed';
        ed.textContent = page.e === 'zh' ? '中文' : 'EN';
        where.append(ed);
      }
      where.append(page.t + (doc[2] && doc[2] !== page.t ? ' › ' + doc[2] : ''));
      a.append(where, snippet(doc[3], query));
      box.append(a);
    }
    box.hidden = false;
  }

  input.addEventListener('focus', () => { load().then(() => { if (input.value) show(); }, () => {}); });
  input.addEventListener('input', () => { load().then(show, err => { box.textContent = err.message; box.hidden = false; }); });
  input.addEventListener('keydown', e => {
    const links = box.querySelectorAll('a');
    if (e.key === 'ArrowDown' && links.length) { select(Math.min(selected + 1, links.length - 1)); e.preventDefault(); }
    else if (e.key === 'ArrowUp' && links.length) { select(Math.max(selected - 1, 0)); e.preventDefault(); }
    else if (e.key === 'Enter' && links.length) { location.href = links[Math.max(selected, 0)].href; e.preventDefault(); }
    else if (e.key === 'Escape') { box.hidden = true; }
  });
  // For the browser test (e2e/site_test.go) and the curious: the same
  // splitting and ranking, callable from the console.
  window.mnSiteSearch = {terms: terms, search: query => load().then(() => search(query)), load: load};

  document.addEventListener('click', e => { if (!nav.querySelector('.mn-site-search').contains(e.target)) box.hidden = true; });
})();
