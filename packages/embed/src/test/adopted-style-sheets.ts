/**
 * Vitest setup: jsdom has no constructable stylesheets (`replaceSync`) and no
 * `document.adoptedStyleSheets`, which the loader styles the page with. This stands in for them,
 * parsing the text with jsdom's own CSS parser (through a `<style>` element that is removed at
 * once), so tests read the adopted rules as a browser would have them. Nothing in a server
 * environment (no DOM).
 */
if (typeof CSSStyleSheet !== 'undefined' && typeof document !== 'undefined') {
  const proto = CSSStyleSheet.prototype as CSSStyleSheet & { replaceSync?: (text: string) => void };
  if (!proto.replaceSync) {
    proto.replaceSync = function replaceSync(this: CSSStyleSheet, text: string) {
      while (this.cssRules.length) this.deleteRule(0);
      const style = document.createElement('style');
      style.textContent = text;
      document.head.append(style);
      const rules = Array.from(style.sheet?.cssRules ?? [], (rule) => rule.cssText);
      style.remove();
      for (const rule of rules) this.insertRule(rule, this.cssRules.length);
    };
  }
  if (!('adoptedStyleSheets' in Document.prototype)) {
    const adopted = new WeakMap<Document, CSSStyleSheet[]>();
    Object.defineProperty(Document.prototype, 'adoptedStyleSheets', {
      configurable: true,
      get(this: Document) {
        return adopted.get(this) ?? [];
      },
      set(this: Document, sheets: CSSStyleSheet[]) {
        adopted.set(this, [...sheets]);
      },
    });
  }
}
