"""nbconvert's HTML exporter for the Margin Notes notebooks (scripts/export.sh
runs `jupyter nbconvert --to marginnotes_html.HTMLExporter --template
marginnotes` with this folder on PYTHONPATH).

It differs from nbconvert's own HTMLExporter in two things:

- Ordered lists keep their first number. A notebook's exercises are an
  ordered list that code cells interrupt, so each Markdown cell after the
  first starts its list at 2, 3, 4...; nbconvert 6 (Debian bookworm) renders
  Markdown with its copy of mistune 0.8, whose block lexer forgets the number
  of a list's first item and whose renderer writes every list as a bare
  <ol>: every exercise printed as "1.". Here the lexer keeps the number in
  the list's token and the list is written <ol start="N">, as CommonMark
  says and as Notebook 6 (marked) and GitHub show it.
- Code is highlighted with the notebook's Pygments lexer, and where
  language_info names none (GoNB's kernel_info reply leaves pygments_lexer
  empty, and executing a notebook copies that reply into it), with the
  kernel's language instead of nbconvert's fallback, IPython.

Markdown is rendered with escape=False, as nbconvert does, so that a cell's
HTML shows; tools/export then removes from it what Jupyter's renderer
removes (scripts, event handlers, javascript: URLs; package
internal/sanitize) before Chromium opens the page.
"""

from nbconvert.exporters.html import HTMLExporter as _HTMLExporter
from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath, MathBlockLexer

try:
    from jinja2 import pass_context
except ImportError:  # Jinja2 < 3
    from jinja2 import contextfilter as pass_context


class ListStartBlockLexer(MathBlockLexer):
    """The block lexer of nbconvert's Markdown with math, which records the
    number an ordered list starts at in the list's token ("start")."""

    def parse_list_block(self, m):
        at = len(self.tokens)
        super().parse_list_block(m)
        bullet = m.group(2)
        if bullet[:-1].isdigit():
            self.tokens[at]["start"] = int(bullet[:-1])


class ListStartMarkdown(MarkdownWithMath):
    """nbconvert's Markdown with math, writing <ol start="N"> for an ordered
    list whose first item is numbered N other than 1."""

    def __init__(self, renderer, **kwargs):
        kwargs.setdefault("block", ListStartBlockLexer)
        super().__init__(renderer, **kwargs)

    def output_list(self):
        start = self.token.get("start")
        html = super().output_list()
        if start is not None and start != 1 and html.startswith("<ol>"):
            html = '<ol start="%d">' % start + html[len("<ol>") :]
        return html


def markdown2html(source, **options):
    """Markdown to HTML as the exporter renders a Markdown cell."""
    return ListStartMarkdown(renderer=IPythonRenderer(escape=False, **options)).render(source)


class HTMLExporter(_HTMLExporter):
    """nbconvert's HTML exporter with ordered lists that keep their numbers
    and Go highlighting where the kernel names no lexer."""

    @pass_context
    def markdown2html(self, context, source):
        cell = context.get("cell", {})
        return markdown2html(
            source,
            attachments=cell.get("attachments", {}),
            embed_images=self.embed_images,
            path=context.get("resources", {}).get("metadata", {}).get("path", ""),
            anchor_link_text=self.anchor_link_text,
            exclude_anchor_links=self.exclude_anchor_links,
        )

    def from_notebook_node(self, nb, resources=None, **kw):
        # A notebook without a language (the glossary's) keeps no
        # language_info: nbformat refuses one without a name.
        info = nb.metadata.get("language_info", {})
        if not info.get("pygments_lexer"):
            lexer = nb.metadata.get("kernelspec", {}).get("language") or info.get("name")
            if lexer:
                info = nb.metadata.setdefault("language_info", {})
                info.setdefault("name", lexer)
                info["pygments_lexer"] = lexer
        return super().from_notebook_node(nb, resources, **kw)
