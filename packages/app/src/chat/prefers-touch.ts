/** Touch devices get no prompt autofocus: it would open the on-screen keyboard over the conversation. */
export function prefersTouch(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;
}
