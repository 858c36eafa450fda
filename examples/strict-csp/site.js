// The host's own script ('self'): its button opens the bubble with a question, and every
// doppel:* event is written to the log.
document.getElementById('ask').addEventListener('click', () => {
  window.Doppel?.prefill('How do you sharpen a plane iron?', 'doppel-1');
  window.Doppel?.open('doppel-1');
});
const log = document.getElementById('log');
const names = [
  'ready',
  'open',
  'close',
  'message-sent',
  'message-received',
  'conversation-started',
  'text-exhausted',
  'voice-exhausted',
];
for (const name of names) {
  window.addEventListener(`doppel:${name}`, (event) => {
    const item = document.createElement('li');
    item.dataset.event = name;
    item.textContent = `${new Date().toLocaleTimeString()} ${name} ${JSON.stringify(event.detail)}`;
    log.append(item);
  });
}
