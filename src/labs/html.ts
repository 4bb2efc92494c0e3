/**
 * The `index.html` each lab writes next to its files: every image and every value on one page
 * for a person to look at (the impulse lab serves the output folder with `python3 -m http.server`).
 */

export type HtmlItem =
  | { kind: 'image'; file: string; caption: string; pixelated?: boolean }
  | { kind: 'text'; file: string; caption: string; content: string }
  | { kind: 'link'; file: string; caption: string }
  | { kind: 'note'; html: string };

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The index page of a lab's output folder: a title, an introduction and its figures and tables. */
export function labIndexHtml(title: string, intro: string, items: readonly HtmlItem[]): string {
  const body = items
    .map((it) => {
      if (it.kind === 'note') return `<section>${it.html}</section>`;
      const head = `<h2><a href="${esc(it.file)}">${esc(it.file)}</a></h2><p>${esc(it.caption)}</p>`;
      if (it.kind === 'image') {
        const style = it.pixelated === false ? '' : ' style="image-rendering: pixelated"';
        return `<section>${head}<img src="${esc(it.file)}" alt="${esc(it.file)}" width="512"${style}></section>`;
      }
      if (it.kind === 'text') return `<section>${head}<pre>${esc(it.content)}</pre></section>`;
      return `<section>${head}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; background: #111; color: #ddd; }
a { color: #8cf; } pre { background: #222; padding: 0.6rem; overflow-x: auto; }
img { border: 1px solid #444; background: #000; } section { margin-bottom: 2rem; }
.frames img { width: 256px; margin: 2px; }
</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p>${esc(intro)}</p>
${body}
</body>
</html>
`;
}
