/** @module The language of a Tavus conversation (`properties.language`: a full English name, lower case). */

let codesToNames: Intl.DisplayNames | null = null;

/** `English`, `en`, `pt-BR` → `english`, `english`, `portuguese`; anything unknown lets Tavus detect it. */
export function tavusLanguage(language: string): string {
  const value = language.trim();
  if (/^[a-z]{2,3}(-[A-Za-z0-9]+)?$/i.test(value)) {
    codesToNames ??= new Intl.DisplayNames(['en'], { type: 'language' });
    const code = value.slice(0, value.indexOf('-') === -1 ? undefined : value.indexOf('-')).toLowerCase();
    const name = codesToNames.of(code);
    if (name && name.toLowerCase() !== code) return name.toLowerCase();
    return 'multilingual';
  }
  return /^[a-z ]+$/i.test(value) ? value.toLowerCase() : 'multilingual';
}
