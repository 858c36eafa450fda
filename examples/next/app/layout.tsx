import type { ReactNode } from 'react';

export const metadata = { title: 'Hale Bench School (Next.js example host site)' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body
        style={{
          font: '16px/1.5 system-ui, sans-serif',
          margin: '0 auto',
          maxWidth: '46rem',
          padding: '1rem',
        }}
      >
        {children}
      </body>
    </html>
  );
}
