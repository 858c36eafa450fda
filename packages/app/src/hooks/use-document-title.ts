import { useEffect } from 'react';

/** Sets the tab title while the page is shown. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
