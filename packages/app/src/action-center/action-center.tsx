/**
 * @module The Action Center (spec/chat.md §2, §6; issue 10 §7): the talk page's actions panel and
 * the surfaces it opens — Share Conversation (public clones, where sharing is connected), View
 * Socials (when the clone has any), Log in or sign up (a visitor, e-mail required), Give feedback
 * (always, anonymous visitors too), Get a Text (spec/calls.md §2, §5: a text channel is offered and
 * e-mail is required; sign-in first) and Add to Home Screen. The `actions` query opens it or one of
 * its surfaces directly. Hidden in read-only mode.
 */
import { type ActionsQueryValue, type CloneProfile, LOGIN_REQUIRED } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { FeedbackIcon, LinkIcon, Svg, UserIcon } from '../components/icons';
import { hasSocials } from '../components/socials-button';
import { useServices } from '../services';
import './action-center.css';

const SocialsDialog = lazy(() => import('../components/socials-dialog'));
const FeedbackDialog = lazy(() => import('../feedback/feedback-dialog'));
const AddToHomeScreenDialog = lazy(() => import('../home-screen/add-to-home-screen-dialog'));
const GetATextDialog = lazy(() => import('./get-a-text-dialog'));

/**
 * Actions other parts of issue 10 connect here when they exist: sharing (§1) and saved messages
 * (§2). Absent, their entries are not shown and their `actions` values open the panel instead.
 */
export interface ActionCenterHooks {
  /** Opens the share panel for the current conversation. */
  share?: (() => void) | undefined;
  /** Shows the visitor's saved messages. */
  bookmark?: (() => void) | undefined;
}

type Surface = 'menu' | 'socials' | 'feedback' | 'homeScreen' | 'text';

interface ActionCenterProps {
  clone: Pick<CloneProfile, 'name' | 'slug' | 'public' | 'socials' | 'options' | 'features'>;
  hooks?: ActionCenterHooks;
  /** A surface the `actions` query asked for (each new object opens it once). */
  request?: { target: ActionsQueryValue } | null;
}

/** Which `actions` values this clone and deployment can open (for core's actionsQueryTarget). */
export function actionAvailable(
  value: ActionsQueryValue,
  clone: ActionCenterProps['clone'],
  hooks: ActionCenterHooks = {},
): boolean {
  switch (value) {
    case 'menu':
    case 'feedback':
    case 'authenticate':
    case 'history':
      return true;
    case 'socials':
      return hasSocials(clone.socials);
    case 'share':
      return clone.public && hooks.share !== undefined;
    case 'bookmark':
      return hooks.bookmark !== undefined;
    case 'text':
      return offersTexts(clone);
  }
}

/** spec/calls.md §5: 'Get a Text' shows only when SMS, WhatsApp or Telegram is on and e-mail is required. */
function offersTexts(clone: ActionCenterProps['clone']): boolean {
  const { sms, whatsapp, telegram } = clone.features;
  return (sms || whatsapp || telegram) && clone.options.requireEmail;
}

const TextIcon = () => (
  <Svg>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z" />
    <path d="M8 8.5h8M8 11.5h5" />
  </Svg>
);

const ActionsIcon = () => (
  <Svg>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </Svg>
);

const HomeIcon = () => (
  <Svg>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M12 8.5v6M9 11.5h6" />
  </Svg>
);

const ShareIcon = () => (
  <Svg>
    <path d="M12 3v12M7.5 7.5 12 3l4.5 4.5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
  </Svg>
);

export function ActionCenter({ clone, hooks = {}, request = null }: ActionCenterProps) {
  useSignals();
  const { session, login } = useServices();
  const [surface, setSurface] = useState<Surface | null>(null);
  const [loaded, setLoaded] = useState<ReadonlySet<Surface>>(new Set());
  const show = useCallback((next: Surface): void => {
    setLoaded((current) => new Set(current).add(next));
    setSurface(next);
  }, []);
  const closeTo = (next: boolean) => {
    if (!next) setSurface(null);
  };

  const user = session.user.value;
  // spec/calls.md §5: 'Get a Text' needs a signed-in user; after signing in the panel opens.
  const textAfterLogin = useRef(false);
  const getAText = useCallback((): void => {
    if (session.user.peek()) {
      show('text');
      return;
    }
    textAfterLogin.current = true;
    login.open(LOGIN_REQUIRED);
  }, [session, login, show]);
  // A sign-in asked for something else (the header's, the paywall's) is not Get a Text's.
  const loginRequest = login.request.value;
  useEffect(() => {
    if (loginRequest.open && loginRequest.reason !== LOGIN_REQUIRED) textAfterLogin.current = false;
  }, [loginRequest]);
  useEffect(() => {
    if (user && textAfterLogin.current) {
      textAfterLogin.current = false;
      show('text');
    }
  }, [user, show]);

  useEffect(() => {
    if (!request) return;
    const { target } = request;
    if (target === 'text') getAText();
    else if (target === 'authenticate') login.open();
    else if (target === 'share') hooks.share?.();
    else if (target === 'bookmark') hooks.bookmark?.();
    else if (target === 'socials') show('socials');
    else if (target === 'feedback') show('feedback');
    else if (target === 'menu') show('menu');
    // 'history' is the history drawer's (the talk page opens it).
  }, [request, hooks, login, show, getAText]);

  const entries: { key: string; icon: ReactNode; label: string; onSelect: () => void }[] = [];
  if (actionAvailable('share', clone, hooks)) {
    entries.push({
      key: 'share',
      icon: <ShareIcon />,
      label: 'Share Conversation',
      onSelect: () => hooks.share?.(),
    });
  }
  if (hasSocials(clone.socials)) {
    entries.push({
      key: 'socials',
      icon: <LinkIcon />,
      label: 'View Socials',
      onSelect: () => show('socials'),
    });
  }
  if (!user && clone.options.requireEmail) {
    entries.push({
      key: 'login',
      icon: <UserIcon />,
      label: 'Log in or sign up',
      onSelect: () => login.open(),
    });
  }
  entries.push({
    key: 'feedback',
    icon: <FeedbackIcon />,
    label: 'Give feedback',
    onSelect: () => show('feedback'),
  });
  if (offersTexts(clone)) {
    entries.push({ key: 'text', icon: <TextIcon />, label: 'Get a Text', onSelect: getAText });
  }
  entries.push({
    key: 'home',
    icon: <HomeIcon />,
    label: 'Add to Home Screen',
    onSelect: () => show('homeScreen'),
  });

  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label="Actions"
        title="Actions"
        aria-haspopup="dialog"
        onClick={() => show('menu')}
      >
        <ActionsIcon />
      </button>
      <DialogShell open={surface === 'menu'} onOpenChange={closeTo} className="dialog-content action-center">
        <div className="dialog-head">
          <DialogTitle className="dialog-title">Actions</DialogTitle>
          <DialogCloseButton />
        </div>
        <DialogDescription className="visually-hidden">What you can do with {clone.name}.</DialogDescription>
        <ul className="action-center-list">
          {entries.map((entry) => (
            <li key={entry.key}>
              <button
                type="button"
                className="action-center-item"
                onClick={() => {
                  setSurface(null);
                  entry.onSelect();
                }}
              >
                {entry.icon}
                <span>{entry.label}</span>
              </button>
            </li>
          ))}
        </ul>
      </DialogShell>
      <Suspense fallback={null}>
        {loaded.has('socials') && (
          <SocialsDialog
            open={surface === 'socials'}
            onOpenChange={closeTo}
            cloneName={clone.name}
            socials={clone.socials}
          />
        )}
        {loaded.has('feedback') && <FeedbackDialog open={surface === 'feedback'} onOpenChange={closeTo} />}
        {loaded.has('text') && (
          <GetATextDialog open={surface === 'text'} onOpenChange={closeTo} clone={clone} />
        )}
        {loaded.has('homeScreen') && (
          <AddToHomeScreenDialog open={surface === 'homeScreen'} onOpenChange={closeTo} />
        )}
      </Suspense>
    </>
  );
}
