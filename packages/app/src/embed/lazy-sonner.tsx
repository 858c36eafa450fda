/**
 * @module Stands in for `sonner` in the embed build (vite.config.ts, mode embed): the same `toast`
 * and `Toaster`, with sonner itself loaded on first use, so the chat's first load does not carry
 * it. `toast.loading` answers its id at once (sonner is given that id), so code that updates a
 * toast by id works unchanged.
 */
import { type ComponentProps, lazy, Suspense } from 'react';
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

let counter = 0;
const show =
  (kind: 'message' | 'success' | 'error' | 'warning' | 'info' | 'loading') =>
  (message: Message, options?: Options): Id => {
    const id = options?.id ?? `embed-toast-${++counter}`;
    void loadSonner().then(({ toast }) => {
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
    void loadSonner().then((sonner) => sonner.toast.dismiss(id));
    return id;
  },
});

const RealToaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

/** sonner's `Toaster`, rendered once sonner has loaded. */
export function Toaster(props: ComponentProps<typeof Sonner.Toaster>) {
  return (
    <Suspense fallback={null}>
      <RealToaster {...props} />
    </Suspense>
  );
}
