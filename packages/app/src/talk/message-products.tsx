/**
 * @module The products an answer carries (spec/chat.md §3 messageAffiliates; issue 10 §9), under the
 * answer: each opens in a new tab through the server's redirect, which goes only to a link this
 * message carries (GET /api/affiliate/product/:messageId?to=).
 */
import { ExternalIcon } from '../components/icons';

interface MessageProductsProps {
  messageId: string;
  products: readonly { url: string; title: string; imageUrl: string | null }[];
}

/** The base64 of `url` (UTF-8), as the redirect's `to` parameter takes it. */
export function base64Url(url: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(url)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The redirect that opens `url` from message `messageId`. */
export function productHref(messageId: string, url: string): string {
  return `/api/affiliate/product/${encodeURIComponent(messageId)}?to=${encodeURIComponent(base64Url(url))}`;
}

export function MessageProducts({ messageId, products }: MessageProductsProps) {
  if (products.length === 0) return null;
  return (
    <section className="message-products" aria-label="Products mentioned">
      <ul>
        {products.map((product) => (
          <li key={product.url}>
            <a
              className="message-product"
              href={productHref(messageId, product.url)}
              target="_blank"
              rel="noopener noreferrer sponsored"
            >
              {product.imageUrl && (
                <img src={product.imageUrl} alt="" width={32} height={32} loading="lazy" />
              )}
              <span className="message-product-title">{product.title}</span>
              <ExternalIcon className="message-product-icon" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
