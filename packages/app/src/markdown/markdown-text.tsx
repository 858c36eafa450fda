import { memo, useMemo, useRef } from 'react';
import { renderMarkdown } from './render-markdown';
import { useCitationClicks } from './use-citation-clicks';

interface MarkdownTextProps {
  text: string;
  /** Called with the marker number when a citation marker is clicked; markers are inert without it. */
  onCitation?: ((n: number) => void) | undefined;
  className?: string;
}

/** Clone text as sanitised markdown; citation markers are buttons when `onCitation` is given. */
export const MarkdownText = memo(function MarkdownText({ text, onCitation, className }: MarkdownTextProps) {
  const interactive = onCitation !== undefined;
  const html = useMemo(
    () => renderMarkdown(text, { citationsInteractive: interactive }),
    [text, interactive],
  );
  const ref = useRef<HTMLDivElement>(null);
  useCitationClicks(ref, onCitation, html);

  return (
    <div
      ref={ref}
      className={className ? `markdown ${className}` : 'markdown'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by marked with HTML escaped, then sanitised by DOMPurify.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
