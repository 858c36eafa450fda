import { toast } from 'sonner';
import type { Notifier } from './notifier';

/** The controller's words as sonner toasts (in the embed, sonner loads on first use). */
export const toastNotifier: Notifier = {
  info: (title) => toast(title),
  warning: (title) => toast.warning(title),
  error: (title, description) =>
    description === undefined ? toast.error(title) : toast.error(title, { description }),
};
