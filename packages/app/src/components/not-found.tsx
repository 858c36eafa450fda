import { Link } from 'wouter';
import { SiteHeader } from './site-header';

interface NotFoundProps {
  title?: string;
  description?: string;
}

/** A page that does not exist (unknown route, clone or conversation). */
export function NotFound({
  title = 'Page not found',
  description = 'The page you are looking for does not exist or is no longer available.',
}: NotFoundProps) {
  return (
    <div className="page">
      <SiteHeader />
      <main className="page-main" id="main">
        <div className="message-state">
          <p className="not-found-code" aria-hidden="true">
            404
          </p>
          <h1>{title}</h1>
          <p>{description}</p>
          <Link href="/explore" className="btn btn-primary">
            Explore clones
          </Link>
        </div>
      </main>
    </div>
  );
}

/** A load that failed for another reason than "not found". */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="message-state" role="alert">
      <h1>Something went wrong...</h1>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
