/** @module /terms-of-use and /privacy-policy, opened from the login disclaimer (spec/chat.md §2). */

import { SiteHeader } from '../components/site-header';
import { useDocumentTitle } from '../hooks/use-document-title';
import './legal.css';

const PAGES = {
  terms: {
    title: 'Terms of Use',
    sections: [
      [
        'Using Doppel',
        'Doppel lets you talk with AI clones of creators. By using the service you agree to use it lawfully and not to misuse, disrupt or attempt to gain unauthorised access to it.',
      ],
      [
        'AI answers',
        'A clone answers from the material its creator provided, using automated systems. Answers can be incomplete or wrong and are not the words of the creator. Do not rely on them for medical, legal, financial or other professional advice.',
      ],
      [
        'Your messages',
        'You are responsible for what you send. Do not share information you do not want stored. Creators of a clone may see conversations held with their clone to improve it.',
      ],
      [
        'Changes',
        'We may update these terms as the service evolves. Continuing to use Doppel after a change means you accept the updated terms.',
      ],
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    sections: [
      [
        'What we store',
        'We store your conversations, the messages you send and the answers you receive, together with an anonymous visitor identifier kept in a cookie. If you sign in, we also store your e-mail address and, where you provide it, your phone number.',
      ],
      [
        'Why we store it',
        'To show your conversations back to you, to enforce usage limits, to let the creator of a clone improve it, and to keep the service secure.',
      ],
      [
        'Sharing',
        'We do not sell your data. Conversations you share by link can be read by anyone holding the link until you stop sharing them.',
      ],
      [
        'Your choices',
        'You can archive conversations at any time and ask us to delete your account and its data.',
      ],
    ],
  },
} as const;

export default function LegalPage({ page }: { page: 'terms' | 'privacy' }) {
  const content = PAGES[page];
  useDocumentTitle(`${content.title} | Doppel`);
  return (
    <div className="page">
      <SiteHeader />
      <main className="page-main legal" id="main">
        <h1>{content.title}</h1>
        {content.sections.map(([heading, text]) => (
          <section key={heading}>
            <h2>{heading}</h2>
            <p>{text}</p>
          </section>
        ))}
      </main>
    </div>
  );
}
