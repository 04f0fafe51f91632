import DOMPurify from 'dompurify';
import { sanitizeArticle } from './sanitize';

function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = sanitizeArticle(html);
  return root;
}

/** Every attribute of every element, to look for anything that can run code. */
function attributes(root: HTMLElement): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attr) => `${attr.name}=${attr.value}`));
}

describe('sanitizeArticle', () => {
  it('removes scripts together with their text', () => {
    const root = parse('<p>before</p><script>window.pwned = 1</script><p>after</p>');
    expect(root.querySelector('script')).toBeNull();
    expect(root.textContent).toBe('beforeafter');
  });

  it('removes event handlers wherever they are', () => {
    const root = parse(
      '<img src="x" onerror="alert(1)"><p onclick="alert(2)">text</p><details open ontoggle="alert(3)"><summary>s</summary></details>',
    );
    expect(attributes(root).filter((attr) => attr.startsWith('on'))).toEqual([]);
    expect(root.querySelector('p')).toHaveTextContent('text');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    '&#106;avascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/svg+xml;base64,PHN2Zy8+',
  ])('drops the link target %s but keeps the link text', (href) => {
    const root = parse(`<a href="${href}">click</a>`);
    expect(root.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(root).toHaveTextContent('click');
  });

  it('removes embedded documents, forms and inline SVG', () => {
    const root = parse(
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf">' +
        '<form action="https://evil.example"><label>PIN <input name="pin"></label><button formaction="https://evil.example">send</button></form>' +
        '<svg onload="alert(1)"><circle r="1"></circle></svg><math><mi>x</mi></math>',
    );
    for (const tag of ['iframe', 'object', 'embed', 'form', 'input', 'button', 'svg', 'math', 'circle']) {
      expect(root.querySelector(tag)).toBeNull();
    }
    expect(attributes(root).some((attr) => /evil|onload/.test(attr))).toBe(false);
  });

  it('removes styling that could restyle the app', () => {
    const root = parse('<style>body{display:none}</style><p style="position:fixed;inset:0" class="overlay">text</p>');
    expect(root.querySelector('style')).toBeNull();
    const p = root.querySelector('p')!;
    expect(p.hasAttribute('style')).toBe(false);
    expect(p.hasAttribute('class')).toBe(false);
  });

  it('keeps inline data images but no other data URLs', () => {
    const root = parse('<img src="data:image/png;base64,iVBORw0KGgo=" alt="chart"><video src="data:text/html,hi"></video>');
    expect(root.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(root.querySelector('video')?.hasAttribute('src')).toBe(false);
  });

  it('keeps the article: paragraphs, headings, lists, images (lazy) and links (elsewhere in a new tab, in the app in this one)', () => {
    const root = parse(
      '<h3>Rates</h3><p>New <strong>rates</strong> apply.</p><ul><li>one</li></ul>' +
        '<img src="https://cdn.example/a.png" alt="rates table" width="600">' +
        '<a href="https://bank.example/notice" target="_self" rel="opener">notice</a><a href="/pages/news/list">more</a>',
    );
    expect(root.querySelector('h3')).toHaveTextContent('Rates');
    expect(root.querySelector('strong')).toHaveTextContent('rates');
    expect(root.querySelector('li')).toHaveTextContent('one');
    const img = root.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://cdn.example/a.png');
    expect(img).toHaveAttribute('alt', 'rates table');
    expect(img).toHaveAttribute('loading', 'lazy');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://bank.example/notice', '#/pages/news/list']);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(links[1]).not.toHaveAttribute('target');
    expect(links[1]).not.toHaveAttribute('rel');
  });

  it('keeps an in-app link in the tab only when it really is one of the app’s routes', () => {
    const root = parse(
      '<a href="#/pages/loan/apply?amount=1000" target="_blank">apply</a>' +
        '<a href="#/pages/../../evil.example">odd</a><a href="//evil.example/pages/x">protocol-relative</a>',
    );
    const [apply, odd, relative] = [...root.querySelectorAll('a')];
    expect(apply).toHaveAttribute('href', '#/pages/loan/apply?amount=1000');
    expect(apply).not.toHaveAttribute('target');
    expect(odd).toHaveAttribute('target', '_blank');
    expect(relative).toHaveAttribute('target', '_blank');
  });

  it('keeps ids from shadowing the app', () => {
    const root = parse('<p id="root" name="x">text</p>');
    expect(root.querySelector('p')?.id).not.toBe('root');
  });

  it('leaves the library’s shared instance as it was', () => {
    sanitizeArticle('<a href="https://a.example">a</a>');
    const root = document.createElement('div');
    root.innerHTML = DOMPurify.sanitize('<a href="https://a.example">a</a><img src="https://a.example/i.png">');
    expect(root.querySelector('a')?.hasAttribute('target')).toBe(false);
    expect(root.querySelector('img')?.hasAttribute('loading')).toBe(false);
  });
});
