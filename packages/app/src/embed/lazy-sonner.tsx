/**
 * @module Stands in for `sonner` in the embed build (vite.config.ts, mode embed): the same `toast`
 * and `Toaster`, with sonner itself loaded with the first toast, so the chat's first load does not
 * carry it. `Toaster` renders nothing until then; a toast waits until sonner's Toaster is mounted
 * (it drops toasts published before it listens). `toast.loading` answers its id at once (sonner
 * is given that id), so code that updates a toast by id works unchanged.
 */
import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
// The real package, by file: `sonner` itself resolves to this module in the embed build.
import type * as Sonner from '../../node_modules/sonner/dist/index.mjs';

type RealToast = typeof Sonner.toast;
type Options = Parameters<RealToast>[1];
type Message = Parameters<RealToast>[0];
type Id = string | number;

let real: Promise<typeof Sonner> | null = null;
/** Loads sonner once (the Toaster and every toast share it). */
export function loadSonner(): Promise<typeof Sonner> {
  real ??= import('../../node_modules/sonner/dist/index.mjs');
  return real;
}

/** Whether a toast has been asked for: `Toaster` renders sonner's from then on. */
let wanted = false;
const wanting = new Set<() => void>();
let markMounted: () => void = () => undefined;
/** Resolves once sonner's Toaster is mounted and listening. */
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Sonner, once its Toaster listens (a turn later, so its effects have run). */
function ready(): Promise<typeof Sonner> {
  if (!wanted) {
    wanted = true;
    for (const wake of wanting) wake();
  }
  return Promise.all([loadSonner(), mounted]).then(
    ([sonner]) => new Promise((resolve) => setTimeout(() => resolve(sonner), 0)),
  );
}

let counter = 0;
const show =
  (kind: 'message' | 'success' | 'error' | 'warning' | 'info' | 'loading') =>
  (message: Message, options?: Options): Id => {
    const id = options?.id ?? `embed-toast-${++counter}`;
    void ready().then(({ toast }) => {
      const call = kind === 'message' ? toast : toast[kind];
      call(message, { ...options, id });
    });
    return id;
  };

/** sonner's `toast`, loading sonner on first use. */
export const toast = Object.assign(show('message'), {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  loading: show('loading'),
  message: show('message'),
  dismiss(id?: Id): Id | undefined {
    // Nothing to dismiss before the first toast.
    if (wanted) void ready().then((sonner) => sonner.toast.dismiss(id));
    return id;
  },
});

const RealToaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

/** Rendered after sonner's Toaster: its effect runs once that one's have (it listens then). */
function Mounted() {
  useEffect(() => markMounted(), []);
  return null;
}

/** sonner's `Toaster`, rendered from the first toast on. */
export function Toaster(props: ComponentProps<typeof Sonner.Toaster>) {
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    const wake = (): void => setShown(true);
    if (wanted) wake();
    wanting.add(wake);
    return () => {
      wanting.delete(wake);
    };
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <RealToaster {...props} />
      <Mounted />
    </Suspense>
  );
}
