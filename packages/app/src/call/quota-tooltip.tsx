/**
 * @module The tooltip of a call button disabled because the quota is spent (spec/calls.md §5:
 * 'You have exhausted your monthly call quota with this Clone.'). A disabled button gets no
 * pointer or focus events, so the tooltip hangs on a focusable wrapper: it shows on hover, on
 * keyboard focus and on a tap, and screen readers hear it as the wrapper's description.
 */
import { type ReactNode, useId } from 'react';

export function QuotaTooltip({ text, children }: { text: string | null; children: ReactNode }) {
  const id = useId();
  if (text === null) return <>{children}</>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the disabled button inside cannot take focus; its reason must be reachable.
    <span className="quota-tooltip" tabIndex={0} aria-describedby={id}>
      {children}
      <span role="tooltip" id={id} className="quota-tooltip-text">
        {text}
      </span>
      {/* Touch screens have no hover: the reason shows as a line under the button there. */}
      <span className="quota-tooltip-note" aria-hidden="true">
        {text}
      </span>
    </span>
  );
}
