/**
 * @module Clone text → safe HTML. Markdown is rendered by marked with raw HTML escaped, then
 * DOMPurify keeps only the markdown tag set; links keep only http(s)/mailto targets and open
 * in a new tab. Citation markers `[n]` (spec/chat.md §5, found by core's
 * `parseCitationMarkers`, never inside code) become superscript buttons.
 */
import { parseCitationMarkers } from '@doppel/core';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/** Invisible separator around a marker placeholder; marked passes it through as text. */
const MARK = '\u2063';
const PLACEHOLDER = new RegExp(`${MARK}cite(\\d{1,2})${MARK}`, 'g');

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sup',
  'button',
  'input',
];
const ALLOWED_ATTR = [
  'href',
  'title',
  'start',
  'align',
  'type',
  'checked',
  'disabled',
  'class',
  'data-cite',
  'aria-label',
];
const SAFE_URL = /^(?:https?:|mailto:)/i;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // No raw HTML from clone text: show it as text.
    html: ({ text }) => escapeHtml(text),
    // No remote images in answers (they would load third-party content): show the link instead.
    image: ({ href, text }) =>
      SAFE_URL.test(href)
        ? `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`
        : escapeHtml(text),
  },
});

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        const href = node.getAttribute('href');
        if (href && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      // Task-list checkboxes are the only inputs markdown makes; keep them inert.
      if (node.tagName === 'INPUT') {
        if (node.getAttribute('type') !== 'checkbox') node.remove();
        else node.setAttribute('disabled', '');
      }
      if (node.tagName === 'BUTTON' && !node.hasAttribute('data-cite')) node.replaceWith(...node.childNodes);
    });
  }
  return DOMPurify;
}

export interface RenderOptions {
  /** Markers become buttons (the final message has sources and the clone shows them). */
  citationsInteractive: boolean;
}

/**
 * A run of markers with the word before it and the punctuation after it: rendered as one
 * unbreakable piece, so a marker never wraps onto a line of its own (issue 9 §5). The word
 * stops at a tag, so the piece never crosses an element's edge.
 */
const TIED = new RegExp(
  `([^\\s<>${MARK}]*)((?:${MARK}cite\\d{1,2}${MARK})+)([.,;:!?\u2026)\\]"'\u201d\u2019]*)`,
  'g',
);

function markerHtml(n: string, interactive: boolean): string {
  return interactive
    ? `<sup class="cite"><button type="button" class="cite-marker" data-cite="${n}" aria-label="Source ${n}">${n}</button></sup>`
    : `<sup class="cite"><span class="cite-marker">${n}</span></sup>`;
}

/** Renders clone text as sanitised HTML with its citation markers. */
export function renderMarkdown(text: string, { citationsInteractive }: RenderOptions): string {
  let source = '';
  for (const segment of parseCitationMarkers(text)) {
    // "plan [1]." sits tight: the space before a marker goes.
    if (segment.kind === 'marker') source = `${source.replace(/[ \t]+$/, '')}${MARK}cite${segment.n}${MARK}`;
    else source += segment.text;
  }
  const html = marked.parse(source) as string;
  const withMarkers = html.replace(TIED, (_match, word: string, markers: string, after: string) => {
    const rendered = markers.replace(PLACEHOLDER, (_m, n: string) => markerHtml(n, citationsInteractive));
    return `<span class="cite-tie">${word}${rendered}${after}</span>`;
  });
  return purifier().sanitize(withMarkers, {
    ALLOWED_TAGS: [...ALLOWED_TAGS, 'span'],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    ADD_ATTR: ['target', 'rel'],
  });
}
