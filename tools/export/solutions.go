package main

// solutionsJS takes the folded solutions of a page (details.mn-solution,
// which the template makes of the cells nbgen tags "solution") out of the
// text and prints them after everything else, in a last section
// "Solutions" (解答), each under its summary as a heading; where a solution
// was, a line links to it. A printed page does not open a <details>, and
// must not give the answer away under the question: the book and the PDF of
// a notebook both print the page after it. It returns how many solutions it
// moved.
const solutionsJS = `(() => {
  const found = [...document.querySelectorAll('details.mn-solution')];
  if (found.length === 0) return 0;
  const zh = (document.documentElement.lang || '').startsWith('zh');
  const host = found[0].parentElement;
  const sec = document.createElement('section');
  sec.className = 'mn-solutions';
  const h = document.createElement('h2');
  h.id = 'mn-solutions';
  h.textContent = zh ? '解答' : 'Solutions';
  sec.appendChild(h);
  found.forEach((d, i) => {
    const s = d.querySelector(':scope > summary');
    const title = s ? s.textContent.trim() : '';
    const id = 'mn-solution-' + (i + 1);
    const body = document.createElement('div');
    body.className = 'mn-solution-body';
    const h3 = document.createElement('h3');
    h3.id = id;
    h3.textContent = title;
    body.appendChild(h3);
    [...d.childNodes].forEach(n => { if (n !== s) body.appendChild(n); });
    sec.appendChild(body);
    const p = document.createElement('p');
    p.className = 'mn-solution-ref';
    const a = document.createElement('a');
    a.href = '#' + id;
    a.textContent = zh ? title + '：见本章末的“解答”一节' : title + ': see Solutions at the end of the chapter';
    p.appendChild(a);
    d.replaceWith(p);
  });
  host.appendChild(sec);
  return found.length;
})()`
