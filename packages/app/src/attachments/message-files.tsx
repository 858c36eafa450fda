/** @module Files sent with a visitor's message: images shown, documents as named links. */
const IMAGE = /\.(png|jpe?g)$/i;

export function MessageFiles({ files }: { files: readonly { name: string; url: string }[] }) {
  if (files.length === 0) return null;
  return (
    <div className="message-files">
      {files.map((f) =>
        IMAGE.test(f.name) ? (
          <a key={f.url} href={f.url} target="_blank" rel="noreferrer" className="message-image-link">
            <img src={f.url} alt={f.name} className="message-image" loading="lazy" />
          </a>
        ) : (
          <a key={f.url} href={f.url} className="message-file" download={f.name}>
            <span aria-hidden="true">▤</span> {f.name}
          </a>
        ),
      )}
    </div>
  );
}
