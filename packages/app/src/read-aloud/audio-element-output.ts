/** @module The player's output in a browser: one hidden `<audio>` element on the page. */
import type { AudioOutput } from './read-aloud-player';

export function audioElementOutput(doc: Document = document): AudioOutput {
  const audio = doc.createElement('audio');
  audio.dataset.doppelReadAloud = '';
  audio.hidden = true;
  doc.body.append(audio);
  return {
    async play(url) {
      audio.src = url;
      await audio.play();
    },
    stop() {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    },
    onEnded(listener) {
      audio.addEventListener('ended', listener);
    },
  };
}
