import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

const render = (text: string, citationsInteractive = true) => {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(text, { citationsInteractive });
  return root;
};

describe('renderMarkdown', () => {
  it('renders markdown', () => {
    const root = render('**Bold** and _soft_\n\n- one\n- two\n\n`code`');
    expect(root.querySelector('strong')?.textContent).toBe('Bold');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('code')?.textContent).toBe('code');
  });

  it('neutralises scripts, event handlers and javascript: links', () => {
    const root = render(
      'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> [click](javascript:alert(3)) <a href="javascript:alert(4)">x</a>',
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on')).toBe(false);
    }
    for (const a of root.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    // The raw HTML is shown as text, not dropped silently.
    expect(root.textContent).toContain('<script>alert(1)</script>');
  });

  it('opens safe links in a new tab without an opener', () => {
    const a = render(
      'See [my site](https://ada.example.com) or [mail](mailto:ada@example.com)',
    ).querySelectorAll('a');
    expect(a[0]?.getAttribute('href')).toBe('https://ada.example.com');
    expect(a[0]?.getAttribute('target')).toBe('_blank');
    expect(a[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a[1]?.getAttribute('href')).toBe('mailto:ada@example.com');
  });

  it('turns citation markers into superscript buttons, but not inside code', () => {
    const root = render('Patience matters [1][2]. Not `[3]` and not [100].');
    const buttons = [...root.querySelectorAll('button[data-cite]')].map((b) => b.getAttribute('data-cite'));
    expect(buttons).toEqual(['1', '2']);
    expect(root.querySelector('code')?.textContent).toBe('[3]');
    expect(root.textContent).toContain('[100]');
  });

  it('renders inert markers while citations are not interactive', () => {
    const root = render('Claim [1].', false);
    expect(root.querySelector('button')).toBeNull();
    expect(root.querySelector('sup .cite-marker')?.textContent).toBe('1');
  });

  it('does not let clone text forge a citation button', () => {
    const root = render('<button data-cite="1" onclick="alert(1)">x</button>');
    expect(root.querySelector('button')).toBeNull();
  });

  it('ties each marker to the word before it and the stop after it, without a space', () => {
    const root = render('Start with the plan [1][2]. Then **cut** [3], and rest.');
    const ties = [...root.querySelectorAll('.cite-tie')];
    expect(ties.map((t) => t.textContent)).toEqual(['plan12.', '3,']);
    expect(root.textContent?.trim()).toBe('Start with the plan12. Then cut3, and rest.');
    // The word inside the tie is the one before the marker; no tie crosses an element's edge.
    expect(root.querySelector('strong')?.textContent).toBe('cut');
  });
});
