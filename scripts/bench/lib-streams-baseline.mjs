// The baseline: a bare node:http SSE server shaped like Doppel's answer stream (issue 14 §7).
// It answers POST with the token events of SHAPE (a JSON file: the tokens of a real Doppel
// answer and the byte size of its final message event), each written on its own turn of the
// event loop as Doppel writes them (setImmediate between tokens), then a final message event of
// the same size: what streaming that answer costs with no framework, database or brain.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const shape = JSON.parse(readFileSync(process.env.SHAPE, 'utf8'));
const tokens = shape.tokens;
const turn = () => new Promise((resolve) => setImmediate(resolve));

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', async () => {
    JSON.parse(body || '{}');
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    let text = '';
    let seq = 0;
    for (const token of tokens) {
      if (res.destroyed) return;
      text += token;
      // Numbered as Doppel numbers its events (`id:`, for resuming a dropped stream).
      res.write(`id: ${++seq}\ndata: ${JSON.stringify({ type: 'token', token })}\n\n`);
      await turn();
    }
    const message = { id: 'baseline', text, sender: 'CLONE', hasSources: false, pad: '' };
    const bare = `data: ${JSON.stringify({ type: 'message', message })}\n\n`;
    message.pad = 'x'.repeat(Math.max(0, shape.finalBytes - Buffer.byteLength(bare)));
    res.end(`data: ${JSON.stringify({ type: 'message', message })}\n\n`);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ type: 'listening', port: server.address().port });
});
