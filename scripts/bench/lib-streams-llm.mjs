// A local OpenAI chat-completions double that dribbles: one word every TOKEN_MS, WORDS words,
// as chat.completion.chunk SSE events ending with [DONE]. Used to hold answer streams open.
import { createServer } from 'node:http';

const tokenMs = Number(process.env.TOKEN_MS ?? 500);
const words = Number(process.env.WORDS ?? 60);
let open = 0;

const server = createServer((req, res) => {
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'Not found' } }));
    return;
  }
  req.resume();
  req.on('end', () => {
    open++;
    const id = `chatcmpl-bench-${open}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta, finish = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk({ role: 'assistant', content: '' }));
    let i = 0;
    const timer = setInterval(() => {
      if (i < words) {
        res.write(chunk({ content: i === 0 ? 'Slowly ' : `word${i} ` }));
        i++;
        return;
      }
      clearInterval(timer);
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    }, tokenMs);
    res.on('close', () => {
      clearInterval(timer);
      open--;
    });
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ type: 'listening', port: server.address().port });
});
