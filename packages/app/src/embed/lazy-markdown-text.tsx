/**
 * @module Stands in for `markdown/markdown-text` in the embed build (vite.config.ts, mode embed):
 * the same `MarkdownText`, with the markdown renderer (marked + DOMPurify) loaded on first use so
 * the chat's first load does not carry it. Until it arrives the text shows as plain paragraphs.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { renderMarkdown as RenderMarkdown } from '../markdown/render-markdown';
import { useCitationClicks } from '../markdown/use-citation-clicks';

let renderer: typeof RenderMarkdown | null = null;
let loading: Promise<typeof RenderMarkdown> | null = null;

/** Loads the markdown renderer once; the embed also calls it when idle, before any answer needs it. */
export function loadMarkdown(): Promise<typeof RenderMarkdown> {
  loading ??= import('../markdown/render-markdown').then((module) => {
    renderer = module.renderMarkdown;
    return module.renderMarkdown;
  });
  return loading;
}

interface MarkdownTextProps {
  text: string;
  onCitation?: ((n: number) => void) | undefined;
  className?: string;
}

/** Clone text as sanitised markdown once the renderer is here; plain text until then. */
export const MarkdownText = memo(function MarkdownText({ text, onCitation, className }: MarkdownTextProps) {
  const [render, setRender] = useState<typeof RenderMarkdown | null>(() => renderer);
  useEffect(() => {
    if (render) return;
    let live = true;
    loadMarkdown().then(
      (loaded) => {
        if (live) setRender(() => loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [render]);

  const interactive = onCitation !== undefined;
  const html = useMemo(
    () => (render ? render(text, { citationsInteractive: interactive }) : null),
    [render, text, interactive],
  );
  const ref = useRef<HTMLDivElement>(null);
  useCitationClicks(ref, onCitation, html);

  const classes = className ? `markdown ${className}` : 'markdown';
  if (html === null) {
    return (
      <div ref={ref} className={classes}>
        {text.split(/\n{2,}/).map((paragraph, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order.
          <p key={i} style={{ whiteSpace: 'pre-wrap' }}>
            {paragraph}
          </p>
        ))}
      </div>
    );
  }
  return (
    <div
      ref={ref}
      className={classes}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by marked with HTML escaped, then sanitised by DOMPurify.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
