/** The longest base name kept (before the extension); the spec is silent, storage keys are not. */
export const FILE_BASE_NAME_MAX = 100;
/** The base name used when nothing of the original survives. */
export const FALLBACK_FILE_BASE_NAME = 'file';

const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * A storage-safe file name: the base name as lowercase letters, digits and single hyphens
 * (accents dropped, every other run of characters one hyphen, no leading or trailing hyphen,
 * at most 100 characters), then the extension lowercased and reduced to letters and digits.
 * 'My Photo (1).JPG' → 'my-photo-1.jpg'; 'résumé.pdf' → 'resume.pdf'; 'archive.tar.gz' →
 * 'archive-tar.gz'; '.env' → 'env'. Any directory part ('C:\\fakepath\\') is dropped.
 * Why: spec/chat.md §5 — file names are sanitised to lowercase letters, digits and hyphens
 * plus the extension.
 */
export function sanitiseFileName(name: string): string {
  const leaf = name.split(/[\\/]/).pop() ?? '';
  const dot = leaf.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < leaf.length - 1;
  const extension = hasExtension
    ? leaf
        .slice(dot + 1)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
    : '';
  const base =
    slug(hasExtension ? leaf.slice(0, dot) : leaf)
      .slice(0, FILE_BASE_NAME_MAX)
      .replace(/-+$/, '') || FALLBACK_FILE_BASE_NAME;
  return extension === '' ? base : `${base}.${extension}`;
}
